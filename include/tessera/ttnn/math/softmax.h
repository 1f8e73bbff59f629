// Softmax over one dim, numerically stable (the max is subtracted first).
#pragma once

#include <cstdint>

#include "tessera/base/status.h"
#include "tessera/ttnn/math/tensor.h"

namespace tessera::ttnn::math {

// `dim` may be negative. `out` has the input's shape and may be the input.
Status softmax(ConstTensorView in, int64_t dim, TensorView out);
Result<Tensor> softmax(ConstTensorView in, int64_t dim);

}  // namespace tessera::ttnn::math
