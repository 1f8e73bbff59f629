// Whole-tensor encode/decode across formats and layouts.
#include "tessera/sim/tile/tensor_codec.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "reference_float.h"
#include "tessera/sim/tile/tile_layout.h"

namespace tessera::sim::tile {
namespace {

std::vector<float> random_values(size_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::normal_distribution<float> normal(0.0f, 3.0f);
  std::vector<float> v(n);
  for (float& x : v) x = normal(rng);
  return v;
}

TEST(SimTileTensorCodec, SizesPerFormatAndLayout) {
  const uint64_t shape[] = {2, 40, 50};  // 2 x 2 x 2 tiles
  EXPECT_EQ(*tensor_size_bytes(shape, DataFormat::kBfp8_b, TensorLayout::kTile), 8u * 1088);
  EXPECT_EQ(*tensor_size_bytes(shape, DataFormat::kFloat16_b, TensorLayout::kTile), 8u * 2048);
  EXPECT_EQ(*tensor_size_bytes(shape, DataFormat::kFloat16_b, TensorLayout::kRowMajor),
            2u * 40 * 50 * 2);
  Result<uint64_t> bad = tensor_size_bytes(shape, DataFormat::kBfp8_b, TensorLayout::kRowMajor);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message().find("tile layout"), std::string::npos);
}

TEST(SimTileTensorCodec, Bfloat16TiledBytesAreRoundedValuesInTileOrder) {
  const std::vector<uint64_t> shape = {33, 40};
  const std::vector<float> values = random_values(33 * 40, 1);
  Result<std::vector<std::byte>> bytes =
      encode_tensor(values, shape, DataFormat::kFloat16_b, TensorLayout::kTile, -1.0f);
  ASSERT_TRUE(bytes.ok()) << bytes.error().describe();
  ASSERT_EQ(bytes->size(), 4u * 2048);
  auto bf16_at = [&](uint64_t tile_index, uint32_t r, uint32_t c) {
    uint16_t bits;
    std::memcpy(&bits, bytes->data() + (tile_index * 1024 + tile_offset(r, c)) * 2, 2);
    return bits;
  };
  // Element (32, 35) is tile (1, 1), position (0, 3).
  EXPECT_EQ(bf16_at(3, 0, 3), testing::reference_bfloat16(values[32 * 40 + 35]));
  EXPECT_EQ(bf16_at(0, 7, 9), testing::reference_bfloat16(values[7 * 40 + 9]));
  EXPECT_EQ(bf16_at(3, 5, 5), 0xbf80);  // padding: -1.0
  Result<std::vector<float>> back =
      decode_tensor(*bytes, shape, DataFormat::kFloat16_b, TensorLayout::kTile);
  ASSERT_TRUE(back.ok());
  for (size_t i = 0; i < values.size(); ++i) {
    ASSERT_EQ(static_cast<double>((*back)[i]),
              testing::reference_bfloat16_value(testing::reference_bfloat16(values[i])))
        << i;
  }
}

TEST(SimTileTensorCodec, EveryFormatRoundTripsCloseToTheInput) {
  const std::vector<uint64_t> shape = {3, 64, 96};
  std::vector<float> values = random_values(3 * 64 * 96, 2);
  for (float& v : values) v = std::fabs(v) * 10.0f;  // non-negative for unsigned formats
  struct Case {
    DataFormat format;
    TensorLayout layout;
    double rtol, atol;
  };
  for (const Case& c : {Case{DataFormat::kFloat32, TensorLayout::kRowMajor, 0, 0},
                        Case{DataFormat::kFloat32, TensorLayout::kTile, 0, 0},
                        Case{DataFormat::kFloat16, TensorLayout::kTile, 1.0 / 2048, 0},
                        Case{DataFormat::kFloat16_b, TensorLayout::kRowMajor, 1.0 / 256, 0},
                        Case{DataFormat::kBfp8_b, TensorLayout::kTile, 0, 1.0},
                        Case{DataFormat::kUInt16, TensorLayout::kTile, 0, 0.5},
                        Case{DataFormat::kInt32, TensorLayout::kRowMajor, 0, 0.5}}) {
    SCOPED_TRACE(std::string(data_format_name(c.format)) + " " + tensor_layout_name(c.layout));
    Result<std::vector<std::byte>> bytes = encode_tensor(values, shape, c.format, c.layout);
    ASSERT_TRUE(bytes.ok()) << bytes.error().describe();
    Result<std::vector<float>> back = decode_tensor(*bytes, shape, c.format, c.layout);
    ASSERT_TRUE(back.ok()) << back.error().describe();
    ASSERT_EQ(back->size(), values.size());
    for (size_t i = 0; i < values.size(); ++i) {
      ASSERT_LE(std::fabs((*back)[i] - values[i]), c.atol + c.rtol * std::fabs(values[i])) << i;
    }
  }
}

TEST(SimTileTensorCodec, MismatchedInputsAreErrors) {
  const std::vector<uint64_t> shape = {4, 4};
  std::vector<float> values(15);
  Result<std::vector<std::byte>> wrong_count =
      encode_tensor(values, shape, DataFormat::kFloat32, TensorLayout::kTile);
  ASSERT_FALSE(wrong_count.ok());
  EXPECT_NE(wrong_count.error().message().find("16 elements"), std::string::npos);
  std::vector<std::byte> short_bytes(100);
  EXPECT_FALSE(decode_tensor(short_bytes, shape, DataFormat::kBfp8_b, TensorLayout::kTile).ok());
  EXPECT_FALSE(
      decode_tensor(short_bytes, shape, DataFormat::kFloat32, static_cast<TensorLayout>(5)).ok());
}

}  // namespace
}  // namespace tessera::sim::tile
