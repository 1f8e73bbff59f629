#include "tessera/sim/compute/reduce.h"

#include <array>
#include <limits>

namespace tessera::sim::compute {
namespace {

using tile::kTileElements;
using tile::kTileHeight;
using tile::kTileWidth;
using tile::tile_offset;

// Combines values the same way the result combines with Dst on accumulation.
struct Combiner {
  bool is_max;
  float identity() const { return is_max ? -std::numeric_limits<float>::infinity() : 0.0f; }
  float operator()(float x, float y) const {
    if (!is_max) return x + y;
    return (x != x || x > y) ? x : y;  // keeps NaN
  }
};

// The tile as a row-major 32x32 matrix of a * scaler, so reductions walk plain rows.
void scaled_row_major(ConstTileSpan a, float scale, float (&out)[kTileHeight][kTileWidth]) {
  for (uint32_t r = 0; r < kTileHeight; ++r) {
    for (uint32_t c = 0; c < kTileWidth; ++c) out[r][c] = a[tile_offset(r, c)] * scale;
  }
}

void store(TileSpan dst, uint32_t at, float value, const Combiner& combine, DstUpdate update) {
  dst[at] = update == DstUpdate::kAccumulate ? combine(dst[at], value) : value;
}

}  // namespace

const char* reduce_func_name(ReduceFunc func) {
  switch (func) {
    case ReduceFunc::kSum:
      return "sum";
    case ReduceFunc::kAvg:
      return "avg";
    case ReduceFunc::kMax:
      return "max";
  }
  return "invalid";
}

const char* reduce_dim_name(ReduceDim dim) {
  switch (dim) {
    case ReduceDim::kRow:
      return "row";
    case ReduceDim::kCol:
      return "col";
    case ReduceDim::kScalar:
      return "scalar";
  }
  return "invalid";
}

Status reduce_tile(ReduceFunc func, ReduceDim dim, ConstTileSpan a, ConstTileSpan scaler,
                   TileSpan dst, DstUpdate update) {
  if (static_cast<int>(func) < 0 || static_cast<int>(func) > static_cast<int>(ReduceFunc::kMax) ||
      static_cast<int>(dim) < 0 || static_cast<int>(dim) > static_cast<int>(ReduceDim::kScalar)) {
    return make_error(ErrorCode::kInvalidArgument, "reduce_tile: func code ",
                      static_cast<int>(func), " / dim code ", static_cast<int>(dim),
                      " is not defined");
  }
  const Combiner combine{func == ReduceFunc::kMax};
  float m[kTileHeight][kTileWidth];
  scaled_row_major(a, scaler[0], m);

  if (dim == ReduceDim::kRow) {
    for (uint32_t r = 0; r < kTileHeight; ++r) {
      float acc = combine.identity();
      for (uint32_t c = 0; c < kTileWidth; ++c) acc = combine(acc, m[r][c]);
      store(dst, tile_offset(r, 0), acc, combine, update);
    }
    return ok_status();
  }
  float column[kTileWidth];
  for (uint32_t c = 0; c < kTileWidth; ++c) column[c] = combine.identity();
  for (uint32_t r = 0; r < kTileHeight; ++r) {
    for (uint32_t c = 0; c < kTileWidth; ++c) column[c] = combine(column[c], m[r][c]);
  }
  if (dim == ReduceDim::kCol) {
    for (uint32_t c = 0; c < kTileWidth; ++c)
      store(dst, tile_offset(0, c), column[c], combine, update);
    return ok_status();
  }
  float total = combine.identity();
  for (uint32_t c = 0; c < kTileWidth; ++c) total = combine(total, column[c]);
  store(dst, 0, total, combine, update);
  return ok_status();
}

}  // namespace tessera::sim::compute
