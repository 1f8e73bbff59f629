// Constant padding of a tensor, as ttnn.pad with a constant value.
#pragma once

#include <cstdint>
#include <span>

#include "tessera/base/status.h"
#include "tessera/ttnn/math/tensor.h"

namespace tessera::ttnn::math {

// `padding` holds (before, after) per dim, outermost first: 2 x rank values.
Result<Shape> pad_output_shape(const Shape& in, std::span<const uint32_t> padding);
Status pad(ConstTensorView in, std::span<const uint32_t> padding, float value, TensorView out);
Result<Tensor> pad(ConstTensorView in, std::span<const uint32_t> padding, float value);

}  // namespace tessera::ttnn::math
