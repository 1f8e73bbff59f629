// Bfp8_b tiles: packed bytes and unpacked values, bit-exact against a double-arithmetic
// reference of the tt-metal packing rule (truncating alignment, then round half to even).
#include "tessera/sim/tile/bfp8.h"

#include <gtest/gtest.h>

#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "tessera/sim/tile/tile_layout.h"

namespace tessera::sim::tile {
namespace {

using FloatTile = std::array<float, kTileElements>;
using PackedTile = std::array<std::byte, kBfp8TileBytes>;

// Biased fp32 exponent of a finite value; 0 for zero and subnormals.
int biased_exponent(float f) {
  const double a = std::fabs(static_cast<double>(f));
  if (a < std::ldexp(1.0, -126)) return 0;
  int e = 0;
  std::frexp(a, &e);
  return e + 126;
}

struct ReferenceRow {
  uint8_t shared = 0;
  std::array<uint8_t, 16> bytes{};
  std::array<float, 16> values{};
};

ReferenceRow reference_row(const float* row) {
  ReferenceRow out;
  int shared = 0;
  for (int i = 0; i < 16; ++i) shared = std::max(shared, biased_exponent(row[i]));
  out.shared = static_cast<uint8_t>(shared);
  for (int i = 0; i < 16; ++i) {
    const double a = std::fabs(static_cast<double>(row[i]));
    double magnitude = 0;
    if (biased_exponent(row[i]) != 0) {
      const double grid = std::ldexp(1.0, shared - 150);  // lsb of the shared 24-bit mantissa
      const double aligned = std::floor(a / grid);
      magnitude = std::min(127.0, std::nearbyint(aligned / 131072.0));  // drop 17 bits
    }
    const bool negative = std::signbit(row[i]) && magnitude > 0;
    out.bytes[i] = static_cast<uint8_t>((negative ? 0x80 : 0) | static_cast<int>(magnitude));
    const double value = magnitude * std::ldexp(1.0, shared - 133);
    out.values[i] = static_cast<float>(negative ? -value : value);
  }
  return out;
}

void expect_matches_reference(const FloatTile& tile) {
  PackedTile packed;
  pack_bfp8_b_tile(tile, packed);
  FloatTile unpacked;
  unpack_bfp8_b_tile(packed, unpacked);
  for (uint32_t row = 0; row < 64; ++row) {
    const ReferenceRow want = reference_row(tile.data() + row * 16);
    ASSERT_EQ(std::to_integer<int>(packed[row]), want.shared) << "face row " << row;
    for (uint32_t i = 0; i < 16; ++i) {
      const uint32_t at = row * 16 + i;
      ASSERT_EQ(std::to_integer<int>(packed[64 + at]), want.bytes[i])
          << "element " << at << " value " << tile[at];
      ASSERT_EQ(std::bit_cast<uint32_t>(unpacked[at]), std::bit_cast<uint32_t>(want.values[i]))
          << "element " << at << " value " << tile[at] << " got " << unpacked[at];
    }
  }
}

TEST(SimTileBfp8, RandomTilesWithMixedRowScalesMatchReference) {
  std::mt19937 rng(7);
  std::normal_distribution<float> normal(0.0f, 1.0f);
  std::uniform_int_distribution<int> scale(-40, 40);
  for (int trial = 0; trial < 50; ++trial) {
    FloatTile tile;
    for (uint32_t i = 0; i < kTileElements; ++i) {
      tile[i] = std::ldexp(normal(rng), (i % 5 == 0) ? scale(rng) : 0);
    }
    expect_matches_reference(tile);
  }
}

TEST(SimTileBfp8, TiesRoundToEvenAndOverflowSaturates) {
  FloatTile tile{};
  // Row 0: shared exponent of 1.0; 1/64 is one magnitude step.
  tile[0] = 1.0f;
  tile[1] = 2.5f / 64;   // tie between 2 and 3 -> 2
  tile[2] = 3.5f / 64;   // tie between 3 and 4 -> 4
  tile[3] = 1.9999999f;  // rounds to 128 -> saturates at 127
  tile[4] = -2.5f / 64;  // negative tie -> -2
  tile[5] = 0.4f / 64;   // rounds to zero: sign dropped
  tile[6] = -0.4f / 64;
  tile[7] = std::ldexp(1.0f, -30);  // far below: zero
  tile[8] = 0x1p-140f;              // subnormal: flushed
  expect_matches_reference(tile);
  PackedTile packed;
  pack_bfp8_b_tile(tile, packed);
  EXPECT_EQ(std::to_integer<int>(packed[64 + 1]), 2);
  EXPECT_EQ(std::to_integer<int>(packed[64 + 2]), 4);
  EXPECT_EQ(std::to_integer<int>(packed[64 + 3]), 127);
  EXPECT_EQ(std::to_integer<int>(packed[64 + 4]), 0x82);
  EXPECT_EQ(std::to_integer<int>(packed[64 + 6]), 0);
}

TEST(SimTileBfp8, TruncatingAlignmentLosesStickyBits) {
  // (1 + 2^-6 + 2^-23) under shared exponent of 2.0 is 32.5000004 steps of 1/32. The
  // truncating shift drops the 2^-23 bit, leaving an exact tie that rounds to even (32),
  // as tt-metal's packer does; exact rounding would give 33.
  FloatTile tile{};
  tile[0] = 2.0f;
  tile[1] = std::bit_cast<float>(0x3f820001u);
  expect_matches_reference(tile);
  PackedTile packed;
  pack_bfp8_b_tile(tile, packed);
  EXPECT_EQ(std::to_integer<int>(packed[64 + 1]), 32);
}

TEST(SimTileBfp8, LayoutIsFaceRowExponentsThenTileOrderData) {
  FloatTile tile{};
  // Element (row 20, col 5) is in face 2, face row 4: exponent byte 2*16+4 = 36.
  const uint32_t at = tile_offset(20, 5);
  tile[at] = 8.0f;  // biased exponent 130
  PackedTile packed;
  pack_bfp8_b_tile(tile, packed);
  for (uint32_t row = 0; row < 64; ++row) {
    EXPECT_EQ(std::to_integer<int>(packed[row]), row == 36 ? 130 : 0) << row;
  }
  EXPECT_EQ(at, 2 * 256 + 4 * 16 + 5);
  EXPECT_EQ(std::to_integer<int>(packed[64 + at]), 0x40);  // hidden bit in bit 6
}

TEST(SimTileBfp8, InfinityAndNanSurvive) {
  FloatTile tile{};
  tile[0] = INFINITY;
  tile[1] = -INFINITY;
  tile[2] = NAN;
  tile[3] = std::bit_cast<float>(0x7f800001u);  // signalling NaN with tiny payload
  tile[4] = std::ldexp(1.5f, 127);              // finite, one exponent below
  tile[5] = 1.0f;                               // far below: zero
  PackedTile packed;
  pack_bfp8_b_tile(tile, packed);
  FloatTile back;
  unpack_bfp8_b_tile(packed, back);
  EXPECT_EQ(back[0], INFINITY);
  EXPECT_EQ(back[1], -INFINITY);
  EXPECT_TRUE(std::isnan(back[2]));
  EXPECT_TRUE(std::isnan(back[3]));
  EXPECT_EQ(back[4], std::ldexp(1.5f, 127));
  EXPECT_EQ(back[5], 0.0f);
}

TEST(SimTileBfp8, ArbitraryBytesUnpackToTheirDefinedValue) {
  std::mt19937 rng(11);
  std::uniform_int_distribution<int> byte(0, 255);
  PackedTile packed;
  for (int trial = 0; trial < 20; ++trial) {
    for (auto& b : packed) b = static_cast<std::byte>(byte(rng));
    FloatTile values;
    unpack_bfp8_b_tile(packed, values);
    for (uint32_t i = 0; i < kTileElements; ++i) {
      const int shared = std::to_integer<int>(packed[i / 16]);
      const int data = std::to_integer<int>(packed[64 + i]);
      const int magnitude = data & 0x7f;
      if (shared == 255 && magnitude >= 64) {
        EXPECT_FALSE(std::isfinite(values[i])) << i;
        continue;
      }
      const double want = ((data & 0x80) ? -1 : 1) * std::ldexp(magnitude, shared - 133);
      ASSERT_EQ(static_cast<double>(values[i]), want) << "element " << i << " shared " << shared;
    }
  }
}

TEST(SimTileBfp8, RoundingIsIdempotent) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> uniform(-100.0f, 100.0f);
  FloatTile tile;
  for (float& v : tile) v = uniform(rng);
  round_tile_to_bfp8_b(tile);
  FloatTile again = tile;
  round_tile_to_bfp8_b(again);
  for (uint32_t i = 0; i < kTileElements; ++i) ASSERT_EQ(tile[i], again[i]) << i;
}

}  // namespace
}  // namespace tessera::sim::tile
