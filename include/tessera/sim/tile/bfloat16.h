// bfloat16 (Float16_b) <-> fp32, rounding to nearest even.
//
// Inline so per-element loops over spans vectorise and kernels can use them.
#pragma once

#include <bit>
#include <cstdint>

namespace tessera::sim::tile {

// Round to nearest, ties to even. Overflow rounds to inf; NaN stays NaN (made quiet, so
// dropping low payload bits can never turn it into inf).
inline uint16_t float_to_bfloat16_bits(float value) {
  const uint32_t bits = std::bit_cast<uint32_t>(value);
  const uint32_t lsb = (bits >> 16) & 1u;
  const uint16_t rounded = static_cast<uint16_t>((bits + 0x7fffu + lsb) >> 16);
  const uint16_t quiet_nan = static_cast<uint16_t>((bits >> 16) | 0x0040u);
  const bool is_nan = (bits & 0x7fffffffu) > 0x7f800000u;
  return is_nan ? quiet_nan : rounded;
}

inline float bfloat16_bits_to_float(uint16_t bits) {
  return std::bit_cast<float>(static_cast<uint32_t>(bits) << 16);
}

// The nearest bfloat16 value, as a float.
inline float round_to_bfloat16(float value) {
  return bfloat16_bits_to_float(float_to_bfloat16_bits(value));
}

}  // namespace tessera::sim::tile
