// What sits at each NoC coordinate of a chip: a worker core (by logical
// index), a DRAM channel, or nothing. Every NoC transfer decodes its target
// through this, so it is a flat table rather than a search of the core lists.
#pragma once

#include <cstdint>
#include <vector>

#include "tessera/sim/arch/chip_descriptor.h"

namespace tessera::sim {

class NocCoreMap {
 public:
  enum class Kind : uint8_t { kNone, kWorker, kDram };
  struct Entry {
    Kind kind = Kind::kNone;
    uint32_t index = 0;  // logical worker index or DRAM channel
  };

  NocCoreMap() = default;
  explicit NocCoreMap(const ChipDescriptor& chip);

  Entry at(uint32_t x, uint32_t y) const {
    if (x >= width_ || y >= height_) return {};
    return entries_[y * width_ + x];
  }

 private:
  uint32_t width_ = 0;
  uint32_t height_ = 0;
  std::vector<Entry> entries_;  // row-major, width_ x height_
};

}  // namespace tessera::sim
