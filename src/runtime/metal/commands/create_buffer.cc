// CreateBufferCommand: a buffer at the compiler-assigned address of its
// TensorRef, through the allocator's checks. Creating a live id again is a
// no-op when it asks for the same buffer and an error otherwise.
#include "../buffer_config.h"
#include "../command_handlers.h"

namespace tessera::runtime::metal_backend {

Status execute_create_buffer(const tm::CreateBufferCommand& command, QueueContext& queue) {
  if (!command.ref()) return make_error(ErrorCode::kInvalidArgument, "has no tensor ref");
  const tt::target::TensorRef& ref = *command.ref();
  TESSERA_ASSIGN_OR_RETURN(metal::BufferConfig config, buffer_config(ref));
  if (auto found = queue.submit.buffer(ref.global_id()); found.ok()) {
    const LiveBuffer& live = **found;
    if (same_request(live.config, config) && live.address == ref.address()) return ok_status();
    return make_error(ErrorCode::kAlreadyExists, "buffer ", ref.global_id(), " is already live as ",
                      describe_request(live.config, live.address), "; this command asks for ",
                      describe_request(config, ref.address()));
  }
  auto buffer = metal::create_buffer_at(queue.submit.device(), config, ref.address());
  if (!buffer.ok()) {
    return std::move(buffer).error().add_context("buffer " + std::to_string(ref.global_id()) +
                                                 " (" + describe_request(config, ref.address()) +
                                                 ")");
  }
  queue.submit.add_buffer(ref.global_id(), {std::move(buffer).value(), config, ref.address()});
  return ok_status();
}

}  // namespace tessera::runtime::metal_backend
