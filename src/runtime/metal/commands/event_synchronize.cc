// EventSynchronizeCommand: the host blocks until the event completes.
#include "../command_handlers.h"

namespace tessera::runtime::metal_backend {

Status execute_event_synchronize(const tm::EventSynchronizeCommand& command, QueueContext& queue) {
  if (!command.ref()) return make_error(ErrorCode::kInvalidArgument, "has no event ref");
  uint32_t id = command.ref()->global_id();
  // Another queue's host thread may not have created or recorded it yet.
  TESSERA_RETURN_IF_ERROR(queue.submit.wait_until_recorded(id));
  TESSERA_ASSIGN_OR_RETURN(auto event, queue.submit.event(id));
  return metal::event_synchronize(event);
}

}  // namespace tessera::runtime::metal_backend
