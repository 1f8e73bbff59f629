#include "tessera/ttnn/math/embedding.h"

#include <cmath>
#include <cstring>
#include <vector>

#include "allocate.h"
#include "tessera/ttnn/math/parallel_for.h"

namespace tessera::ttnn::math {

Result<Shape> embedding_output_shape(const Shape& indices, const Shape& weight) {
  TESSERA_RETURN_IF_ERROR(validate_shape(weight, "embedding weight"));
  if (weight.rank() != 2) {
    return make_error(ErrorCode::kInvalidArgument,
                      "embedding: weight must be 2-D [num_embeddings, dim], got shape ", weight);
  }
  std::vector<int64_t> dims = indices.dims();
  dims.push_back(weight[1]);
  Shape out(std::move(dims));
  TESSERA_RETURN_IF_ERROR(validate_shape(indices, "embedding indices"));
  TESSERA_RETURN_IF_ERROR(validate_shape(out, "embedding output"));
  return out;
}

Status embedding(ConstTensorView indices, ConstTensorView weight, TensorView out) {
  TESSERA_ASSIGN_OR_RETURN(Shape out_shape,
                           embedding_output_shape(indices.shape(), weight.shape()));
  TESSERA_RETURN_IF_ERROR(check_output_shape(out, out_shape, "embedding"));
  const int64_t rows = weight.shape()[0];
  const int64_t dim = weight.shape()[1];
  // Validate every index before writing anything.
  for (int64_t i = 0; i < indices.numel(); ++i) {
    const float index = indices.data()[i];
    if (!std::isfinite(index) || index != std::floor(index)) {
      return make_error(ErrorCode::kInvalidArgument, "embedding: index ", index,
                        " at flat position ", i, " of indices ", indices.shape(),
                        " is not an integer");
    }
    // Compared in double: float(rows) rounds for rows above 2^24.
    if (index < 0 || static_cast<double>(index) >= static_cast<double>(rows)) {
      return make_error(ErrorCode::kOutOfRange, "embedding: index ", static_cast<int64_t>(index),
                        " at flat position ", i, " of indices ", indices.shape(),
                        " is out of range: the weight has ", rows, " rows (valid 0..", rows - 1,
                        ")");
    }
  }
  parallel_for(0, indices.numel(), std::max<int64_t>(1, 16384 / std::max<int64_t>(dim, 1)),
               [&](int64_t lo, int64_t hi) {
                 for (int64_t i = lo; i < hi; ++i) {
                   const int64_t row = static_cast<int64_t>(indices.data()[i]);
                   std::memcpy(out.data() + i * dim, weight.data() + row * dim,
                               dim * sizeof(float));
                 }
               });
  return ok_status();
}

Result<Tensor> embedding(ConstTensorView indices, ConstTensorView weight) {
  return detail::allocate_and_run(embedding_output_shape(indices.shape(), weight.shape()),
                                  [&](TensorView out) { return embedding(indices, weight, out); });
}

}  // namespace tessera::ttnn::math
