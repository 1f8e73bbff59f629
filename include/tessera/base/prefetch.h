// Asks the host cache for a range of memory that will be read soon.
//
// Simulated DRAM is large and interleaved, so the hardware prefetcher often
// does not see the next page coming; the code that knows (a NoC reader, a
// page-by-page op) says so. Forced inline on purpose, and wrappers must be
// too: GCC treats an out-of-line function that only prefetches as free of
// side effects and deletes the calls to it.
#pragma once

#include <cstddef>

namespace tessera {

[[gnu::always_inline]] inline void prefetch_for_read(const void* start, std::size_t bytes) {
  constexpr std::size_t kCacheLine = 64;
  const auto* first = static_cast<const char*>(start);
  for (std::size_t offset = 0; offset < bytes; offset += kCacheLine) {
    __builtin_prefetch(first + offset);
  }
}

// The same into the second-level cache only: for data needed later than
// the next step, which would crowd the small first-level cache.
[[gnu::always_inline]] inline void prefetch_for_later_read(const void* start, std::size_t bytes) {
  constexpr std::size_t kCacheLine = 64;
  constexpr int kRead = 0, kModerateLocality = 2;  // prefetcht1 on x86
  const auto* first = static_cast<const char*>(start);
  for (std::size_t offset = 0; offset < bytes; offset += kCacheLine) {
    __builtin_prefetch(first + offset, kRead, kModerateLocality);
  }
}

}  // namespace tessera
