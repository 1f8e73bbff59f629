#include "../operations.h"

namespace tessera::runtime::ttnn_backend {

// Host <-> device, DRAM <-> L1, data type and tile layout: whatever `out`
// declares.
Status run_to_memory_config(const fbn::ToMemoryConfigOp& op, ProgramContext& context) {
  return context.convert_into(op.in0(), op.out());
}

}  // namespace tessera::runtime::ttnn_backend
