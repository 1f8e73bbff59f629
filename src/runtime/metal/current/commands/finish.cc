// FinishCommand: waits for everything enqueued on this queue.
#include "../command_handlers.h"

namespace tessera::runtime::metal_backend::current {

Status execute_finish(const cm::FinishCommand&, QueueContext& queue) {
  return queue.hw_queue.finish();
}

}  // namespace tessera::runtime::metal_backend::current
