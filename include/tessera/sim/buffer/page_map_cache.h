// The page maps of recently allocated buffer specs. A program allocates the
// same buffers on every submit (and an isolated device process follows each
// allocation), and mapping a sharded buffer's pages costs microseconds, so
// an allocation of a spec seen lately shares its immutable page map.
#pragma once

#include <cstddef>
#include <memory>
#include <mutex>
#include <vector>

#include "tessera/sim/buffer/buffer_page_map.h"
#include "tessera/sim/buffer/buffer_spec.h"

namespace tessera::sim {

class PageMapCache {
 public:
  static constexpr std::size_t kCapacity = 32;

  // The map of `spec`, or null if it is not cached. The memory's bank count,
  // grid and alignment are the registry's, fixed for the cache's lifetime.
  std::shared_ptr<const BufferPageMap> find(const BufferSpec& spec) const;
  // Remembers `map` for `spec`, replacing the oldest entry when full.
  void insert(const BufferSpec& spec, std::shared_ptr<const BufferPageMap> map);

 private:
  struct Entry {
    BufferSpec spec;
    std::shared_ptr<const BufferPageMap> map;
  };
  mutable std::mutex mutex_;
  std::vector<Entry> entries_;
  std::size_t next_ = 0;  // the entry replaced next once full
};

}  // namespace tessera::sim
