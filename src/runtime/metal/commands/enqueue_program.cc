// EnqueueProgramCommand: kernels of a ProgramDesc run on the device.
#include "../command_handlers.h"

namespace tessera::runtime::metal_backend {

Status execute_enqueue_program(const tm::EnqueueProgramCommand& command, QueueContext& queue) {
  (void)queue;
  size_t kernels = command.program() && command.program()->kernels()
                       ? command.program()->kernels()->size()
                       : 0;
  return make_error(ErrorCode::kUnimplemented, "running programs of kernels (", kernels,
                    " kernel(s) here) is not wired into the TTMetal executor yet");
}

}  // namespace tessera::runtime::metal_backend
