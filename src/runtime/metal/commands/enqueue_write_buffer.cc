// EnqueueWriteBufferCommand: host bytes (a program input, or the source's
// constant data) into a device buffer, in the buffer's host page order.
#include "../command_handlers.h"

namespace tessera::runtime::metal_backend {
namespace {

// The bytes to write: constant data in the binary, else the host tensor.
Result<std::span<const uint8_t>> source_bytes(const tt::target::TensorRef& src,
                                              SubmitContext& submit) {
  if (src.desc() && src.desc()->constant_data() && src.desc()->constant_data()->size() > 0) {
    const auto* data = src.desc()->constant_data();
    return std::span<const uint8_t>(data->data(), data->size());
  }
  TESSERA_ASSIGN_OR_RETURN(Tensor tensor, submit.host_tensor(src.global_id()));
  return tensor.bytes();
}

}  // namespace

Status execute_enqueue_write_buffer(const tm::EnqueueWriteBufferCommand& command,
                                    QueueContext& queue) {
  if (!command.src() || !command.dst()) {
    return make_error(ErrorCode::kInvalidArgument, "needs both src and dst tensor refs");
  }
  TESSERA_ASSIGN_OR_RETURN(std::span<const uint8_t> bytes,
                           source_bytes(*command.src(), queue.submit));
  TESSERA_ASSIGN_OR_RETURN(auto live, queue.submit.buffer(command.dst()->global_id()));
  if (bytes.size() != live->buffer.size()) {
    return make_error(ErrorCode::kInvalidArgument, "source ", command.src()->global_id(), " has ",
                      bytes.size(), " bytes but buffer ", command.dst()->global_id(), " holds ",
                      live->buffer.size());
  }
  // Inputs and constant data outlive the submit's queues: no copy needed.
  return queue.hw_queue.enqueue_write_buffer(live->buffer, bytes, /*blocking=*/false, queue.note);
}

}  // namespace tessera::runtime::metal_backend
