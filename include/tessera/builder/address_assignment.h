// Static device addresses the way a compiler assigns them: every buffer gets
// an address for the steps it is live; buffers live at the same time never
// overlap, and space is reused once a buffer's last use has passed.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "tessera/base/status.h"

namespace tessera::builder {

// A buffer live from step `first` through step `last` (inclusive).
struct LiveRange {
  uint64_t size = 0;
  int first = 0;
  int last = 0;
};

struct AddressPlan {
  std::vector<uint64_t> addresses;  // one per range, in the order given
  uint64_t high_water = 0;          // the end of the highest buffer
};

// First fit over [base, limit), every address aligned to `alignment`.
Result<AddressPlan> assign_addresses(std::span<const LiveRange> ranges, uint64_t base,
                                     uint64_t limit, uint64_t alignment);

}  // namespace tessera::builder
