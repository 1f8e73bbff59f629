// Data formats of tiles in circular buffers and device buffers.
//
// Numeric values match tt-metal's tt::DataFormat so codes written by compilers and
// kernels mean the same thing here.
#pragma once

#include <cstdint>
#include <string_view>

#include "tessera/base/status.h"

namespace tessera::sim::tile {

enum class DataFormat : uint8_t {
  kFloat32 = 0,
  kFloat16 = 1,    // IEEE half: 1 sign, 5 exponent, 10 mantissa bits
  kFloat16_b = 5,  // bfloat16: 1 sign, 8 exponent, 7 mantissa bits
  kBfp8_b = 6,     // block float: 8-bit exponent shared by 16 values, 1+7 bit sign-magnitude
  kInt32 = 8,
  kUInt16 = 9,
  kUInt32 = 24,
  kUInt8 = 30,
};

// "Float32", "Float16", "Float16_b", "Bfp8_b", "Int32", "UInt16", "UInt32", "UInt8".
const char* data_format_name(DataFormat format);

// Validates a numeric code from a binary or a kernel; unknown codes are errors.
Result<DataFormat> data_format_from_code(uint32_t code);
Result<DataFormat> data_format_from_name(std::string_view name);

// Bytes one 32x32 tile occupies (Bfp8_b: 64 exponent bytes + 1024 mantissa bytes).
uint32_t tile_size_bytes(DataFormat format);

// Bytes per element; 1 for Bfp8_b (its mantissa byte, exponents excluded).
uint32_t element_size_bytes(DataFormat format);

// Block-float formats exist only as whole tiles: no row-major layout.
bool is_block_float(DataFormat format);
bool is_integer(DataFormat format);

}  // namespace tessera::sim::tile
