// Host tensor elements as float64 values and back, for every listed data
// type a host tensor can hold (block floats exist only on the device).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "tessera/base/status.h"

namespace tt::target {
enum class DataType : uint16_t;
}

namespace tessera::format {

// Bytes per element, or an error naming the type if hosts cannot hold it.
Result<uint32_t> host_element_size(tt::target::DataType type);

// Reads every element of row-major `bytes` (a whole number of elements).
Result<std::vector<double>> decode_values(tt::target::DataType type,
                                          std::span<const uint8_t> bytes);

// Writes `values` as `type`: floats round to nearest even, integers round and
// saturate (NaN becomes 0).
Result<std::vector<uint8_t>> encode_values(tt::target::DataType type,
                                           std::span<const double> values);

}  // namespace tessera::format
