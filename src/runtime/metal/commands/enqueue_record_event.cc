// EnqueueRecordEventCommand: the event completes when this queue gets here.
#include "../command_handlers.h"

namespace tessera::runtime::metal_backend {

Status execute_enqueue_record_event(const tm::EnqueueRecordEventCommand& command,
                                    QueueContext& queue) {
  if (!command.ref()) return make_error(ErrorCode::kInvalidArgument, "has no event ref");
  uint32_t id = command.ref()->global_id();
  TESSERA_ASSIGN_OR_RETURN(auto event, queue.submit.event(id));
  TESSERA_RETURN_IF_ERROR(queue.hw_queue.enqueue_record_event(event, queue.note));
  queue.submit.mark_recorded(id);
  return ok_status();
}

}  // namespace tessera::runtime::metal_backend
