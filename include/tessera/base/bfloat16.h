// bfloat16 (Float16_b) <-> fp32, rounding to nearest even.
//
// Inline so per-element loops over spans vectorise and kernels can use them.
#pragma once

#include <bit>
#include <cstdint>

namespace tessera {

// Round to nearest, ties to even. Overflow rounds to inf; NaN stays NaN (made quiet, so
// dropping low payload bits can never turn it into inf).
inline uint16_t float_to_bfloat16_bits(float value) {
  const uint32_t bits = std::bit_cast<uint32_t>(value);
  const uint32_t rounded = bits + 0x7fffu + ((bits >> 16) & 1u);
  const uint32_t quiet_nan = bits | 0x00400000u;
  const bool is_nan = (bits & 0x7fffffffu) > 0x7f800000u;
  // Select in 32 bits, then take the top half through a signed shift: the
  // form compilers vectorise with pack instructions.
  return static_cast<uint16_t>(static_cast<int32_t>(is_nan ? quiet_nan : rounded) >> 16);
}

inline float bfloat16_bits_to_float(uint16_t bits) {
  return std::bit_cast<float>(static_cast<uint32_t>(bits) << 16);
}

// The nearest bfloat16 value, as a float.
inline float round_to_bfloat16(float value) {
  return bfloat16_bits_to_float(float_to_bfloat16_bits(value));
}

}  // namespace tessera
