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
  std::lock_guard lock(mutex_);
  if (entries_.size() < kCapacity) {
    entries_.push_back({spec, std::move(map)});
    return;
  }
  entries_[next_] = {spec, std::move(map)};
  next_ = (next_ + 1) % kCapacity;
}

}  // namespace tessera::sim
