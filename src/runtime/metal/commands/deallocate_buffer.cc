// DeallocateBufferCommand: frees the buffer and forgets its id. The queue is
// drained first, so commands already enqueued never touch freed memory.
#include "../command_handlers.h"

namespace tessera::runtime::metal_backend {

Status execute_deallocate_buffer(const tm::DeallocateBufferCommand& command, QueueContext& queue) {
  if (!command.ref()) return make_error(ErrorCode::kInvalidArgument, "has no tensor ref");
  uint32_t id = command.ref()->global_id();
  TESSERA_ASSIGN_OR_RETURN(auto live, queue.submit.buffer(id));
  TESSERA_RETURN_IF_ERROR(queue.hw_queue.finish());
  queue.submit.remove_buffer(id);
  return metal::deallocate_buffer(live->buffer);
}

}  // namespace tessera::runtime::metal_backend
