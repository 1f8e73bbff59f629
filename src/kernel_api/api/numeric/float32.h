// Comparing float32 bit patterns as numbers (see bfloat16.h).
#pragma once

#include "api/numeric/bfloat16.h"

inline bool float32_greater(uint32_t a, uint32_t b) {
  return tessera_ordered_bits(a, 0x80000000u) > tessera_ordered_bits(b, 0x80000000u);
}
