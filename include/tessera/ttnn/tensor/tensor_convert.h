// Moving tensors between host and device, layouts and data types, and
// between tensors and the fp32 arrays the op math works on.
#pragma once

#include <span>

#include "tessera/base/status.h"
#include "tessera/metal/device.h"
#include "tessera/ttnn/math/tensor.h"
#include "tessera/ttnn/tensor/tensor.h"

namespace tessera::ttnn {

// The tensor's values as row-major fp32 (tile padding dropped).
Result<math::Tensor> to_float(const Tensor& tensor);

// A new tensor of `spec` holding `values` (row-major, spec.shape.numel() of
// them) rounded to spec.format (nearest even). `device` is needed when the
// spec places the tensor on a device.
Result<Tensor> from_float(std::span<const float> values, TensorSpec spec, metal::Device* device);

// A new tensor of `spec` with the values of `in` (same shape). Exact when the
// format does not change: bytes are moved (and tilized / untilized) as they
// are, so integers above 2^24 survive.
Result<Tensor> convert(const Tensor& in, TensorSpec spec, metal::Device* device);

}  // namespace tessera::ttnn
