// Reference values <-> the bytes of a tensor of a given data type (row-major),
// as stored in GoldenTensor.data and in host tensors.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "tessera/base/status.h"
#include "tessera/builder/reference_evaluator.h"
#include "tessera/format/generated.h"

namespace tessera::builder {

// Bytes per element; 0 for block-float types, which have no row-major form.
uint32_t element_bytes(tt::target::DataType type);

// Values are rounded to the type first (bf16 values stored as bf16).
Result<std::vector<uint8_t>> encode_values(std::span<const double> values,
                                           tt::target::DataType type);
Result<RefTensor> decode_values(std::span<const uint8_t> bytes, std::vector<int64_t> shape,
                                tt::target::DataType type);

// A GoldenTensor's values.
Result<RefTensor> decode_golden(const tt::target::GoldenTensor& golden);

}  // namespace tessera::builder
