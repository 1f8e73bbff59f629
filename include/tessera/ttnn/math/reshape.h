// Reshape: same elements in the same row-major order, new dims.
#pragma once

#include <cstdint>
#include <span>

#include "tessera/base/status.h"
#include "tessera/ttnn/math/tensor.h"

namespace tessera::ttnn::math {

// At most one dim may be -1 and is inferred; the element count must match.
Result<Shape> reshape_output_shape(const Shape& in, std::span<const int64_t> new_dims);
Status reshape(ConstTensorView in, std::span<const int64_t> new_dims, TensorView out);
Result<Tensor> reshape(ConstTensorView in, std::span<const int64_t> new_dims);

}  // namespace tessera::ttnn::math
