// A kernel's memory of the buffers its NoC transfers landed in.
//
// A reader streaming tiles touches the same few buffers thousands of times;
// asking the chip's registry each time means a lock and a map search per
// tile. An entry answers "covered" without either, for as long as the
// registry's version is the one read before the entry was looked up (any
// allocation or deallocation moves it). One cache per kernel invocation:
// it is not shared between threads.
#pragma once

#include <array>
#include <cstdint>
#include <memory>

#include "tessera/sim/buffer/buffer_registry.h"
#include "tessera/sim/noc/noc_endpoint.h"

namespace tessera::sim {

class NocAccessCache {
 public:
  // The size in bytes of a remembered buffer, still current, that covers
  // the range; 0 if none does. (A plain integer: GCC returns an optional
  // through a byte store and a word reload that cannot be forwarded, which
  // stalls the transfer behind every store still in flight.)
  uint64_t covering_buffer_bytes(const BufferRegistry& registry, const NocEndpoint& target,
                                 uint64_t size) const;
  bool covers(const BufferRegistry& registry, const NocEndpoint& target, uint64_t size) const {
    return covering_buffer_bytes(registry, target, size) != 0;
  }
  // `version`: registry.version() read before `buffer` was looked up.
  void remember(uint64_t version, const BufferInfo& buffer);

 private:
  struct Entry {
    uint64_t version = 0;  // 0: empty (the registry starts at 1)
    MemoryType type = MemoryType::kDram;
    uint64_t begin = 0;
    uint64_t end = 0;
    uint64_t buffer_bytes = 0;
    std::shared_ptr<const BufferPageMap> pages;
  };
  static constexpr std::size_t kEntries = 4;  // a few operand buffers per kernel

  std::array<Entry, kEntries> entries_{};
  std::size_t next_ = 0;  // round-robin replacement
};

}  // namespace tessera::sim
