// Reference tensors <-> the bytes of a tensor of a given data type
// (row-major), as stored in GoldenTensor.data and in host tensors.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "tessera/base/status.h"
#include "tessera/builder/reference_evaluator.h"
#include "tessera/format/generated.h"

namespace tessera::builder {

// Reference values rounded to the type (reference semantics), then encoded
// with the type's host codec (format/data_type_codec.h).
Result<std::vector<uint8_t>> encode_reference_values(std::span<const double> values,
                                                     tt::target::DataType type);
// Exactly `shape`'s elements of `type`.
Result<RefTensor> decode_reference_tensor(std::span<const uint8_t> bytes,
                                          std::vector<int64_t> shape, tt::target::DataType type);

// A GoldenTensor's values.
Result<RefTensor> decode_golden(const tt::target::GoldenTensor& golden);

}  // namespace tessera::builder
