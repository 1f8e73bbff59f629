// The fused packed-tile path gives bit for bit what unpacking both tiles to
// fp32 and running the plain tile op gives, for every op, format pairing and
// special value.
#include "tessera/sim/compute/eltwise_binary_packed.h"

#include <gtest/gtest.h>

#include <bit>
#include <cstring>
#include <limits>
#include <vector>

#include "compute_test_util.h"
#include "tessera/sim/compute/eltwise_binary.h"
#include "tessera/sim/tile/tile_codec.h"

namespace tessera::sim::compute {
namespace {

using testing::FloatTile;
using tile::DataFormat;

FloatTile values(uint32_t seed) {
  const testing::Matrix m = testing::random_matrix(seed, 1024, -3.0, 3.0);
  FloatTile t;
  for (size_t i = 0; i < t.size(); ++i) t[i] = static_cast<float>(m[i]);
  // Special values at fixed places: both operands get some.
  t[seed % 7] = std::numeric_limits<float>::infinity();
  t[17 + seed % 5] = -0.0f;
  t[100 + seed] = std::numeric_limits<float>::quiet_NaN();
  t[500] = std::numeric_limits<float>::denorm_min();
  t[900] = 0.0f;
  return t;
}

std::vector<std::byte> packed(DataFormat format, const FloatTile& t) {
  std::vector<std::byte> bytes(tile::tile_size_bytes(format));
  EXPECT_TRUE(tile::pack_tile(format, t, bytes).ok());
  return bytes;
}

FloatTile unpacked(DataFormat format, const std::vector<std::byte>& bytes) {
  FloatTile t;
  EXPECT_TRUE(tile::unpack_tile(format, bytes, t).ok());
  return t;
}

TEST(SimComputeEltwisePacked, BitIdenticalToUnpackThenCompute) {
  const FloatTile a = values(1), b = values(2);
  for (DataFormat fa : {DataFormat::kFloat32, DataFormat::kFloat16_b}) {
    for (DataFormat fb : {DataFormat::kFloat32, DataFormat::kFloat16_b}) {
      ASSERT_TRUE(has_packed_binary_path(fa, fb));
      const auto pa = packed(fa, a), pb = packed(fb, b);
      for (int code = 0; code <= static_cast<int>(BinaryOp::kPow); ++code) {
        const auto op = static_cast<BinaryOp>(code);
        FloatTile fused, want;
        ASSERT_TRUE(eltwise_binary_packed_tile(op, fa, pa.data(), fb, pb.data(), fused).ok());
        ASSERT_TRUE(
            eltwise_binary_tile(op, BroadcastType::kNone, unpacked(fa, pa), unpacked(fb, pb), want)
                .ok());
        for (size_t i = 0; i < fused.size(); ++i) {
          ASSERT_EQ(std::bit_cast<uint32_t>(fused[i]), std::bit_cast<uint32_t>(want[i]))
              << binary_op_name(op) << " " << tile::data_format_name(fa) << " x "
              << tile::data_format_name(fb) << " element " << i;
        }
      }
    }
  }
}

TEST(SimComputeEltwisePacked, OtherFormatsAndBadOpsAreRefused) {
  EXPECT_FALSE(has_packed_binary_path(DataFormat::kBfp8_b, DataFormat::kFloat16_b));
  EXPECT_FALSE(has_packed_binary_path(DataFormat::kFloat32, DataFormat::kUInt32));
  const auto bytes = packed(DataFormat::kFloat32, values(3));
  FloatTile dst{};
  EXPECT_FALSE(eltwise_binary_packed_tile(BinaryOp::kAdd, DataFormat::kBfp8_b, bytes.data(),
                                          DataFormat::kFloat32, bytes.data(), dst)
                   .ok());
  EXPECT_FALSE(eltwise_binary_packed_tile(static_cast<BinaryOp>(42), DataFormat::kFloat32,
                                          bytes.data(), DataFormat::kFloat32, bytes.data(), dst)
                   .ok());
}

}  // namespace
}  // namespace tessera::sim::compute
