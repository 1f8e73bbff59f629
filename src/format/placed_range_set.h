// The ranges a binary places, each kept once (commands name the same buffer
// many times), and the arithmetic both layouts' collectors share.
#pragma once

#include <algorithm>
#include <set>
#include <tuple>
#include <vector>

#include "tessera/base/saturating_math.h"
#include "tessera/format/address_fit.h"

namespace tessera::format {

inline uint64_t ceil_div(uint64_t a, uint64_t b) {
  return b == 0 ? a : a / b + (a % b != 0);
}

inline uint64_t round_up(uint64_t value, uint64_t alignment) {
  return alignment <= 1 ? value : saturating_mul(ceil_div(value, alignment), alignment);
}

// A rectangle of cores, as a schema's Dim2dRange gives it (exclusive size).
struct CoreBox {
  int y = 0, x = 0, size_y = 1, size_x = 1;
};

class PlacedRangeSet {
 public:
  // `id` tells buffers apart that cover the same bytes.
  void add(PlacedRange range, uint64_t id) {
    auto key =
        std::make_tuple(id, range.dram, range.device_program, range.begin, range.end, range.core_y,
                        range.core_x, range.cores_y, range.cores_x, range.dram_channel);
    if (seen_.insert(key).second) ranges_.push_back(std::move(range));
  }

  // The range on each box of cores; with none, as it is.
  void add_on_cores(const PlacedRange& range, const std::vector<CoreBox>& boxes, uint64_t id) {
    if (boxes.empty()) {
      add(range, id);
      return;
    }
    for (const CoreBox& box : boxes) {
      PlacedRange on = range;
      on.core_y = box.y;
      on.core_x = box.x;
      on.cores_y = std::max(1, box.size_y);
      on.cores_x = std::max(1, box.size_x);
      add(std::move(on), id);
    }
  }

  std::vector<PlacedRange> take() { return std::move(ranges_); }

 private:
  std::vector<PlacedRange> ranges_;
  std::set<std::tuple<uint64_t, bool, uint32_t, uint64_t, uint64_t, int, int, int, int, int64_t>>
      seen_;
};

// The current layout's ranges (address_fit_current.cc).
std::vector<PlacedRange> placed_ranges_current(const Binary& binary, const SystemFacts* system);

}  // namespace tessera::format
