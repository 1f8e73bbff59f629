// Writes arrays as NumPy .npy files (format version 1.0).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "tessera/base/status.h"

namespace tt::target {
enum class DataType : uint16_t;
}

namespace tessera::tools::run {

// The dtype a tensor of `type` is written as: '<f4' for Float32 and (widened)
// BFloat16, '<f2', '<u4', '<u2', '|u1'.
Result<std::string> npy_descr(tt::target::DataType type);

// Header text of a C-order array: "{'descr': '<f4', 'fortran_order': False,
// 'shape': (32, 32), }", padded with spaces and a newline so the data starts
// on a 64-byte boundary.
std::string npy_header(const std::string& descr, std::span<const int64_t> shape);

// The whole file: magic, version 1.0, header length, header, data.
std::vector<uint8_t> npy_file(const std::string& descr, std::span<const int64_t> shape,
                              std::span<const uint8_t> data);

// Writes row-major host bytes of `type`. BFloat16 has no NumPy dtype, so its
// values are widened (exactly) to float32 ('<f4').
Status write_npy(const std::string& path, tt::target::DataType type, std::span<const int64_t> shape,
                 std::span<const uint8_t> data);

}  // namespace tessera::tools::run
