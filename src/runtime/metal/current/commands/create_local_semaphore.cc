// CreateLocalSemaphoreCommand: registers an initial value. Each kernel
// argument naming the semaphore makes a program semaphore with it on that
// kernel's cores, as the compiler's runtime does.
#include "../command_handlers.h"

namespace tessera::runtime::metal_backend::current {

Status execute_create_local_semaphore(const cm::CreateLocalSemaphoreCommand& command,
                                      QueueContext& queue) {
  if (!command.ref()) return make_error(ErrorCode::kInvalidArgument, "has no semaphore ref");
  return queue.state.add_local_semaphore(command.ref()->global_id(),
                                         command.ref()->initial_value());
}

}  // namespace tessera::runtime::metal_backend::current
