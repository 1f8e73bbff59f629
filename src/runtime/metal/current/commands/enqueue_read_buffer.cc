// EnqueueReadBufferCommand: a device buffer's bytes into a host buffer
// (made by HostAllocCommand), in the device buffer's host page order.
#include "../command_handlers.h"

namespace tessera::runtime::metal_backend::current {

Status execute_enqueue_read_buffer(const cm::EnqueueReadBufferCommand& command,
                                   QueueContext& queue) {
  if (!command.src() || !command.dst()) {
    return make_error(ErrorCode::kInvalidArgument, "needs both src and dst buffers");
  }
  TESSERA_ASSIGN_OR_RETURN(const DeviceBuffer* device,
                           queue.state.device_buffer(command.src()->global_id()));
  TESSERA_ASSIGN_OR_RETURN(Tensor * host, queue.state.host_buffer(command.dst()->global_id()));
  if (host->bytes().size() != device->buffer.size()) {
    return make_error(ErrorCode::kInvalidArgument, "device buffer ", command.src()->global_id(),
                      " holds ", device->buffer.size(), " bytes but host buffer ",
                      command.dst()->global_id(), " has ", host->bytes().size());
  }
  return queue.hw_queue.enqueue_read_buffer(device->buffer, host->mutable_bytes(),
                                            /*blocking=*/true, queue.note);
}

}  // namespace tessera::runtime::metal_backend::current
