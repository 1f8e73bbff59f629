// Sizes and counts read from a binary are untrusted: their sums and products
// saturate at UINT64_MAX instead of wrapping, so a limit check that follows
// sees a number too large rather than a small one.
#pragma once

#include <cstdint>

namespace tessera {

inline uint64_t saturating_add(uint64_t a, uint64_t b) {
  uint64_t sum;
  return __builtin_add_overflow(a, b, &sum) ? UINT64_MAX : sum;
}

inline uint64_t saturating_mul(uint64_t a, uint64_t b) {
  uint64_t product;
  return __builtin_mul_overflow(a, b, &product) ? UINT64_MAX : product;
}

}  // namespace tessera
