// The example suite: small programs, each a binary with golden inputs and
// outputs, written by tessera_make_examples into build/examples/.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tessera/base/status.h"
#include "tessera/sim/arch/chip_descriptor.h"

namespace tessera::builder {

struct ExampleBinary {
  std::string file_name;  // "eltwise_multiply_64x128.ttm"
  std::vector<uint8_t> bytes;
};

Result<std::vector<ExampleBinary>> build_example_suite(const sim::ChipDescriptor& chip);

}  // namespace tessera::builder
