// ResetGlobalSemaphoreCommand: sets the semaphore's word on every core.
#include "../command_handlers.h"
#include "../global_semaphore_words.h"

namespace tessera::runtime::metal_backend::current {

Status execute_reset_global_semaphore(const cm::ResetGlobalSemaphoreCommand& command,
                                      QueueContext& queue) {
  if (!command.ref()) return make_error(ErrorCode::kInvalidArgument, "has no semaphore ref");
  TESSERA_ASSIGN_OR_RETURN(const GlobalSemaphore* semaphore,
                           queue.state.global_semaphore(command.ref()->global_id()));
  return write_global_semaphore(*semaphore, command.value(), queue);
}

}  // namespace tessera::runtime::metal_backend::current
