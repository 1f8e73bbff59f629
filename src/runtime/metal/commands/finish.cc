// FinishCommand: the host waits for every command of this queue.
#include "../command_handlers.h"

namespace tessera::runtime::metal_backend {

Status execute_finish(const tm::FinishCommand& command, QueueContext& queue) {
  (void)command;
  return queue.hw_queue.finish();
}

}  // namespace tessera::runtime::metal_backend
