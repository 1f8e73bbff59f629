// Reductions (sum, mean, max) over a list of dims.
#pragma once

#include <cstdint>
#include <span>

#include "tessera/base/status.h"
#include "tessera/ttnn/math/tensor.h"

namespace tessera::ttnn::math {

enum class ReduceOp {
  kSum,   // an empty reduction gives 0
  kMean,  // an empty reduction gives NaN (0/0)
  kMax,   // an empty reduction is an error; NaN propagates
};

const char* reduce_op_name(ReduceOp op);

// `dims` may be negative and must not repeat; an empty list reduces all dims.
// keep_dim keeps reduced dims as size 1, otherwise they are removed.
Result<Shape> reduce_output_shape(ReduceOp op, const Shape& in, std::span<const int64_t> dims,
                                  bool keep_dim);

Status reduce(ReduceOp op, ConstTensorView in, std::span<const int64_t> dims, bool keep_dim,
              TensorView out);
Result<Tensor> reduce(ReduceOp op, ConstTensorView in, std::span<const int64_t> dims,
                      bool keep_dim);

}  // namespace tessera::ttnn::math
