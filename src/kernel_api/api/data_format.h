// tt-metal's data format codes (tt::DataFormat), for CB formats in data
// movement kernels and typecast / integer-op template arguments in compute.
#pragma once

#include <stdint.h>

enum class DataFormat : uint8_t {
  Float32 = 0,
  Float16 = 1,
  Bfp8 = 2,
  Bfp4 = 3,
  Tf32 = 4,
  Float16_b = 5,
  Bfp8_b = 6,
  Bfp4_b = 7,
  Int32 = 8,
  UInt16 = 9,
  Lf8 = 10,
  Bfp2 = 11,
  Int8 = 14,
  Bfp2_b = 15,
  UInt32 = 24,
  UInt8 = 30,
  Invalid = 0xff,
};

namespace tt {
using ::DataFormat;
}  // namespace tt
