// Internal: the largest tensor size the ops accept, and an overflow-safe
// check against it, so index arithmetic in int64 can never overflow.
#pragma once

#include <cstdint>
#include <initializer_list>

namespace tessera::ttnn::math::detail {

// 2^48 floats is far beyond any host memory, and leaves room for offset
// arithmetic (chunk index * element count) without overflow.
inline constexpr int64_t kMaxElements = int64_t{1} << 48;

// True if the product of max(factor, 1) over `factors` is at most kMaxElements.
inline bool product_within_limit(std::initializer_list<int64_t> factors) {
  int64_t product = 1;
  for (int64_t f : factors) {
    if (f > 1 && (__builtin_mul_overflow(product, f, &product) || product > kMaxElements)) {
      return false;
    }
  }
  return true;
}

}  // namespace tessera::ttnn::math::detail
