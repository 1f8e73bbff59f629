// Inputs for programs that carry no golden inputs: generated per --init.
#pragma once

#include <cstdint>
#include <vector>

#include "run_options.h"

namespace tessera::tools::run {

// `count` values for input `input_index`. randn is a standard normal from a
// generator seeded with (seed, input_index), so runs repeat exactly on every
// platform; arange is 0, 1, 2, ...
std::vector<double> generate_input_values(InputInit init, uint64_t seed, uint32_t input_index,
                                          uint64_t count);

}  // namespace tessera::tools::run
