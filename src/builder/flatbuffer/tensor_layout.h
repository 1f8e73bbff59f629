// How a graph tensor is laid out on the device: its 2-D view, shard and pages,
// shared by the TTNN writer and the TTM0 lowering.
#pragma once

#include <cstdint>

#include "tessera/base/status.h"
#include "tessera/builder/graph.h"

namespace tessera::builder {

constexpr int64_t kTileDim = 32;

struct DeviceLayout {
  int64_t height = 1, width = 1;              // the tensor as a 2-D matrix (leading dims folded)
  int64_t shard_height = 1, shard_width = 1;  // per core, in elements (tile-padded when tiled)
  bool tiled = false;
  uint32_t element_bytes = 4;
  uint64_t page_bytes = 0;   // a tile, or one shard row
  uint64_t shard_bytes = 0;  // per core
  uint64_t total_bytes = 0;  // all cores
  int cores() const { return grid_y * grid_x; }
  int64_t shard_tiles_high() const { return shard_height / kTileDim; }
  int64_t shard_tiles_wide() const { return shard_width / kTileDim; }
  int grid_y = 1, grid_x = 1;
};

// `exact`: the shard must divide evenly (and into whole tiles when tiled),
// as TTM0 buffers need; otherwise shards are rounded up (TTNN pads).
Result<DeviceLayout> device_layout(const TensorNode& tensor, bool exact);

}  // namespace tessera::builder
