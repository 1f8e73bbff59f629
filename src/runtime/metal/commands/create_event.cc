// CreateEventCommand: a new event of this submit.
#include "../command_handlers.h"

namespace tessera::runtime::metal_backend {

Status execute_create_event(const tm::CreateEventCommand& command, QueueContext& queue) {
  if (!command.ref()) return make_error(ErrorCode::kInvalidArgument, "has no event ref");
  return queue.submit.create_event(command.ref()->global_id());
}

}  // namespace tessera::runtime::metal_backend
