// EnqueueWaitForEventCommand: later commands of this queue wait for an
// event already recorded (queues run in order, so a wait for an event no
// earlier command recorded could never end: an error).
#include "../command_handlers.h"

namespace tessera::runtime::metal_backend::current {

Status execute_enqueue_wait_for_event(const cm::EnqueueWaitForEventCommand& command,
                                      QueueContext& queue) {
  if (!command.ref()) return make_error(ErrorCode::kInvalidArgument, "has no event ref");
  TESSERA_ASSIGN_OR_RETURN(auto event, queue.state.event(command.ref()->global_id()));
  return queue.hw_queue.enqueue_wait_for_event(event, queue.note);
}

}  // namespace tessera::runtime::metal_backend::current
