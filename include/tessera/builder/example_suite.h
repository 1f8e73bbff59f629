// The example suite: small programs, each a binary with golden inputs and
// outputs, written by tessera_make_examples into build/examples/.
//
// TTM0 programs come in both wire layouts from the same graphs: the 2024
// layout at the top of the suite, the compiler's current layout in the
// folder current/ under the same file names, so a program's name is the
// same in both and the folder says which layout it is in.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tessera/base/status.h"
#include "tessera/format/wire_layout.h"
#include "tessera/sim/arch/chip_descriptor.h"

namespace tessera::builder {

struct ExampleBinary {
  std::string file_name;  // "eltwise_multiply_64x128.ttm", "current/eltwise_multiply_64x128.ttm"
  std::vector<uint8_t> bytes;
};

struct ExampleSuiteOptions {
  // The layouts TTM0 programs are written in. TTNN programs have only the
  // 2024 layout and are written whatever this says.
  std::vector<format::WireLayout> ttm_layouts = {format::WireLayout::k2024,
                                                 format::WireLayout::kCurrent};
};

// Where a layout's TTM0 examples sit in the suite: "" or "current/".
std::string example_folder(format::WireLayout layout);

Result<std::vector<ExampleBinary>> build_example_suite(const sim::ChipDescriptor& chip,
                                                       const ExampleSuiteOptions& options = {});

}  // namespace tessera::builder
