// HostAllocCommand: a host buffer of the BufferRef's shape and type, zero
// or holding the command's data (a constant the compiler folded).
#include "../command_handlers.h"
#include "../host_buffer_info.h"

namespace tessera::runtime::metal_backend::current {

Status execute_host_alloc(const cm::HostAllocCommand& command, QueueContext& queue) {
  if (!command.dst()) return make_error(ErrorCode::kInvalidArgument, "has no dst buffer");
  const cm::BufferRef& dst = *command.dst();
  if (dst.address() != 0) {
    return make_error(ErrorCode::kInvalidArgument, "host buffer ", dst.global_id(),
                      " has a device address (", dst.address(), "); host buffers have 0");
  }
  TESSERA_ASSIGN_OR_RETURN(TensorInfo info, host_buffer_info(dst));
  if (command.data() && command.data()->size() != info.size_bytes) {
    return make_error(ErrorCode::kInvalidArgument, "data holds ", command.data()->size(),
                      " bytes but host buffer ", dst.global_id(), " is ", info.size_bytes);
  }
  Result<Tensor> tensor =
      command.data() ? Tensor::create_from_bytes(std::move(info),
                                                 {command.data()->data(), command.data()->size()},
                                                 Runtime::kTtmetal)
                     : Tensor::create_owned(std::move(info), Runtime::kTtmetal);
  if (!tensor.ok()) return tensor.status();
  return queue.state.add_host_buffer(dst.global_id(), std::move(tensor).value());
}

}  // namespace tessera::runtime::metal_backend::current
