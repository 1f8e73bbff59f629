// EnqueueWaitForEventCommand: later commands of this queue wait for an event
// that another queue records.
#include "../command_handlers.h"

namespace tessera::runtime::metal_backend {

Status execute_enqueue_wait_for_event(const tm::EnqueueWaitForEventCommand& command,
                                      QueueContext& queue) {
  if (!command.ref()) return make_error(ErrorCode::kInvalidArgument, "has no event ref");
  uint32_t id = command.ref()->global_id();
  // Another queue's host thread may not have created or recorded it yet.
  TESSERA_RETURN_IF_ERROR(queue.submit.wait_until_recorded(id));
  TESSERA_ASSIGN_OR_RETURN(auto event, queue.submit.event(id));
  return queue.hw_queue.enqueue_wait_for_event(event, queue.note);
}

}  // namespace tessera::runtime::metal_backend
