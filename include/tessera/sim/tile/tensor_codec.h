// Whole host tensors <-> device bytes in any data format and layout, in one call:
// fp32 values in, the bytes a device buffer holds out (and back).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "tessera/base/status.h"
#include "tessera/sim/tile/data_format.h"

namespace tessera::sim::tile {

enum class TensorLayout { kRowMajor, kTile };

const char* tensor_layout_name(TensorLayout layout);

// Bytes of a tensor of `shape` in `format` and `layout` (tiles include their padding).
// Block-float formats exist only in tile layout.
Result<uint64_t> tensor_size_bytes(std::span<const uint64_t> shape, DataFormat format,
                                   TensorLayout layout);

// Row-major fp32 `values` of `shape` -> device bytes. Tile padding holds `pad_value`
// (converted to the format like any other value).
Result<std::vector<std::byte>> encode_tensor(std::span<const float> values,
                                             std::span<const uint64_t> shape, DataFormat format,
                                             TensorLayout layout, float pad_value = 0.0f);

// Device bytes -> row-major fp32 values of `shape` (padding dropped).
Result<std::vector<float>> decode_tensor(std::span<const std::byte> bytes,
                                         std::span<const uint64_t> shape, DataFormat format,
                                         TensorLayout layout);

}  // namespace tessera::sim::tile
