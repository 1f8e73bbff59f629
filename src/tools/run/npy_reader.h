// Reads NumPy .npy files (format versions 1.0, 2.0 and 3.0, C order).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "tessera/base/status.h"

namespace tessera::tools::run {

struct NpyArray {
  std::string descr;           // NumPy type string, e.g. "<f4", "|u1"
  std::vector<int64_t> shape;  // empty for a 0-d array
  std::vector<uint8_t> data;   // row-major element bytes, little-endian
  uint32_t item_size = 0;      // bytes per element
};

// Parses a whole file's bytes; `name` is used in messages. Fortran order,
// big-endian and object dtypes are rejected with a message saying so.
Result<NpyArray> parse_npy(std::span<const uint8_t> bytes, const std::string& name);

// Reads and parses the file at `path`.
Result<NpyArray> read_npy(const std::string& path);

}  // namespace tessera::tools::run
