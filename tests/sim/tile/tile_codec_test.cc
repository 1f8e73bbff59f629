// Data formats, element conversions between formats, and the tile unpacker/packer.
#include "tessera/sim/tile/tile_codec.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "reference_float.h"
#include "tessera/sim/tile/bfp8.h"
#include "tessera/sim/tile/data_format.h"
#include "tessera/sim/tile/element_convert.h"

namespace tessera::sim::tile {
namespace {

using FloatTile = std::array<float, kTileElements>;

TEST(SimTileDataFormat, SizesNamesAndCodes) {
  EXPECT_EQ(tile_size_bytes(DataFormat::kFloat32), 4096u);
  EXPECT_EQ(tile_size_bytes(DataFormat::kFloat16_b), 2048u);
  EXPECT_EQ(tile_size_bytes(DataFormat::kFloat16), 2048u);
  EXPECT_EQ(tile_size_bytes(DataFormat::kBfp8_b), 1088u);
  EXPECT_EQ(tile_size_bytes(DataFormat::kUInt8), 1024u);
  EXPECT_EQ(tile_size_bytes(DataFormat::kInt32), 4096u);
  EXPECT_EQ(element_size_bytes(DataFormat::kUInt16), 2u);
  EXPECT_STREQ(data_format_name(DataFormat::kBfp8_b), "Bfp8_b");
  EXPECT_EQ(*data_format_from_code(6), DataFormat::kBfp8_b);
  EXPECT_EQ(*data_format_from_name("Float16_b"), DataFormat::kFloat16_b);
  Result<DataFormat> unknown = data_format_from_code(7);
  ASSERT_FALSE(unknown.ok());
  EXPECT_NE(unknown.error().message().find("code 7"), std::string::npos);
  EXPECT_FALSE(data_format_from_name("Bfp4_b").ok());
}

FloatTile random_tile(uint32_t seed, float scale) {
  std::mt19937 rng(seed);
  std::normal_distribution<float> normal(0.0f, scale);
  FloatTile tile;
  for (float& v : tile) v = normal(rng);
  return tile;
}

TEST(SimTileCodec, Bfloat16TileMatchesReferenceBits) {
  const FloatTile tile = random_tile(1, 10.0f);
  std::vector<std::byte> packed(tile_size_bytes(DataFormat::kFloat16_b));
  ASSERT_TRUE(pack_tile(DataFormat::kFloat16_b, tile, packed).ok());
  FloatTile back;
  ASSERT_TRUE(unpack_tile(DataFormat::kFloat16_b, packed, back).ok());
  for (uint32_t i = 0; i < kTileElements; ++i) {
    uint16_t bits;
    std::memcpy(&bits, packed.data() + 2 * i, 2);
    ASSERT_EQ(bits, testing::reference_bfloat16(tile[i])) << i;
    ASSERT_EQ(static_cast<double>(back[i]), testing::reference_bfloat16_value(bits)) << i;
  }
}

TEST(SimTileCodec, EveryFormatRoundTripsItsOwnValues) {
  for (DataFormat format :
       {DataFormat::kFloat32, DataFormat::kFloat16, DataFormat::kFloat16_b, DataFormat::kBfp8_b,
        DataFormat::kInt32, DataFormat::kUInt16, DataFormat::kUInt32, DataFormat::kUInt8}) {
    FloatTile tile = random_tile(2, 50.0f);
    for (float& v : tile) v = std::fabs(v);
    ASSERT_TRUE(round_to_format(format, tile).ok());
    std::vector<std::byte> packed(tile_size_bytes(format));
    ASSERT_TRUE(pack_tile(format, tile, packed).ok()) << data_format_name(format);
    FloatTile back;
    ASSERT_TRUE(unpack_tile(format, packed, back).ok());
    for (uint32_t i = 0; i < kTileElements; ++i) {
      ASSERT_EQ(back[i], tile[i]) << data_format_name(format) << " element " << i;
    }
  }
}

TEST(SimTileCodec, IntegerFormatsRoundAndSaturate) {
  const std::vector<float> values = {-3.5f, 2.5f, 3.5f, 70000.0f, NAN, 1e20f, -1e20f, 255.5f};
  std::vector<std::byte> bytes(values.size() * 4);
  std::vector<float> back(values.size());
  ASSERT_TRUE(encode_from_float(DataFormat::kUInt16, values, bytes).ok());
  ASSERT_TRUE(decode_to_float(DataFormat::kUInt16, bytes, back).ok());
  EXPECT_EQ(back, (std::vector<float>{0, 2, 4, 65535, 0, 65535, 0, 256}));
  ASSERT_TRUE(encode_from_float(DataFormat::kInt32, values, bytes).ok());
  ASSERT_TRUE(decode_to_float(DataFormat::kInt32, bytes, back).ok());
  EXPECT_EQ(back, (std::vector<float>{-4, 2, 4, 70000, 0, 2147483648.0f, -2147483648.0f, 256}));
  ASSERT_TRUE(encode_from_float(DataFormat::kUInt8, values, bytes).ok());
  ASSERT_TRUE(decode_to_float(DataFormat::kUInt8, bytes, back).ok());
  EXPECT_EQ(back, (std::vector<float>{0, 2, 4, 255, 0, 255, 0, 255}));
}

TEST(SimTileCodec, IntegerToIntegerKeepsAllBits) {
  const std::vector<uint32_t> values = {0xffffffffu, 16777217u, 5u, 0x80000000u};
  std::vector<int32_t> as_int(values.size());
  ASSERT_TRUE(convert_elements(DataFormat::kUInt32, std::as_bytes(std::span(values)),
                               DataFormat::kInt32, std::as_writable_bytes(std::span(as_int)),
                               values.size())
                  .ok());
  EXPECT_EQ(as_int, (std::vector<int32_t>{2147483647, 16777217, 5, 2147483647}));
}

TEST(SimTileCodec, ConvertTilesBetweenBlockAndPlainFormats) {
  const FloatTile a = random_tile(3, 1.0f);
  const FloatTile b = random_tile(4, 1000.0f);
  std::vector<float> fp32(a.begin(), a.end());
  fp32.insert(fp32.end(), b.begin(), b.end());
  std::vector<std::byte> bf16(2 * 2048), bfp8(2 * 1088), again(2 * 2048);
  const auto fp32_bytes = std::as_bytes(std::span(fp32));
  ASSERT_TRUE(
      convert_tiles(DataFormat::kFloat32, fp32_bytes, DataFormat::kFloat16_b, bf16, 2).ok());
  ASSERT_TRUE(convert_tiles(DataFormat::kFloat16_b, bf16, DataFormat::kBfp8_b, bfp8, 2).ok());
  ASSERT_TRUE(convert_tiles(DataFormat::kBfp8_b, bfp8, DataFormat::kFloat16_b, again, 2).ok());
  // Reference: bf16 rounding then bfp8 rounding of each tile, via the fp32 tile functions.
  for (int t = 0; t < 2; ++t) {
    FloatTile expect = t == 0 ? a : b;
    ASSERT_TRUE(round_to_format(DataFormat::kFloat16_b, expect).ok());
    round_tile_to_bfp8_b(expect);
    FloatTile got;
    ASSERT_TRUE(unpack_tile(DataFormat::kFloat16_b, std::span(again).subspan(t * 2048), got).ok());
    for (uint32_t i = 0; i < kTileElements; ++i) ASSERT_EQ(got[i], expect[i]) << t << " " << i;
  }
}

TEST(SimTileCodec, ShortBuffersAndBadFormatsAreErrors) {
  FloatTile tile{};
  std::vector<std::byte> small(1000);
  Status status = pack_tile(DataFormat::kBfp8_b, tile, small);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.error().message().find("1088"), std::string::npos) << status.error().message();
  EXPECT_FALSE(unpack_tile(DataFormat::kFloat32, small, tile).ok());
  EXPECT_FALSE(unpack_tile(static_cast<DataFormat>(99), small, tile).ok());
  EXPECT_FALSE(convert_tiles(DataFormat::kBfp8_b, small, DataFormat::kFloat32, small, 3).ok());
  EXPECT_FALSE(convert_elements(DataFormat::kBfp8_b, small, DataFormat::kFloat32, small, 1).ok());
  std::vector<float> not_tiles(100);
  EXPECT_FALSE(round_to_format(DataFormat::kBfp8_b, not_tiles).ok());
}

}  // namespace
}  // namespace tessera::sim::tile
