// One clock for every timed span (kernels, commands, ops, CLI timings), so
// spans recorded by different layers line up in one trace.
#pragma once

#include <chrono>
#include <cstdint>

namespace tessera {

// Steady-clock nanoseconds since an arbitrary, process-wide epoch.
inline int64_t steady_now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

}  // namespace tessera
