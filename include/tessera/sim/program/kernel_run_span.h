// When one kernel ran on one core, for timing and trace hooks.
#pragma once

#include <cstdint>
#include <string_view>

#include "tessera/sim/arch/core_coord.h"

namespace tessera::sim {

struct KernelRunSpan {
  std::string_view kernel_name;  // valid only during the callback
  CoreCoord core;                // logical worker coordinates
  int64_t start_ns = 0;          // steady_clock, when the kernel's fiber first ran
  int64_t duration_ns = 0;       // until the kernel returned (blocked time included)
};

}  // namespace tessera::sim
