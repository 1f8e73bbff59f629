// First-fit static address assignment over live ranges.
#include "tessera/builder/address_assignment.h"

#include <algorithm>
#include <map>
#include <numeric>

namespace tessera::builder {
namespace {

uint64_t align_up(uint64_t value, uint64_t alignment) {
  return (value + alignment - 1) / alignment * alignment;
}

}  // namespace

Result<AddressPlan> assign_addresses(std::span<const LiveRange> ranges, uint64_t base,
                                     uint64_t limit, uint64_t alignment) {
  if (alignment == 0 || (alignment & (alignment - 1)) != 0) {
    return make_error(ErrorCode::kInvalidArgument, "alignment ", alignment,
                      " is not a power of two");
  }
  base = align_up(base, alignment);
  AddressPlan plan;
  plan.addresses.assign(ranges.size(), 0);
  plan.high_water = base;
  // Allocate in order of first step; free what died before that step first.
  std::vector<size_t> order(ranges.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return ranges[a].first < ranges[b].first; });
  std::map<uint64_t, size_t> live;  // address -> range index
  for (size_t index : order) {
    const LiveRange& range = ranges[index];
    if (range.last < range.first) {
      return make_error(ErrorCode::kInvalidArgument, "buffer ", index, " dies (step ", range.last,
                        ") before it is created (step ", range.first, ")");
    }
    for (auto it = live.begin(); it != live.end();) {
      it = ranges[it->second].last < range.first ? live.erase(it) : std::next(it);
    }
    uint64_t size = align_up(std::max<uint64_t>(range.size, 1), alignment);
    uint64_t candidate = base;
    for (const auto& [address, other] : live) {
      if (candidate + size <= address) break;
      candidate = std::max(candidate, align_up(address + ranges[other].size, alignment));
    }
    if (candidate + size > limit) {
      return make_error(ErrorCode::kOutOfMemory, "buffer ", index, " (", range.size,
                        " bytes, steps ", range.first, "..", range.last, ") does not fit below ",
                        limit);
    }
    plan.addresses[index] = candidate;
    plan.high_water = std::max(plan.high_water, candidate + size);
    live.emplace(candidate, index);
  }
  return plan;
}

}  // namespace tessera::builder
