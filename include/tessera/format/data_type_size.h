// Sizes of the wire format's data types: bytes per element, and bytes per
// 32x32 tile (block floats carry a shared exponent per 16 elements).
#pragma once

#include <cstdint>

namespace tt::target {
enum class DataType : uint16_t;
}

namespace tessera::format {

// Bytes per element; 0 for block-float types, whose size comes per tile.
uint32_t data_type_element_size(tt::target::DataType type);

// Bytes of one 32x32 tile; 0 for types with no device tile form here.
uint64_t data_type_tile_bytes(tt::target::DataType type);

}  // namespace tessera::format
