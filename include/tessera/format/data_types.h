// Sizes and device tile formats of the wire format's data types, from the
// data type list (data_type_list.h).
#pragma once

#include <cstdint>

#include "tessera/base/status.h"

namespace tt::target {
enum class DataType : uint16_t;
}

namespace tessera::format {

bool is_listed_data_type(tt::target::DataType type);

// Bytes per element; 0 for block-float and unlisted types.
uint32_t data_type_element_size(tt::target::DataType type);

// Bytes of one 32x32 tile (block floats carry a shared exponent per 16
// elements); 0 for unlisted types.
uint64_t data_type_tile_bytes(tt::target::DataType type);

// tt-metal's tt::DataFormat code of the type's device tiles, or an error
// naming the type and the listed ones.
Result<uint32_t> data_type_tile_format(tt::target::DataType type);

}  // namespace tessera::format
