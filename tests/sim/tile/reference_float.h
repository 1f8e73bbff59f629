// Independent reference conversions for the tile tests: plain double arithmetic
// (frexp / ldexp / nearbyint), no bit tricks, so they share nothing with the code under test.
#pragma once

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>

namespace tessera::sim::tile::testing {

// Rounds |a| (finite, > 0) to `fraction_bits` bits after the leading one, never below
// exponent `min_exponent` (the subnormal floor), ties to even.
inline double reference_round(double a, int fraction_bits, int min_exponent) {
  int e = 0;
  std::frexp(a, &e);  // a in [2^(e-1), 2^e)
  const int unit = std::max(e - 1, min_exponent);
  const double quantum = std::ldexp(1.0, unit - fraction_bits);
  return std::nearbyint(a / quantum) * quantum;
}

// bfloat16 bits of the nearest value to a finite or infinite float.
inline uint16_t reference_bfloat16(float f) {
  const uint16_t sign = std::signbit(f) ? 0x8000 : 0;
  const double a = std::fabs(static_cast<double>(f));
  if (std::isinf(f)) return sign | 0x7f80;
  if (a == 0) return sign;
  const double r = reference_round(a, 7, -126);
  if (r >= std::ldexp(1.0, 128)) return sign | 0x7f80;
  // r has at most 8 significant bits, so as a float its low 16 bits are zero.
  return sign | static_cast<uint16_t>(std::bit_cast<uint32_t>(static_cast<float>(r)) >> 16);
}

// IEEE half bits from an exact double value r >= 0 that half can represent.
inline uint16_t encode_half(double r) {
  if (r == 0) return 0;
  if (r < std::ldexp(1.0, -14)) return static_cast<uint16_t>(r / std::ldexp(1.0, -24));
  int e = 0;
  const double m = std::frexp(r, &e);  // r = m * 2^e, m in [0.5, 1)
  const uint16_t exponent = static_cast<uint16_t>(e - 1 + 15);
  const uint16_t mantissa = static_cast<uint16_t>((m * 2 - 1) * 1024);
  return static_cast<uint16_t>((exponent << 10) | mantissa);
}

inline uint16_t reference_half(float f) {
  const uint16_t sign = std::signbit(f) ? 0x8000 : 0;
  const double a = std::fabs(static_cast<double>(f));
  if (std::isinf(f)) return sign | 0x7c00;
  if (a == 0) return sign;
  const double r = reference_round(a, 10, -14);
  if (r > 65504.0) return sign | 0x7c00;
  return sign | encode_half(r);
}

// Value of half bits, from the IEEE definition.
inline double reference_half_value(uint16_t h) {
  const int sign = (h & 0x8000) ? -1 : 1;
  const int exponent = (h >> 10) & 0x1f;
  const int mantissa = h & 0x3ff;
  if (exponent == 0) return sign * std::ldexp(mantissa, -24);
  if (exponent == 31) return mantissa ? NAN : sign * INFINITY;
  return sign * std::ldexp(1024 + mantissa, exponent - 25);
}

// Value of bfloat16 bits, from the definition.
inline double reference_bfloat16_value(uint16_t b) {
  const int sign = (b & 0x8000) ? -1 : 1;
  const int exponent = (b >> 7) & 0xff;
  const int mantissa = b & 0x7f;
  if (exponent == 0) return sign * std::ldexp(mantissa, -133);
  if (exponent == 255) return mantissa ? NAN : sign * INFINITY;
  return sign * std::ldexp(128 + mantissa, exponent - 134);
}

}  // namespace tessera::sim::tile::testing
