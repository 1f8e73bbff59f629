// IEEE 754 half (Float16) <-> fp32, rounding to nearest even, with subnormals, inf and NaN.
#pragma once

#include <bit>
#include <cstdint>

namespace tessera {

inline uint16_t float_to_half_bits(float value) {
  const uint32_t bits = std::bit_cast<uint32_t>(value);
  const uint16_t sign = static_cast<uint16_t>((bits >> 16) & 0x8000u);
  const uint32_t magnitude = bits & 0x7fffffffu;

  // Normal halves: rebias the exponent, round the 13 dropped mantissa bits to even.
  const uint32_t lsb = (magnitude >> 13) & 1u;
  const uint32_t normal = (magnitude - (112u << 23) + 0x0fffu + lsb) >> 13;

  // Subnormal halves: adding 0.5f puts the value's 2^-24 quantum at the float's last
  // mantissa bit, so the hardware addition does the round to nearest even for us.
  const float shifted = std::bit_cast<float>(magnitude) + 0.5f;
  const uint32_t subnormal = std::bit_cast<uint32_t>(shifted) - std::bit_cast<uint32_t>(0.5f);

  const uint32_t nan = 0x7e00u | ((magnitude >> 13) & 0x03ffu);
  uint32_t half = normal;
  if (magnitude < 0x38800000u) half = subnormal;  // below 2^-14
  if (magnitude >= 0x477ff000u) half = 0x7c00u;   // 65520 and up round to inf
  if (magnitude > 0x7f800000u) half = nan;
  return static_cast<uint16_t>(sign | half);
}

inline float half_bits_to_float(uint16_t half) {
  const uint32_t sign = static_cast<uint32_t>(half & 0x8000u) << 16;
  const uint32_t exponent = (half >> 10) & 0x1fu;
  const uint32_t mantissa = half & 0x03ffu;
  uint32_t magnitude = ((exponent + 112u) << 23) | (mantissa << 13);
  if (exponent == 0x1fu) magnitude = 0x7f800000u | (mantissa << 13);
  if (exponent == 0) {
    // Subnormal or zero: mantissa * 2^-24 is exact in fp32.
    magnitude = std::bit_cast<uint32_t>(static_cast<float>(mantissa) * 0x1p-24f);
  }
  return std::bit_cast<float>(sign | magnitude);
}

inline float round_to_half(float value) {
  return half_bits_to_float(float_to_half_bits(value));
}

}  // namespace tessera
