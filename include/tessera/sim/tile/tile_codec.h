// The unpacker and packer: tiles stored in any data format <-> fp32 tiles.
//
// An fp32 tile is 1024 floats in tile order; the compute library works on those.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "tessera/base/status.h"
#include "tessera/sim/tile/data_format.h"
#include "tessera/sim/tile/tile_layout.h"

namespace tessera::sim::tile {

// Reads one tile of `format` from the front of `packed` (at least tile_size_bytes).
Status unpack_tile(DataFormat format, std::span<const std::byte> packed,
                   std::span<float, kTileElements> tile);

// Writes one tile of `format` to the front of `packed` (at least tile_size_bytes).
Status pack_tile(DataFormat format, std::span<const float, kTileElements> tile,
                 std::span<std::byte> packed);

// Converts `num_tiles` consecutive tiles from one format to another (e.g. a whole
// tilized tensor from Float16_b to Bfp8_b).
Status convert_tiles(DataFormat from, std::span<const std::byte> src, DataFormat to,
                     std::span<std::byte> dst, uint64_t num_tiles);

}  // namespace tessera::sim::tile
