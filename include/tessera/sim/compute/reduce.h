// reduce_tile: sum / average / max of a tile along rows, columns or both, scaled by
// a scaler tile, landing in Dst the way tt-metal's reduce_tile leaves it.
#pragma once

#include "tessera/base/status.h"
#include "tessera/sim/compute/tile_span.h"

namespace tessera::sim::compute {

enum class ReduceFunc { kSum, kAvg, kMax };

// kRow reduces along W: result for row r lands in (r, 0).
// kCol reduces along H: result for column c lands in (0, c).
// kScalar reduces everything: result lands in (0, 0).
enum class ReduceDim { kRow, kCol, kScalar };

const char* reduce_func_name(ReduceFunc func);
const char* reduce_dim_name(ReduceDim dim);

// Each element is multiplied by the scaler (element [0][0] of the scaler tile) before it
// is combined: kSum and kAvg both compute sum(a * s) (the kernel passes s = 1/N for an
// average, as on the device); kMax computes max(a * s). Only result positions of dst are
// written. With DstUpdate::kAccumulate they combine with what dst holds (added for
// sum/avg, max-ed for max), which is how reductions over several tiles build up.
// Fails only for func/dim codes outside the enums, leaving dst unchanged.
Status reduce_tile(ReduceFunc func, ReduceDim dim, ConstTileSpan a, ConstTileSpan scaler,
                   TileSpan dst, DstUpdate update);

}  // namespace tessera::sim::compute
