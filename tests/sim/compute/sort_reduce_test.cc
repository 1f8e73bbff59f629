// The SFPU's sorting and reducing tile operations: the top-K stages,
// sfpu_reduce and the max pool with indices, against plain references.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <numeric>
#include <random>
#include <vector>

#include "tessera/sim/compute/max_pool_with_indices.h"
#include "tessera/sim/compute/sfpu_reduce.h"
#include "tessera/sim/compute/topk.h"
#include "tessera/sim/tile/tile_layout.h"

namespace tessera::sim::compute {
namespace {

using tile::kTileElements;
using tile::tile_offset;

// Four Dst tiles for top-K: column c's 64 values are `values[c]`, their
// indices 0..63.
struct TopkTiles {
  std::vector<float> tiles = std::vector<float>(kTopkTiles * kTileElements);

  float& value(uint32_t column, uint32_t p) {
    return tiles[(p / 32) * kTileElements + tile_offset(p % 32, column)];
  }
  float& index(uint32_t column, uint32_t p) {
    return tiles[2 * kTileElements + (&value(column, p) - tiles.data())];
  }
};

TopkTiles random_sequences(uint32_t seed) {
  TopkTiles t;
  std::mt19937 rng(seed);
  for (uint32_t c = 0; c < 32; ++c) {
    std::vector<float> values(64);
    std::iota(values.begin(), values.end(), -20.0f);  // distinct
    std::shuffle(values.begin(), values.end(), rng);
    for (uint32_t p = 0; p < 64; ++p) {
      t.value(c, p) = values[p] * 0.5f;
      t.index(c, p) = static_cast<float>(p);
    }
  }
  return t;
}

// Every index still names the value that started there.
void expect_indices_follow(TopkTiles& after, TopkTiles& before) {
  for (uint32_t c = 0; c < 32; ++c) {
    for (uint32_t p = 0; p < 64; ++p) {
      const uint32_t from = static_cast<uint32_t>(after.index(c, p));
      ASSERT_LT(from, 64u);
      ASSERT_EQ(after.value(c, p), before.value(c, from)) << "column " << c << " position " << p;
    }
  }
}

TEST(SimComputeTopk, LocalSortLeavesRunsInAlternatingDirections) {
  for (uint32_t end_phase : {1u, 2u, 3u, 4u, 5u}) {
    for (uint32_t direction : {0u, 1u}) {
      SCOPED_TRACE("end phase " + std::to_string(end_phase) + " direction " +
                   std::to_string(direction));
      TopkTiles before = random_sequences(end_phase), t = before;
      ASSERT_TRUE(topk_local_sort(t.tiles, direction, end_phase, 0, 0, 0, false).ok());
      expect_indices_follow(t, before);
      const uint32_t run = 2u << end_phase;
      for (uint32_t c = 0; c < 32; ++c) {
        for (uint32_t start = 0; start < 64; start += run) {
          const bool decreasing = ((direction ^ (start / run)) & 1u) == 0;
          for (uint32_t p = start + 1; p < start + run; ++p) {
            if (decreasing) {
              ASSERT_GT(t.value(c, p - 1), t.value(c, p));
            } else {
              ASSERT_LT(t.value(c, p - 1), t.value(c, p));
            }
          }
        }
      }
    }
  }
}

// TTNN's schedule on one pair of tiles: local sort into runs of K, then
// log2(64 / K) rounds of merge and rebuild leave the top K first, sorted.
TEST(SimComputeTopk, MergeAndRebuildLeaveTheTopKFirst) {
  for (uint32_t k : {4u, 8u, 16u, 32u}) {
    for (bool largest : {true, false}) {
      SCOPED_TRACE("k " + std::to_string(k) + (largest ? " largest" : " smallest"));
      TopkTiles before = random_sequences(k), t = before;
      uint32_t logk = 0;
      while ((1u << logk) < k) ++logk;
      const uint32_t direction = largest ? 0 : 1;
      ASSERT_TRUE(topk_local_sort(t.tiles, direction, logk - 1, 0, 0, 0, false).ok());
      for (uint32_t m = 0; (k << m) < 64; ++m) {
        ASSERT_TRUE(topk_merge(t.tiles, m, k, !largest, false).ok());
        ASSERT_TRUE(topk_rebuild(t.tiles, direction, m, k, logk, false, false).ok());
      }
      expect_indices_follow(t, before);
      for (uint32_t c = 0; c < 32; ++c) {
        std::vector<float> column(64);
        for (uint32_t p = 0; p < 64; ++p) column[p] = before.value(c, p);
        if (largest) {
          std::sort(column.begin(), column.end(), std::greater<float>());
        } else {
          std::sort(column.begin(), column.end());
        }
        for (uint32_t p = 0; p < k; ++p) ASSERT_EQ(t.value(c, p), column[p]) << c << ", " << p;
      }
    }
  }
}

TEST(SimComputeTopk, StableSortOrdersTiesByIndex) {
  TopkTiles t;
  for (uint32_t c = 0; c < 32; ++c) {
    for (uint32_t p = 0; p < 64; ++p) {
      t.value(c, p) = static_cast<float>((p * 7) % 4);  // four values, 16 ties each
      t.index(c, p) = static_cast<float>(p);
    }
  }
  ASSERT_TRUE(topk_local_sort(t.tiles, 0, 5, 0, 0, 0, true).ok());
  for (uint32_t p = 1; p < 64; ++p) {
    ASSERT_GE(t.value(5, p - 1), t.value(5, p));
    if (t.value(5, p - 1) == t.value(5, p)) {
      ASSERT_LT(t.index(5, p - 1), t.index(5, p));
    }
  }
}

TEST(SimComputeTopk, ParametersOutsideTheDevicesRangesAreErrors) {
  TopkTiles t;
  Status bad_k = topk_merge(t.tiles, 0, 12, false, false);
  ASSERT_FALSE(bad_k.ok());
  EXPECT_NE(bad_k.error().message().find("k must be 4, 8, 16, 32 or 64, got 12"),
            std::string::npos);
  EXPECT_FALSE(topk_local_sort(t.tiles, 2, 3, 0, 0, 0, false).ok());
  EXPECT_FALSE(topk_local_sort(t.tiles, 0, 6, 0, 0, 0, false).ok());
  EXPECT_FALSE(topk_rebuild(t.tiles, 0, 0, 16, 5, false, false).ok());  // logk of 32
  EXPECT_FALSE(topk_rebuild(t.tiles, 0, 10, 16, 4, false, false).ok());
}

std::vector<float> tile_of(uint32_t seed, float lo, float hi, bool integers = false) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> uniform(lo, hi);
  std::vector<float> values(kTileElements);
  for (float& v : values) v = integers ? std::nearbyint(uniform(rng)) : uniform(rng);
  return values;
}

TEST(SimComputeSfpuReduce, ColumnsReduceIntoRowZero) {
  const std::vector<float> in = tile_of(1, -4, 4);
  for (PoolType pool : {PoolType::kSum, PoolType::kAvg, PoolType::kMax, PoolType::kMin}) {
    std::vector<float> out = in;
    ASSERT_TRUE(sfpu_reduce(pool, SfpuReduceDim::kCol, tile::DataFormat::kFloat32, out, 1, 1).ok());
    for (uint32_t c = 0; c < 32; ++c) {
      double sum = 0, best = in[tile_offset(0, c)];
      for (uint32_t r = 0; r < 32; ++r) {
        const double v = in[tile_offset(r, c)];
        sum += v;
        best = pool == PoolType::kMin ? std::min(best, v) : std::max(best, v);
      }
      const double expected =
          pool == PoolType::kSum ? sum : (pool == PoolType::kAvg ? sum / 32 : best);
      EXPECT_NEAR(out[tile_offset(0, c)], expected, 1e-5) << c;
      EXPECT_EQ(out[tile_offset(1, c)], in[tile_offset(1, c)]);  // other rows kept
    }
  }
}

TEST(SimComputeSfpuReduce, IntegersWrapAndAverageByShifting) {
  std::vector<float> in(kTileElements, 0.0f);
  for (uint32_t r = 0; r < 32; ++r) {
    in[tile_offset(r, 0)] = -3.0f;                   // sum -96, avg -3
    in[tile_offset(r, 1)] = r == 0 ? -33.0f : 0.0f;  // avg -33/32 truncates to -1
    in[tile_offset(r, 2)] = 2000.0f;                 // uint16: 64000
    in[tile_offset(r, 3)] = 4000.0f;                 // uint16: 128000 wraps to 62464
  }
  std::vector<float> i32 = in;
  ASSERT_TRUE(
      sfpu_reduce(PoolType::kAvg, SfpuReduceDim::kCol, tile::DataFormat::kInt32, i32, 1, 1).ok());
  EXPECT_EQ(i32[tile_offset(0, 0)], -3.0f);
  EXPECT_EQ(i32[tile_offset(0, 1)], -1.0f);
  std::vector<float> u16 = in;
  ASSERT_TRUE(
      sfpu_reduce(PoolType::kSum, SfpuReduceDim::kCol, tile::DataFormat::kUInt16, u16, 1, 1).ok());
  EXPECT_EQ(u16[tile_offset(0, 2)], 64000.0f);
  EXPECT_EQ(u16[tile_offset(0, 3)], 62464.0f);
}

TEST(SimComputeSfpuReduce, RowsReduceAcrossTheTilesOfEachTileRow) {
  // 2 x 2 tiles: rows of tile row 0 span tiles 0 and 1.
  std::vector<float> block(4 * kTileElements);
  for (uint32_t t = 0; t < 4; ++t) {
    const std::vector<float> values = tile_of(10 + t, -2, 2);
    std::copy(values.begin(), values.end(), block.begin() + t * kTileElements);
  }
  std::vector<float> out = block;
  ASSERT_TRUE(
      sfpu_reduce(PoolType::kSum, SfpuReduceDim::kRow, tile::DataFormat::kFloat32, out, 2, 2).ok());
  for (uint32_t tr = 0; tr < 2; ++tr) {
    for (uint32_t r = 0; r < 32; ++r) {
      double sum = 0;
      for (uint32_t t = 0; t < 2; ++t) {
        for (uint32_t c = 0; c < 32; ++c)
          sum += block[(tr * 2 + t) * kTileElements + tile_offset(r, c)];
      }
      EXPECT_NEAR(out[tr * 2 * kTileElements + tile_offset(r, 0)], sum, 1e-4);
    }
  }
  Status avg_rows =
      sfpu_reduce(PoolType::kAvg, SfpuReduceDim::kRow, tile::DataFormat::kFloat32, out, 2, 2);
  ASSERT_FALSE(avg_rows.ok());
  EXPECT_NE(avg_rows.error().message().find("REDUCE_ROW supports SUM and MAX"), std::string::npos);
  EXPECT_FALSE(
      sfpu_reduce(PoolType::kSum, SfpuReduceDim::kCol, tile::DataFormat::kFloat32, out, 2, 2).ok());
  EXPECT_FALSE(sfpu_reduce(PoolType::kSum, SfpuReduceDim::kCol, tile::DataFormat::kBfp8_b,
                           std::span<float>(out).first(kTileElements), 1, 1)
                   .ok());
}

TEST(SimComputeMaxPool, TheLargestOfNineRowsAndItsIndexLandInRowZero) {
  std::vector<float> values = tile_of(3, -5, 5), indices(kTileElements);
  for (uint32_t i = 0; i < kTileElements; ++i) indices[i] = static_cast<float>(i);
  const std::vector<float> before = values;
  ASSERT_TRUE(max_pool_with_indices({}, TileSpan(values.data(), kTileElements),
                                    TileSpan(indices.data(), kTileElements), {}, {})
                  .ok());
  for (uint32_t c = 0; c < 32; ++c) {
    uint32_t best = 0;
    for (uint32_t r = 1; r < 9; ++r) {
      if (before[tile_offset(r, c)] > before[tile_offset(best, c)]) best = r;
    }
    EXPECT_EQ(values[tile_offset(0, c)], before[tile_offset(best, c)]);
    EXPECT_EQ(indices[tile_offset(0, c)], static_cast<float>(tile_offset(best, c)));
  }
}

TEST(SimComputeMaxPool, RowMajorThirtyTwoRowsAccumulateOverChunks) {
  std::vector<float> running_values(kTileElements), running_indices(kTileElements);
  std::vector<float> best(32, -1e30f), best_index(32);
  for (uint32_t chunk = 0; chunk < 3; ++chunk) {
    std::vector<float> values = tile_of(20 + chunk, -5, 5), indices(kTileElements);
    for (uint32_t i = 0; i < kTileElements; ++i) indices[i] = static_cast<float>(chunk * 1024 + i);
    for (uint32_t c = 0; c < 32; ++c) {
      for (uint32_t r = 0; r < 32; ++r) {
        if (values[r * 32 + c] > best[c]) {
          best[c] = values[r * 32 + c];
          best_index[c] = indices[r * 32 + c];
        }
      }
    }
    const MaxPoolWithIndices op{
        .num_rows = 32, .layout = DstLayout::kRowMajor, .accumulate = true, .chunk = chunk};
    ASSERT_TRUE(max_pool_with_indices(op, TileSpan(values.data(), kTileElements),
                                      TileSpan(indices.data(), kTileElements), running_values,
                                      running_indices)
                    .ok());
    for (uint32_t c = 0; c < 32; ++c) {
      EXPECT_EQ(running_values[c], best[c]);
      EXPECT_EQ(running_indices[c], best_index[c]);
    }
  }
  std::vector<float> values(kTileElements), indices(kTileElements);
  Status tile_32 = max_pool_with_indices({.num_rows = 32}, TileSpan(values.data(), kTileElements),
                                         TileSpan(indices.data(), kTileElements), {}, {});
  ASSERT_FALSE(tile_32.ok());
  EXPECT_NE(tile_32.error().message().find("ROW_MAJOR"), std::string::npos);
}

}  // namespace
}  // namespace tessera::sim::compute
