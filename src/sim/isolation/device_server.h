// The device process's side: attach the chip the host created, enter the
// sandbox, then run the programs the host sends on the shared ring until it
// hangs up.
#pragma once

#include "tessera/sim/memory/chip.h"

namespace tessera::sim {

// The descriptors a device process inherits from the host.
struct DeviceProcessFds {
  static constexpr int kSocket = 3;  // the control socket: start-up, then hang-up only
  static constexpr int kL1 = 4;      // chip memories (memfds)
  static constexpr int kDram = 5;
  static constexpr int kActivity = 6;  // the activity table (activity_table.h)
  static constexpr int kChannel = 7;   // the request and reply rings (shared_ring.h)
};

// Returns the process's exit code: 0 when the host hung up.
int serve_device();

}  // namespace tessera::sim
