// CreateGlobalSemaphoreCommand: one L1 word on every core of the range, at
// the compiler's address (tt-metal's GlobalSemaphore: an L1 buffer sharded
// one page per core), each set to the initial value. Kernels get its
// address through KernelArgGlobalSemaphore.
#include "../command_handlers.h"
#include "../global_semaphore_words.h"

namespace tessera::runtime::metal_backend::current {

Status execute_create_global_semaphore(const cm::CreateGlobalSemaphoreCommand& command,
                                       QueueContext& queue) {
  if (!command.ref()) return make_error(ErrorCode::kInvalidArgument, "has no semaphore ref");
  const uint32_t id = command.ref()->global_id();
  TESSERA_ASSIGN_OR_RETURN(metal::BufferConfig config,
                           global_semaphore_config(command.core_range_set()));
  auto buffer = metal::create_buffer_at(queue.state.device(), config, command.ref()->address());
  if (!buffer.ok()) {
    return std::move(buffer).error().add_context("global semaphore " + std::to_string(id));
  }
  GlobalSemaphore semaphore{std::move(buffer).value(), command.ref()->address()};
  Status written = write_global_semaphore(semaphore, command.initial_value().value_or(0), queue);
  if (!written.ok()) {
    (void)metal::deallocate_buffer(semaphore.buffer);
    return written;
  }
  Status added = queue.state.add_global_semaphore(id, semaphore);
  if (!added.ok()) (void)metal::deallocate_buffer(semaphore.buffer);
  return added;
}

}  // namespace tessera::runtime::metal_backend::current
