#include "device_matrix.h"

#include <gtest/gtest.h>

#include <random>

#include "tessera/sim/tile/element_convert.h"
#include "tessera/sim/tile/tilize.h"

namespace tessera::metal::testing {

std::vector<float> random_values(sim::tile::DataFormat format, uint64_t count, uint32_t seed,
                                 float low, float high) {
  std::mt19937 generator(seed);
  std::uniform_real_distribution<float> value(low, high);
  std::vector<float> values(count);
  for (float& v : values) v = value(generator);
  Status status = sim::tile::round_to_format(format, values);
  EXPECT_TRUE(status.ok()) << status.error().describe();
  return values;
}

std::vector<uint8_t> to_device_tiles(sim::tile::DataFormat format, std::span<const float> values,
                                     uint64_t rows, uint64_t cols) {
  const uint64_t shape[] = {rows, cols};
  auto tiles = sim::tile::tilize<float>(values, shape);
  EXPECT_TRUE(tiles.ok()) << tiles.error().describe();
  if (!tiles.ok()) return {};
  std::vector<uint8_t> bytes(tiles->size() * sim::tile::element_size_bytes(format));
  Status status =
      sim::tile::encode_from_float(format, *tiles, std::as_writable_bytes(std::span(bytes)));
  EXPECT_TRUE(status.ok()) << status.error().describe();
  return bytes;
}

std::vector<float> from_device_tiles(sim::tile::DataFormat format, std::span<const uint8_t> bytes,
                                     uint64_t rows, uint64_t cols) {
  std::vector<float> tiles(rows * cols);
  Status status = sim::tile::decode_to_float(format, std::as_bytes(bytes), tiles);
  EXPECT_TRUE(status.ok()) << status.error().describe();
  const uint64_t shape[] = {rows, cols};
  auto values = sim::tile::untilize<float>(tiles, shape);
  EXPECT_TRUE(values.ok()) << values.error().describe();
  return values.ok() ? *values : std::vector<float>{};
}

}  // namespace tessera::metal::testing
