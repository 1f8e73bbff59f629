// Bfp8_b block-float tiles <-> fp32 tiles (both in tile order).
//
// A Bfp8_b tile is 1088 bytes: 64 shared-exponent bytes, one per 16-value face row
// (face 0 rows 0..15, then faces 1, 2, 3), then 1024 data bytes in tile order, each
// sign (bit 7) + 7-bit magnitude. A value is magnitude * 2^(shared_exponent - 133),
// i.e. the magnitude holds the hidden bit in bit 6 for the row's largest value.
//
// Packing follows tt-metal's host packer: the shared exponent is the largest fp32
// exponent field of the row; each 24-bit mantissa (hidden bit included) is shifted
// right (truncating) to that exponent, then rounded to 7 bits to nearest even on the
// 17 dropped bits, saturating at 127. A zero magnitude drops the sign.
// Where it differs (documented choices): fp32 subnormals are flushed to zero (tt-metal
// gives them a hidden bit, which decodes to garbage), and NaN always packs as a quiet
// NaN (magnitude 0x60). Infinity packs as magnitude 0x40 under exponent 255.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "tessera/sim/tile/tile_layout.h"

namespace tessera::sim::tile {

inline constexpr uint32_t kBfp8TileExponentBytes = kTileElements / kFaceWidth;      // 64
inline constexpr uint32_t kBfp8TileBytes = kBfp8TileExponentBytes + kTileElements;  // 1088

void pack_bfp8_b_tile(std::span<const float, kTileElements> tile,
                      std::span<std::byte, kBfp8TileBytes> packed);

void unpack_bfp8_b_tile(std::span<const std::byte, kBfp8TileBytes> packed,
                        std::span<float, kTileElements> tile);

// Rounds a tile in place to the values Bfp8_b can hold (pack then unpack).
void round_tile_to_bfp8_b(std::span<float, kTileElements> tile);

}  // namespace tessera::sim::tile
