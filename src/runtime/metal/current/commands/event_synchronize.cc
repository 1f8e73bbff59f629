// EventSynchronizeCommand: the host waits until the event completes; a
// failure of its queue surfaces here.
#include "../command_handlers.h"

namespace tessera::runtime::metal_backend::current {

Status execute_event_synchronize(const cm::EventSynchronizeCommand& command, QueueContext& queue) {
  if (!command.ref()) return make_error(ErrorCode::kInvalidArgument, "has no event ref");
  TESSERA_ASSIGN_OR_RETURN(auto event, queue.state.event(command.ref()->global_id()));
  return metal::event_synchronize(event);
}

}  // namespace tessera::runtime::metal_backend::current
