#include "tessera/sim/buffer/page_map_cache.h"

#include <functional>

namespace tessera::sim {
namespace {

void mix(uint64_t& hash, uint64_t value) {
  hash = (hash ^ std::hash<uint64_t>{}(value)) * 0x100000001b3ull;
}

void mix(uint64_t& hash, const CoreCoord& core) {
  mix(hash, core.x);
  mix(hash, core.y);
}

// Every field that operator== compares.
uint64_t spec_hash(const BufferSpec& spec) {
  uint64_t hash = 0xcbf29ce484222325ull;
  mix(hash, static_cast<uint64_t>(spec.memory_type));
  mix(hash, spec.size);
  mix(hash, spec.page_size);
  mix(hash, static_cast<uint64_t>(spec.layout));
  if (spec.shard) {
    for (const CoreRange& range : spec.shard->cores) {
      mix(hash, range.start);
      mix(hash, range.end);
    }
    for (uint32_t value : spec.shard->shard_shape) mix(hash, value);
    for (uint32_t value : spec.shard->page_shape) mix(hash, value);
    for (uint32_t value : spec.shard->tensor_pages) mix(hash, value);
    mix(hash, static_cast<uint64_t>(spec.shard->orientation));
  }
  if (spec.distribution) {
    mix(hash, spec.distribution->tensor_pages.size());
    for (uint32_t value : spec.distribution->tensor_pages) mix(hash, value);
    for (uint32_t value : spec.distribution->shard_pages) mix(hash, value);
    for (const CoreCoord& core : spec.distribution->cores) mix(hash, core);
  }
  return hash;
}

}  // namespace

std::shared_ptr<const BufferPageMap> PageMapCache::find(const BufferSpec& spec) const {
  const uint64_t hash = spec_hash(spec);
  std::lock_guard lock(mutex_);
  auto [first, last] = by_hash_.equal_range(hash);
  for (auto it = first; it != last; ++it) {
    if (it->second->spec == spec) return it->second->map;
  }
  return nullptr;
}

void PageMapCache::insert(const BufferSpec& spec, std::shared_ptr<const BufferPageMap> map) {
  const uint64_t bytes = map->heap_bytes();
  if (bytes > byte_budget_) return;
  const uint64_t hash = spec_hash(spec);
  std::lock_guard lock(mutex_);
  while (!entries_.empty() &&
         (entries_.size() >= kCapacity || held_bytes_ + bytes > byte_budget_)) {
    forget_oldest();
  }
  entries_.push_back({hash, spec, std::move(map), bytes});
  by_hash_.emplace(hash, &entries_.back());
  held_bytes_ += bytes;
}

void PageMapCache::forget_oldest() {
  const Entry& oldest = entries_.front();
  auto [first, last] = by_hash_.equal_range(oldest.hash);
  for (auto it = first; it != last; ++it) {
    if (it->second == &oldest) {
      by_hash_.erase(it);
      break;
    }
  }
  held_bytes_ -= oldest.bytes;
  entries_.pop_front();
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
