// The 32x32 tile and its four 16x16 faces, and how row-major tensors map onto tiles.
//
// Inside a tile, elements are stored face by face (face 0 top-left, 1 top-right,
// 2 bottom-left, 3 bottom-right), each face row-major. This "tile order" is how
// tiles sit in circular buffers, DRAM and the Dst register file.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "tessera/base/status.h"

namespace tessera::sim::tile {

inline constexpr uint32_t kTileHeight = 32;
inline constexpr uint32_t kTileWidth = 32;
inline constexpr uint32_t kFaceHeight = 16;
inline constexpr uint32_t kFaceWidth = 16;
inline constexpr uint32_t kFacesPerTile = 4;
inline constexpr uint32_t kTileElements = kTileHeight * kTileWidth;  // 1024
inline constexpr uint32_t kFaceElements = kFaceHeight * kFaceWidth;  // 256

// Index in tile order of the element at (row, col) of a tile, both < 32.
constexpr uint32_t tile_offset(uint32_t row, uint32_t col) {
  const uint32_t face = (row / kFaceHeight) * 2 + (col / kFaceWidth);
  return face * kFaceElements + (row % kFaceHeight) * kFaceWidth + (col % kFaceWidth);
}

// A row-major tensor shape seen as tiles: the last two dims are rows x cols, padded up to
// multiples of 32; all leading dims fold into `batch`.
struct TiledShape {
  uint64_t batch = 1;
  uint64_t rows = 1;  // logical size of dim -2 (1 for a rank-1 tensor)
  uint64_t cols = 1;  // logical size of dim -1
  uint64_t padded_rows = 32;
  uint64_t padded_cols = 32;
  uint64_t tiles_per_col = 1;  // Ht: tiles along rows
  uint64_t tiles_per_row = 1;  // Wt: tiles along cols

  uint64_t logical_elements() const { return batch * rows * cols; }
  uint64_t num_tiles() const { return batch * tiles_per_col * tiles_per_row; }
  uint64_t padded_elements() const { return num_tiles() * kTileElements; }
};

// Rank 0 is a single element; a zero-sized dim or an element count past 2^48 is an error.
Result<TiledShape> tiled_shape(std::span<const uint64_t> shape);

// Number of tiles a row-major tensor of `shape` occupies once tilized.
Result<uint64_t> tile_count(std::span<const uint64_t> shape);

}  // namespace tessera::sim::tile
