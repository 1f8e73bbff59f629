// The page maps of recently allocated buffer specs. A program allocates the
// same buffers on every submit (and an isolated device process follows each
// allocation), and mapping a sharded buffer's pages costs microseconds, so
// an allocation of a spec seen lately shares its immutable page map. It
// holds enough specs for a directory of binaries run round after round,
// found by their hash.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "tessera/sim/buffer/buffer_page_map.h"
#include "tessera/sim/buffer/buffer_spec.h"

namespace tessera::sim {

class PageMapCache {
 public:
  static constexpr std::size_t kCapacity = 512;
  // What the maps it holds may take: a sharded map keeps a few dozen bytes
  // per page, so a few dozen maps of gigabyte buffers would otherwise pin
  // hundreds of megabytes after their buffers are gone.
  static constexpr uint64_t kByteBudget = uint64_t{64} << 20;

  explicit PageMapCache(uint64_t byte_budget = kByteBudget) : byte_budget_(byte_budget) {}

  // The map of `spec`, or null if it is not cached. The memory's bank count,
  // grid and alignment are the registry's, fixed for the cache's lifetime.
  std::shared_ptr<const BufferPageMap> find(const BufferSpec& spec) const;
  // Remembers `map` for `spec`, forgetting the oldest entries while more
  // than kCapacity, or more than the byte budget, would be held. A map
  // larger than the budget alone is not remembered.
  void insert(const BufferSpec& spec, std::shared_ptr<const BufferPageMap> map);

  std::size_t size() const;
  uint64_t held_bytes() const;

 private:
  struct Entry {
    uint64_t hash = 0;
    BufferSpec spec;
    std::shared_ptr<const BufferPageMap> map;
    uint64_t bytes = 0;
  };
  void forget_oldest();

  const uint64_t byte_budget_;
  mutable std::mutex mutex_;
  std::deque<Entry> entries_;  // oldest first; pushing and popping keeps their addresses
  std::unordered_multimap<uint64_t, const Entry*> by_hash_;
  uint64_t held_bytes_ = 0;
};

}  // namespace tessera::sim
