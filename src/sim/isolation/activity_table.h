// What each thread of a device process last switched into, in memory the
// host also maps: if the process dies (abort, exit, a fault no handler
// contains), the host reads which kernels on which cores were running.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "tessera/base/status.h"
#include "tessera/sim/fiber/fiber_spec.h"

namespace tessera::sim {

struct ActivitySlot {
  std::atomic<uint32_t> active;  // 1 while a kernel of the current run is switched in
  int32_t core_x;
  int32_t core_y;
  char kernel[116];
};

struct ActivityTable {
  static constexpr uint32_t kSlots = 64;
  char program[128];
  ActivitySlot slots[kSlots];
};

// "kernel 'reader.cpp' on core (1,0)" for every slot marked active, from a
// table the device process may have left in any state.
std::vector<std::string> running_kernels(const ActivityTable& table);

}  // namespace tessera::sim
