#include "tessera/base/cache_bypass_copy.h"

#include <emmintrin.h>
#include <unistd.h>

#include <cstring>
#include <initializer_list>

namespace tessera {

namespace {

uint64_t host_last_level_cache_bytes() {
  for (int level : {_SC_LEVEL3_CACHE_SIZE, _SC_LEVEL2_CACHE_SIZE}) {
    const long bytes = sysconf(level);
    if (bytes > 0) return static_cast<uint64_t>(bytes);
  }
  return 0;
}

}  // namespace

uint64_t cache_bypass_threshold_bytes() {
  static const uint64_t threshold = [] {
    const uint64_t cache = host_last_level_cache_bytes();
    return cache > 0 ? cache / 4 : uint64_t{8} << 20;
  }();
  return threshold;
}

void copy_bypassing_cache(void* dst, const void* src, std::size_t bytes) {
  constexpr std::size_t kVector = sizeof(__m128i);
  if (reinterpret_cast<uintptr_t>(dst) % kVector != 0) {
    std::memcpy(dst, src, bytes);
    return;
  }
  auto* out = static_cast<__m128i*>(dst);
  const auto* in = static_cast<const __m128i*>(src);
  const std::size_t vectors = bytes / kVector;
  for (std::size_t i = 0; i < vectors; ++i) _mm_stream_si128(out + i, _mm_loadu_si128(in + i));
  const std::size_t done = vectors * kVector;
  std::memcpy(static_cast<char*>(dst) + done, static_cast<const char*>(src) + done, bytes - done);
  _mm_sfence();  // non-temporal stores are not ordered by later release stores
}

}  // namespace tessera
