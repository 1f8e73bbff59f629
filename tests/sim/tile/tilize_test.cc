// Tilize / untilize: element placement, padding, round trips, and bad input.
#include "tessera/sim/tile/tilize.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <numeric>
#include <random>
#include <vector>

#include "tessera/sim/tile/tile_layout.h"

namespace tessera::sim::tile {
namespace {

TEST(SimTileLayout, TileOffsetWalksFacesInOrder) {
  EXPECT_EQ(tile_offset(0, 0), 0u);
  EXPECT_EQ(tile_offset(0, 15), 15u);
  EXPECT_EQ(tile_offset(0, 16), 256u);  // face 1
  EXPECT_EQ(tile_offset(1, 0), 16u);
  EXPECT_EQ(tile_offset(16, 0), 512u);    // face 2
  EXPECT_EQ(tile_offset(31, 31), 1023u);  // face 3, last
}

TEST(SimTileLayout, TiledShapeFoldsBatchAndPads) {
  const uint64_t shape[] = {2, 3, 33, 70};
  Result<TiledShape> tiled = tiled_shape(shape);
  ASSERT_TRUE(tiled.ok());
  EXPECT_EQ(tiled->batch, 6u);
  EXPECT_EQ(tiled->padded_rows, 64u);
  EXPECT_EQ(tiled->padded_cols, 96u);
  EXPECT_EQ(tiled->num_tiles(), 6u * 2 * 3);
  const uint64_t vector_shape[] = {5};
  EXPECT_EQ(*tile_count(vector_shape), 1u);
  EXPECT_EQ(*tile_count(std::span<const uint64_t>()), 1u);
}

TEST(SimTileLayout, ZeroDimIsAnError) {
  const uint64_t shape[] = {4, 0, 32};
  Result<TiledShape> tiled = tiled_shape(shape);
  ASSERT_FALSE(tiled.ok());
  EXPECT_NE(tiled.error().message().find("dim 1"), std::string::npos) << tiled.error().message();
}

// Reference placement: element (b, r, c) lands at tile (b, r/32, c/32), offset tile_offset.
template <typename T>
void expect_tilized_positions(const std::vector<uint64_t>& shape, T pad) {
  const TiledShape s = *tiled_shape(shape);
  std::vector<T> input(s.logical_elements());
  for (size_t i = 0; i < input.size(); ++i) input[i] = static_cast<T>(i * 7 + 1);
  Result<std::vector<T>> tiles = tilize<T>(input, shape, pad);
  ASSERT_TRUE(tiles.ok()) << tiles.error().describe();
  ASSERT_EQ(tiles->size(), s.padded_elements());
  for (uint64_t b = 0; b < s.batch; ++b) {
    for (uint64_t r = 0; r < s.padded_rows; ++r) {
      for (uint64_t c = 0; c < s.padded_cols; ++c) {
        const uint64_t tile = (b * s.tiles_per_col + r / 32) * s.tiles_per_row + c / 32;
        const T got = (*tiles)[tile * 1024 + tile_offset(r % 32, c % 32)];
        const bool inside = r < s.rows && c < s.cols;
        const T want = inside ? input[(b * s.rows + r) * s.cols + c] : pad;
        ASSERT_EQ(got, want) << "b " << b << " r " << r << " c " << c;
      }
    }
  }
  Result<std::vector<T>> back = untilize<T>(*tiles, shape);
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(*back, input);
}

TEST(SimTileTilize, FourByteElementsLandInTileOrderWithPadding) {
  expect_tilized_positions<uint32_t>({2, 40, 70}, 0xdeadbeef);
  expect_tilized_positions<uint32_t>({64, 64}, 0);
  expect_tilized_positions<uint32_t>({3}, 9);
}

TEST(SimTileTilize, TwoAndOneByteElements) {
  expect_tilized_positions<uint16_t>({1, 2, 33, 17}, 0xffff);
  expect_tilized_positions<uint8_t>({5, 100}, 0xab);
}

TEST(SimTileTilize, FloatRoundTripIsBitExact) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
  const std::vector<uint64_t> shape = {3, 96, 160};
  std::vector<float> input(3 * 96 * 160);
  for (float& v : input) v = uniform(rng);
  Result<std::vector<float>> tiles = tilize<float>(input, shape);
  ASSERT_TRUE(tiles.ok());
  Result<std::vector<float>> back = untilize<float>(*tiles, shape);
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(0, std::memcmp(back->data(), input.data(), input.size() * sizeof(float)));
}

TEST(SimTileTilize, BlockOfTilesMatchesTensorTilize) {
  std::vector<uint16_t> rows(32 * 96);
  std::iota(rows.begin(), rows.end(), uint16_t{0});
  std::vector<uint16_t> tiles(3 * 1024);
  ASSERT_TRUE(
      tilize_block(std::as_bytes(std::span(rows)), std::as_writable_bytes(std::span(tiles)), 3, 2)
          .ok());
  EXPECT_EQ(tiles[1024 + tile_offset(17, 3)], 17 * 96 + 32 + 3);
  std::vector<uint16_t> back(rows.size());
  ASSERT_TRUE(
      untilize_block(std::as_bytes(std::span(tiles)), std::as_writable_bytes(std::span(back)), 3, 2)
          .ok());
  EXPECT_EQ(back, rows);
}

TEST(SimTileTilize, HugeShapeIsAnErrorNotAnException) {
  const uint64_t shape[] = {uint64_t{1} << 20, uint64_t{1} << 20, 33};  // 2^45 padded elements
  std::vector<float> few(4);
  Result<std::vector<float>> tiles = tilize<float>(few, shape);
  ASSERT_FALSE(tiles.ok());
  EXPECT_NE(tiles.error().message().find("36283883716608"), std::string::npos)
      << tiles.error().message();
  Result<std::vector<float>> rows = untilize<float>(few, shape);
  EXPECT_FALSE(rows.ok());
}

TEST(SimTileTilize, BadInputIsAnErrorWithNumbers) {
  std::vector<std::byte> small(100), out(4096);
  const uint64_t shape[] = {32, 32};
  const std::byte pad[4] = {};
  Status short_input = tilize(small, out, shape, 4, pad);
  ASSERT_FALSE(short_input.ok());
  EXPECT_NE(short_input.error().message().find("4096"), std::string::npos)
      << short_input.error().message();
  Status odd_size = tilize(out, out, shape, 3, std::span<const std::byte>(pad, 3));
  ASSERT_FALSE(odd_size.ok());
  EXPECT_NE(odd_size.error().message().find("3 bytes"), std::string::npos);
  Status pad_mismatch = tilize(out, out, shape, 4, std::span<const std::byte>(pad, 2));
  EXPECT_FALSE(pad_mismatch.ok());
  Status short_output = untilize(small, out, shape, 4);
  EXPECT_FALSE(short_output.ok());
  EXPECT_FALSE(tilize_block(out, out, 0, 4).ok());
}

}  // namespace
}  // namespace tessera::sim::tile
