// A binary of one kernel that does nothing, on one core: what a warm submit
// costs apart from any work.
#pragma once

#include <cstdint>
#include <vector>

#include "../../tests/support/metal_program_builder.h"

namespace tessera::bench {

inline std::vector<uint8_t> empty_kernel_binary() {
  tessera::testing::MetalProgramBuilder program;
  program.reader_program(0, "#include \"dataflow_api.h\"\nvoid kernel_main() {}\n");
  program.finish(0);
  return program.build({}, {}, "empty_kernel");
}

}  // namespace tessera::bench
