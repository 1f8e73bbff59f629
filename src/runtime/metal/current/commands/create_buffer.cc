// CreateBufferCommand: a device buffer at the BufferRef's compiler-assigned
// address, through the allocator's checks. Creating a live id again is a
// no-op when it asks for the same buffer and an error otherwise.
#include "../../buffer_config.h"
#include "../buffer_from_ref.h"
#include "../command_handlers.h"

namespace tessera::runtime::metal_backend::current {

Status execute_create_buffer(const cm::CreateBufferCommand& command, QueueContext& queue) {
  if (!command.ref()) return make_error(ErrorCode::kInvalidArgument, "has no buffer ref");
  const cm::BufferRef& ref = *command.ref();
  TESSERA_ASSIGN_OR_RETURN(metal::BufferConfig config, buffer_config(ref));
  if (auto live = queue.state.device_buffer(ref.global_id()); live.ok()) {
    if ((*live)->address == ref.address() && (*live)->config.size == config.size &&
        (*live)->config.page_size == config.page_size &&
        (*live)->config.memory_type == config.memory_type &&
        (*live)->config.layout == config.layout) {
      return ok_status();
    }
    return make_error(ErrorCode::kAlreadyExists, "buffer ", ref.global_id(), " is already live as ",
                      describe_request((*live)->config, (*live)->address),
                      "; this command asks for ", describe_request(config, ref.address()));
  }
  auto buffer = metal::create_buffer_at(queue.state.device(), config, ref.address());
  if (!buffer.ok()) {
    return std::move(buffer).error().add_context("buffer " + std::to_string(ref.global_id()) +
                                                 " (" + describe_request(config, ref.address()) +
                                                 ")");
  }
  queue.state.add_device_buffer(ref.global_id(),
                                {std::move(buffer).value(), std::move(config), ref.address()});
  return ok_status();
}

}  // namespace tessera::runtime::metal_backend::current
