// bfloat16 and IEEE half conversions, bit-exact against the double-arithmetic references.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <vector>

#include "reference_float.h"
#include "tessera/base/bfloat16.h"
#include "tessera/base/float16.h"
#include "tessera/sim/tile/element_convert.h"

namespace tessera::sim::tile {
namespace {

using testing::reference_bfloat16;
using testing::reference_bfloat16_value;
using testing::reference_half;
using testing::reference_half_value;

float from_bits(uint32_t bits) {
  return std::bit_cast<float>(bits);
}

// Checks a float -> 16-bit conversion on one input; NaN only needs to stay NaN with its sign.
template <typename Convert, typename Reference>
void expect_conversion(uint32_t bits, Convert convert, Reference reference, uint16_t nan_exponent) {
  const float f = from_bits(bits);
  const uint16_t got = convert(f);
  if (std::isnan(f)) {
    EXPECT_EQ(got & nan_exponent, nan_exponent) << std::hex << bits;
    EXPECT_NE(got & ~nan_exponent & 0x7fff, 0) << "NaN became inf for " << std::hex << bits;
    EXPECT_EQ(got & 0x8000, (bits >> 16) & 0x8000) << std::hex << bits;
    return;
  }
  ASSERT_EQ(got, reference(f)) << "input bits 0x" << std::hex << bits << " value " << f;
}

TEST(SimTileBfloat16, AllPatternsDecodeToTheirValue) {
  for (uint32_t b = 0; b < 65536; ++b) {
    const float got = bfloat16_bits_to_float(static_cast<uint16_t>(b));
    const double want = reference_bfloat16_value(static_cast<uint16_t>(b));
    if (std::isnan(want)) {
      EXPECT_TRUE(std::isnan(got)) << b;
    } else {
      ASSERT_EQ(static_cast<double>(got), want) << b;
      ASSERT_EQ(std::signbit(got), (b & 0x8000) != 0) << b;
    }
  }
}

TEST(SimTileBfloat16, AllPatternsRoundTrip) {
  for (uint32_t b = 0; b < 65536; ++b) {
    const uint16_t bits = static_cast<uint16_t>(b);
    const uint16_t back = float_to_bfloat16_bits(bfloat16_bits_to_float(bits));
    const bool nan = (bits & 0x7f80) == 0x7f80 && (bits & 0x7f) != 0;
    if (nan) {
      EXPECT_EQ(back, bits | 0x40) << b;  // quietened, payload kept
    } else {
      ASSERT_EQ(back, bits) << b;
    }
  }
}

TEST(SimTileBfloat16, TiesAndNeighboursOfEveryValueRoundToNearestEven) {
  for (uint32_t b = 0; b < 65536; ++b) {
    const uint32_t midpoint = (b << 16) | 0x8000u;  // exactly halfway to the next bf16
    for (uint32_t bits : {midpoint - 1, midpoint, midpoint + 1, (b << 16) | 1u}) {
      expect_conversion(bits, float_to_bfloat16_bits, reference_bfloat16, 0x7f80);
    }
  }
}

TEST(SimTileBfloat16, StridedSweepOfAllFloats) {
  for (uint64_t bits = 0; bits < (uint64_t{1} << 32); bits += 997) {
    expect_conversion(static_cast<uint32_t>(bits), float_to_bfloat16_bits, reference_bfloat16,
                      0x7f80);
  }
}

TEST(SimTileBfloat16, HandPickedCases) {
  EXPECT_EQ(float_to_bfloat16_bits(1.0f), 0x3f80);
  EXPECT_EQ(float_to_bfloat16_bits(-2.0f), 0xc000);
  EXPECT_EQ(float_to_bfloat16_bits(from_bits(0x3f808000)), 0x3f80);  // tie, even stays
  EXPECT_EQ(float_to_bfloat16_bits(from_bits(0x3f818000)), 0x3f82);  // tie, odd rounds up
  EXPECT_EQ(float_to_bfloat16_bits(from_bits(0x7f7fffff)), 0x7f80);  // max float -> inf
  EXPECT_EQ(float_to_bfloat16_bits(INFINITY), 0x7f80);
  EXPECT_EQ(float_to_bfloat16_bits(-INFINITY), 0xff80);
  EXPECT_EQ(float_to_bfloat16_bits(from_bits(0x00008000)), 0x0000);  // subnormal tie to even
  EXPECT_EQ(float_to_bfloat16_bits(from_bits(0x00018000)), 0x0002);
  EXPECT_EQ(float_to_bfloat16_bits(from_bits(0x7f800001)), 0x7fc0);  // signalling NaN stays NaN
}

TEST(SimTileHalf, AllPatternsDecodeToTheirValue) {
  for (uint32_t h = 0; h < 65536; ++h) {
    const float got = half_bits_to_float(static_cast<uint16_t>(h));
    const double want = reference_half_value(static_cast<uint16_t>(h));
    if (std::isnan(want)) {
      EXPECT_TRUE(std::isnan(got)) << h;
    } else {
      ASSERT_EQ(static_cast<double>(got), want) << h;
      ASSERT_EQ(std::signbit(got), (h & 0x8000) != 0) << h;
    }
  }
}

TEST(SimTileHalf, AllPatternsRoundTrip) {
  for (uint32_t h = 0; h < 65536; ++h) {
    const uint16_t bits = static_cast<uint16_t>(h);
    const uint16_t back = float_to_half_bits(half_bits_to_float(bits));
    const bool nan = (bits & 0x7c00) == 0x7c00 && (bits & 0x3ff) != 0;
    if (nan) {
      EXPECT_EQ(back, bits | 0x200) << h;
    } else {
      ASSERT_EQ(back, bits) << h;
    }
  }
}

TEST(SimTileHalf, TiesAndNeighboursOfEveryValueRoundToNearestEven) {
  for (uint32_t h = 0; h < 0x7c00; ++h) {
    // Midpoint between h and the next half up is exact in float (12 significant bits).
    const double low = reference_half_value(static_cast<uint16_t>(h));
    const double high =
        h + 1 == 0x7c00 ? 65536.0 : reference_half_value(static_cast<uint16_t>(h + 1));
    const uint32_t mid = std::bit_cast<uint32_t>(static_cast<float>((low + high) / 2));
    for (uint32_t bits : {mid - 1, mid, mid + 1, mid | 0x80000000u, mid + 1 + 0x80000000u}) {
      expect_conversion(bits, float_to_half_bits, reference_half, 0x7c00);
    }
  }
}

TEST(SimTileHalf, StridedSweepOfAllFloats) {
  for (uint64_t bits = 0; bits < (uint64_t{1} << 32); bits += 997) {
    expect_conversion(static_cast<uint32_t>(bits), float_to_half_bits, reference_half, 0x7c00);
  }
}

TEST(SimTileHalf, HandPickedCases) {
  EXPECT_EQ(float_to_half_bits(1.0f), 0x3c00);
  EXPECT_EQ(float_to_half_bits(65504.0f), 0x7bff);
  EXPECT_EQ(float_to_half_bits(65519.99f), 0x7bff);
  EXPECT_EQ(float_to_half_bits(65520.0f), 0x7c00);    // tie rounds up to inf
  EXPECT_EQ(float_to_half_bits(0x1p-24f), 0x0001);    // smallest subnormal
  EXPECT_EQ(float_to_half_bits(0x1p-25f), 0x0000);    // tie to even (zero)
  EXPECT_EQ(float_to_half_bits(0x1.8p-24f), 0x0002);  // tie to even (two)
  EXPECT_EQ(float_to_half_bits(-0.0f), 0x8000);
  EXPECT_EQ(float_to_half_bits(1e30f), 0x7c00);
  EXPECT_EQ(float_to_half_bits(-INFINITY), 0xfc00);
  EXPECT_EQ(float_to_half_bits(std::bit_cast<float>(0x7f800001u)) & 0x7e00, 0x7e00);
}

TEST(SimTileFloatSpans, SpanConversionsMatchScalarOnes) {
  std::vector<float> values = {0.0f, -1.5f, 3.14159f, 1e-40f, 70000.0f, -INFINITY};
  std::vector<uint16_t> bf(values.size()), half(values.size());
  ASSERT_TRUE(convert_float_to_bfloat16(values, bf).ok());
  ASSERT_TRUE(convert_float_to_half(values, half).ok());
  std::vector<float> back(values.size());
  for (size_t i = 0; i < values.size(); ++i) {
    EXPECT_EQ(bf[i], reference_bfloat16(values[i]));
    EXPECT_EQ(half[i], reference_half(values[i]));
  }
  ASSERT_TRUE(convert_bfloat16_to_float(bf, back).ok());
  EXPECT_EQ(back[2], bfloat16_bits_to_float(bf[2]));
  ASSERT_TRUE(convert_half_to_float(half, back).ok());
  EXPECT_EQ(back[2], half_bits_to_float(half[2]));

  std::vector<uint16_t> short_out(2);
  Status status = convert_float_to_bfloat16(values, short_out);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.error().message().find("6 elements"), std::string::npos)
      << status.error().message();
}

}  // namespace
}  // namespace tessera::sim::tile
