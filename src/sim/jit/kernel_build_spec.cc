#include "tessera/sim/jit/kernel_build_spec.h"

namespace tessera::sim {

const char* processor_name(KernelProcessor processor) {
  switch (processor) {
    case KernelProcessor::kDataMovement0:
      return "data movement 0 (BRISC)";
    case KernelProcessor::kDataMovement1:
      return "data movement 1 (NCRISC)";
    case KernelProcessor::kCompute:
      return "compute (TRISC)";
  }
  return "unknown processor";
}

}  // namespace tessera::sim
