// DeallocateBufferCommand: frees a live device buffer; its id leaves the
// map whatever the allocator says.
#include "../command_handlers.h"

namespace tessera::runtime::metal_backend::current {

Status execute_deallocate_buffer(const cm::DeallocateBufferCommand& command, QueueContext& queue) {
  if (!command.ref()) return make_error(ErrorCode::kInvalidArgument, "has no buffer ref");
  // Queued work may still read the buffer: let it finish first.
  TESSERA_RETURN_IF_ERROR(queue.hw_queue.finish());
  return queue.state.free_device_buffer(command.ref()->global_id());
}

}  // namespace tessera::runtime::metal_backend::current
