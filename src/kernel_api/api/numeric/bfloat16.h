// Comparing bfloat16 bit patterns as numbers, for data-movement kernels that
// scan values (argmax, top-k): sign-magnitude order, so +0 > -0 and a NaN
// orders by its bits.
#pragma once

#include <stdint.h>

// The bits mapped so unsigned order is sign-magnitude order.
inline uint32_t tessera_ordered_bits(uint32_t bits, uint32_t sign_bit) {
  return (bits & sign_bit) != 0 ? ~bits & (sign_bit | (sign_bit - 1)) : bits | sign_bit;
}

inline bool bfloat16_greater(uint16_t a, uint16_t b) {
  return tessera_ordered_bits(a, 0x8000u) > tessera_ordered_bits(b, 0x8000u);
}
