// EnqueueWriteBufferCommand: a host buffer's bytes into a device buffer, in
// the device buffer's host page order.
#include "../command_handlers.h"

namespace tessera::runtime::metal_backend::current {

Status execute_enqueue_write_buffer(const cm::EnqueueWriteBufferCommand& command,
                                    QueueContext& queue) {
  if (!command.src() || !command.dst()) {
    return make_error(ErrorCode::kInvalidArgument, "needs both src and dst buffers");
  }
  TESSERA_ASSIGN_OR_RETURN(Tensor * host, queue.state.host_buffer(command.src()->global_id()));
  TESSERA_ASSIGN_OR_RETURN(const DeviceBuffer* device,
                           queue.state.device_buffer(command.dst()->global_id()));
  if (host->bytes().size() != device->buffer.size()) {
    return make_error(ErrorCode::kInvalidArgument, "host buffer ", command.src()->global_id(),
                      " has ", host->bytes().size(), " bytes but device buffer ",
                      command.dst()->global_id(), " holds ", device->buffer.size());
  }
  // Blocking: the host buffer may be written by a later command.
  return queue.hw_queue.enqueue_write_buffer(device->buffer, host->bytes(), /*blocking=*/true,
                                             queue.note);
}

}  // namespace tessera::runtime::metal_backend::current
