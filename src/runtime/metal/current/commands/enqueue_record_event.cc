// EnqueueRecordEventCommand: a marker on this queue; recording an id again
// replaces the event.
#include "../command_handlers.h"

namespace tessera::runtime::metal_backend::current {

Status execute_enqueue_record_event(const cm::EnqueueRecordEventCommand& command,
                                    QueueContext& queue) {
  if (!command.ref()) return make_error(ErrorCode::kInvalidArgument, "has no event ref");
  auto event = metal::Event::create();
  TESSERA_RETURN_IF_ERROR(queue.hw_queue.enqueue_record_event(event, queue.note));
  queue.state.record_event(command.ref()->global_id(), std::move(event));
  return ok_status();
}

}  // namespace tessera::runtime::metal_backend::current
