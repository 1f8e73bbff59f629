#include "tessera/sim/buffer/page_map_cache.h"

namespace tessera::sim {

std::shared_ptr<const BufferPageMap> PageMapCache::find(const BufferSpec& spec) const {
  std::lock_guard lock(mutex_);
  for (const Entry& entry : entries_) {
    if (entry.spec == spec) return entry.map;
  }
  return nullptr;
}

void PageMapCache::insert(const BufferSpec& spec, std::shared_ptr<const BufferPageMap> map) {
  const uint64_t bytes = map->heap_bytes();
  if (bytes > byte_budget_) return;
  std::lock_guard lock(mutex_);
  while (!entries_.empty() &&
         (entries_.size() >= kCapacity || held_bytes_ + bytes > byte_budget_)) {
    held_bytes_ -= entries_.front().bytes;
    entries_.pop_front();
  }
  entries_.push_back({spec, std::move(map), bytes});
  held_bytes_ += bytes;
}

std::size_t PageMapCache::size() const {
  std::lock_guard lock(mutex_);
  return entries_.size();
}

uint64_t PageMapCache::held_bytes() const {
  std::lock_guard lock(mutex_);
  return held_bytes_;
}

}  // namespace tessera::sim
