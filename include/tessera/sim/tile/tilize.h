// Tilize / untilize: row-major tensors <-> tiles in tile order (see tile_layout.h).
//
// Works on raw bytes for 1-, 2- and 4-byte elements, so any data format whose
// elements are whole bytes can be moved (block-float formats are converted from
// fp32 tiles instead, see tile_codec.h). Batch dims iterate tiles row-major:
// tile (b, ht, wt) is tile number (b * Ht + ht) * Wt + wt.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

#include "tessera/base/status.h"
#include "tessera/sim/tile/checked_alloc.h"
#include "tessera/sim/tile/tile_layout.h"

namespace tessera::sim::tile {

// Copies `row_major` (logical shape `shape`) into `tiles`, filling padding with the
// `element_size` bytes of `pad_value`. Buffers may be larger than needed.
Status tilize(std::span<const std::byte> row_major, std::span<std::byte> tiles,
              std::span<const uint64_t> shape, uint32_t element_size,
              std::span<const std::byte> pad_value);

// Copies the logical elements of `tiles` back into a row-major tensor of `shape`.
Status untilize(std::span<const std::byte> tiles, std::span<std::byte> row_major,
                std::span<const uint64_t> shape, uint32_t element_size);

// A block of `tiles_wide` tiles from 32 rows of 32 * tiles_wide row-major elements,
// as the compute kernel API's tilize_block sees it (no padding involved).
Status tilize_block(std::span<const std::byte> rows, std::span<std::byte> tiles,
                    uint32_t tiles_wide, uint32_t element_size);
Status untilize_block(std::span<const std::byte> tiles, std::span<std::byte> rows,
                      uint32_t tiles_wide, uint32_t element_size);

// Typed conveniences returning a new vector.
template <typename T>
Result<std::vector<T>> tilize(std::span<const T> row_major, std::span<const uint64_t> shape,
                              T pad_value = T{}) {
  static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4);
  TESSERA_ASSIGN_OR_RETURN(TiledShape tiled, tiled_shape(shape));
  // Checked before allocating, so a wrong shape fails fast instead of allocating first.
  if (row_major.size() < tiled.logical_elements()) {
    return make_error(ErrorCode::kOutOfRange, "tilize: input has ", row_major.size(),
                      " elements but the shape needs ", tiled.logical_elements());
  }
  TESSERA_ASSIGN_OR_RETURN(std::vector<T> tiles,
                           allocate_vector<T>(tiled.padded_elements(), "tilize"));
  std::byte pad_bytes[sizeof(T)];
  std::memcpy(pad_bytes, &pad_value, sizeof(T));
  TESSERA_RETURN_IF_ERROR(tilize(std::as_bytes(row_major), std::as_writable_bytes(std::span(tiles)),
                                 shape, sizeof(T), pad_bytes));
  return tiles;
}

template <typename T>
Result<std::vector<T>> untilize(std::span<const T> tiles, std::span<const uint64_t> shape) {
  static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4);
  TESSERA_ASSIGN_OR_RETURN(TiledShape tiled, tiled_shape(shape));
  if (tiles.size() < tiled.padded_elements()) {
    return make_error(ErrorCode::kOutOfRange, "untilize: input has ", tiles.size(),
                      " elements but the shape needs ", tiled.padded_elements());
  }
  TESSERA_ASSIGN_OR_RETURN(std::vector<T> row_major,
                           allocate_vector<T>(tiled.logical_elements(), "untilize"));
  TESSERA_RETURN_IF_ERROR(untilize(std::as_bytes(tiles),
                                   std::as_writable_bytes(std::span(row_major)), shape, sizeof(T)));
  return row_major;
}

}  // namespace tessera::sim::tile
