#include "tessera/sim/compute/sfpu_reduce.h"

#include <cmath>
#include <cstdint>

#include "tessera/sim/tile/tile_layout.h"

namespace tessera::sim::compute {
namespace {

using tile::DataFormat;
using tile::kTileElements;
using tile::tile_offset;

using tile::is_integer;

// Adds or compares values in the format's arithmetic.
class Accumulator {
 public:
  Accumulator(PoolType pool, DataFormat format) : pool_(pool), format_(format) {}

  void add(float value) {
    if (count_++ == 0) {
      best_ = value;
    } else if (pool_ == PoolType::kMax ? value > best_ : value < best_) {
      best_ = value;
    }
    if (is_integer(format_)) {
      integer_sum_ += static_cast<int64_t>(value);
    } else {
      float_sum_ += value;
    }
  }

  float result() const {
    if (pool_ == PoolType::kMax || pool_ == PoolType::kMin) return best_;
    if (!is_integer(format_)) {
      return pool_ == PoolType::kAvg ? float_sum_ * (1.0f / 32.0f) : float_sum_;
    }
    switch (format_) {
      case DataFormat::kInt32: {
        const int32_t sum = static_cast<int32_t>(static_cast<uint32_t>(integer_sum_));
        if (pool_ != PoolType::kAvg) return static_cast<float>(sum);
        const int64_t magnitude = sum < 0 ? -int64_t{sum} : int64_t{sum};
        return static_cast<float>(sum < 0 ? -(magnitude >> 5) : (magnitude >> 5));
      }
      case DataFormat::kUInt16: {
        const uint32_t sum = static_cast<uint32_t>(integer_sum_) & 0xffffu;
        return static_cast<float>(pool_ == PoolType::kAvg ? sum >> 5 : sum);
      }
      default: {
        const uint32_t sum = static_cast<uint32_t>(integer_sum_);
        return static_cast<float>(pool_ == PoolType::kAvg ? sum >> 5 : sum);
      }
    }
  }

 private:
  PoolType pool_;
  DataFormat format_;
  uint32_t count_ = 0;
  float best_ = 0.0f;
  float float_sum_ = 0.0f;
  int64_t integer_sum_ = 0;
};

Status check_shape(PoolType pool, SfpuReduceDim dim, DataFormat format, std::span<float> tiles,
                   uint32_t ct_dim, uint32_t rt_dim) {
  if (format != DataFormat::kFloat32 && format != DataFormat::kFloat16_b &&
      format != DataFormat::kInt32 && format != DataFormat::kUInt32 &&
      format != DataFormat::kUInt16) {
    return make_error(ErrorCode::kInvalidArgument, "sfpu_reduce: format ",
                      tile::data_format_name(format),
                      " is not one of Float32, Float16_b, Int32, UInt32, UInt16");
  }
  if (ct_dim == 0 || rt_dim == 0 || tiles.size() != uint64_t{ct_dim} * rt_dim * kTileElements) {
    return make_error(ErrorCode::kInvalidArgument, "sfpu_reduce: a block of ", rt_dim, " x ",
                      ct_dim, " tiles does not match the ", tiles.size() / kTileElements,
                      " Dst tiles given");
  }
  if (dim == SfpuReduceDim::kRow && pool != PoolType::kSum && pool != PoolType::kMax) {
    return make_error(ErrorCode::kInvalidArgument,
                      "sfpu_reduce: REDUCE_ROW supports SUM and MAX only");
  }
  if (dim == SfpuReduceDim::kCol &&
      (ct_dim != 1 || (rt_dim != 1 && (pool == PoolType::kSum || pool == PoolType::kAvg)))) {
    return make_error(ErrorCode::kInvalidArgument, "sfpu_reduce: REDUCE_COL works on ",
                      pool == PoolType::kSum || pool == PoolType::kAvg ? "one tile" : "one column",
                      " (ct_dim 1",
                      pool == PoolType::kSum || pool == PoolType::kAvg ? ", rt_dim 1" : "",
                      "), got ct_dim ", ct_dim, ", rt_dim ", rt_dim);
  }
  return ok_status();
}

}  // namespace

Status sfpu_reduce(PoolType pool, SfpuReduceDim dim, DataFormat format, std::span<float> tiles,
                   uint32_t ct_dim, uint32_t rt_dim) {
  TESSERA_RETURN_IF_ERROR(check_shape(pool, dim, format, tiles, ct_dim, rt_dim));
  if (dim == SfpuReduceDim::kCol) {
    for (uint32_t c = 0; c < tile::kTileWidth; ++c) {
      Accumulator column(pool, format);
      for (uint32_t t = 0; t < rt_dim; ++t) {
        for (uint32_t r = 0; r < tile::kTileHeight; ++r) {
          column.add(tiles[t * kTileElements + tile_offset(r, c)]);
        }
      }
      tiles[tile_offset(0, c)] = column.result();
    }
    return ok_status();
  }
  for (uint32_t tr = 0; tr < rt_dim; ++tr) {
    float* first = tiles.data() + uint64_t{tr} * ct_dim * kTileElements;
    for (uint32_t r = 0; r < tile::kTileHeight; ++r) {
      Accumulator row(pool, format);
      for (uint32_t t = 0; t < ct_dim; ++t) {
        for (uint32_t c = 0; c < tile::kTileWidth; ++c) {
          row.add(first[t * kTileElements + tile_offset(r, c)]);
        }
      }
      first[tile_offset(r, 0)] = row.result();
    }
  }
  return ok_status();
}

}  // namespace tessera::sim::compute
