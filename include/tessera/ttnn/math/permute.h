// Permute (reorder all dims) and transpose (swap two dims).
#pragma once

#include <cstdint>
#include <span>

#include "tessera/base/status.h"
#include "tessera/ttnn/math/tensor.h"

namespace tessera::ttnn::math {

// Output dim i is input dim perm[i]; perm is a permutation of 0..rank-1
// (negative entries allowed).
Result<Shape> permute_output_shape(const Shape& in, std::span<const int64_t> perm);
Status permute(ConstTensorView in, std::span<const int64_t> perm, TensorView out);
Result<Tensor> permute(ConstTensorView in, std::span<const int64_t> perm);

// Swaps dims dim0 and dim1 (negative allowed).
Result<Shape> transpose_output_shape(const Shape& in, int64_t dim0, int64_t dim1);
Status transpose(ConstTensorView in, int64_t dim0, int64_t dim1, TensorView out);
Result<Tensor> transpose(ConstTensorView in, int64_t dim0, int64_t dim1);

}  // namespace tessera::ttnn::math
