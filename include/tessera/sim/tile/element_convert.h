// Element-wise conversions between data formats for row-major (or already tiled)
// arrays of whole-byte elements. Block-float tiles go through tile_codec.h.
//
// Value rules: float -> float rounds to nearest even (overflow to inf, NaN kept);
// float -> integer rounds to nearest even and saturates to the integer range, NaN -> 0;
// integer -> float rounds to nearest even; integer -> integer saturates.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "tessera/base/status.h"
#include "tessera/sim/tile/data_format.h"

namespace tessera::sim::tile {

// Reads `values.size()` elements of `format` from `src` as floats.
Status decode_to_float(DataFormat format, std::span<const std::byte> src, std::span<float> values);

// Writes `values.size()` elements of `format` into `dst`.
Status encode_from_float(DataFormat format, std::span<const float> values,
                         std::span<std::byte> dst);

// Converts `count` elements from one format to another; same format is a copy.
Status convert_elements(DataFormat from, std::span<const std::byte> src, DataFormat to,
                        std::span<std::byte> dst, uint64_t count);

// Host tensors in bfloat16 / half (sizes must match).
Status convert_float_to_bfloat16(std::span<const float> src, std::span<uint16_t> dst);
Status convert_bfloat16_to_float(std::span<const uint16_t> src, std::span<float> dst);
Status convert_float_to_half(std::span<const float> src, std::span<uint16_t> dst);
Status convert_half_to_float(std::span<const uint16_t> src, std::span<float> dst);

// Rounds floats in place to the values `format` holds (a format round trip). Block-float
// formats need whole tiles in tile order (values.size() a multiple of 1024).
Status round_to_format(DataFormat format, std::span<float> values);

}  // namespace tessera::sim::tile
