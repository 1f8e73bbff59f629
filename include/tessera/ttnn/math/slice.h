// Strided slicing with Python semantics per dim.
#pragma once

#include <cstdint>
#include <limits>
#include <span>

#include "tessera/base/status.h"
#include "tessera/ttnn/math/tensor.h"

namespace tessera::ttnn::math {

// Use as `end` for "to the end" (or as begin/end with a negative step for
// "from the end" / "to the beginning").
inline constexpr int64_t kSliceMax = std::numeric_limits<int64_t>::max();
inline constexpr int64_t kSliceMin = std::numeric_limits<int64_t>::min();

// One entry per dim in each list. Like Python's x[begin:end:step]: negative
// begin/end count from the end, out-of-range values clamp, step != 0 and may
// be negative, an empty range gives a size-0 dim.
Result<Shape> slice_output_shape(const Shape& in, std::span<const int64_t> begins,
                                 std::span<const int64_t> ends, std::span<const int64_t> steps);
Status slice(ConstTensorView in, std::span<const int64_t> begins, std::span<const int64_t> ends,
             std::span<const int64_t> steps, TensorView out);
Result<Tensor> slice(ConstTensorView in, std::span<const int64_t> begins,
                     std::span<const int64_t> ends, std::span<const int64_t> steps);

}  // namespace tessera::ttnn::math
