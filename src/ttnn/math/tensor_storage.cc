#include "tensor_storage.h"

#include <map>
#include <mutex>

namespace tessera::ttnn::math {
namespace {

// Small buffers come from malloc, which already reuses them.
constexpr size_t kMinCachedSize = size_t{2} << 20;
constexpr size_t kCacheLimit = size_t{512} << 20;

class StorageCache {
 public:
  LargeBuffer acquire(size_t size) {
    if (size >= kMinCachedSize) {
      std::lock_guard lock(mutex_);
      // The smallest cached buffer that fits, if it is not wastefully large.
      auto it = free_.lower_bound(size);
      if (it != free_.end() && it->first <= size + size / 2) {
        LargeBuffer buffer = std::move(it->second);
        cached_bytes_ -= it->first;
        free_.erase(it);
        return buffer;
      }
    }
    return LargeBuffer(size);
  }

  void release(LargeBuffer buffer) {
    const size_t size = buffer.size();
    if (size < kMinCachedSize || !buffer.valid()) return;
    std::lock_guard lock(mutex_);
    while (cached_bytes_ + size > kCacheLimit && !free_.empty()) {
      cached_bytes_ -= free_.begin()->first;
      free_.erase(free_.begin());
    }
    if (size > kCacheLimit) return;
    cached_bytes_ += size;
    free_.emplace(size, std::move(buffer));
  }

 private:
  std::mutex mutex_;
  std::multimap<size_t, LargeBuffer> free_;
  size_t cached_bytes_ = 0;
};

StorageCache& cache() {
  static StorageCache* instance = new StorageCache();  // outlives static tensors
  return *instance;
}

}  // namespace

LargeBuffer acquire_tensor_storage(size_t size) {
  return cache().acquire(size);
}

void release_tensor_storage(LargeBuffer buffer) {
  cache().release(std::move(buffer));
}

}  // namespace tessera::ttnn::math
