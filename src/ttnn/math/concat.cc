#include "tessera/ttnn/math/concat.h"

#include <algorithm>
#include <cstring>
#include <vector>

#include "allocate.h"
#include "tessera/ttnn/math/parallel_for.h"

namespace tessera::ttnn::math {

Result<Shape> concat_output_shape(std::span<const Shape> inputs, int64_t dim) {
  if (inputs.empty()) {
    return make_error(ErrorCode::kInvalidArgument, "concat: needs at least one input");
  }
  const Shape& first = inputs[0];
  TESSERA_RETURN_IF_ERROR(validate_shape(first, "concat input 0"));
  TESSERA_ASSIGN_OR_RETURN(int d, normalize_dim(dim, first.rank(), "concat"));
  Shape out = first;
  for (size_t i = 1; i < inputs.size(); ++i) {
    const Shape& shape = inputs[i];
    TESSERA_RETURN_IF_ERROR(validate_shape(shape, "concat input " + std::to_string(i)));
    if (shape.rank() != first.rank()) {
      return make_error(ErrorCode::kInvalidArgument, "concat: input ", i, " has shape ", shape,
                        " of rank ", shape.rank(), " but input 0 has shape ", first, " of rank ",
                        first.rank());
    }
    for (int k = 0; k < first.rank(); ++k) {
      if (k != d && shape[k] != first[k]) {
        return make_error(ErrorCode::kInvalidArgument, "concat along dim ", d, ": input ", i,
                          " has shape ", shape, " but input 0 has shape ", first,
                          "; they differ in dim ", k, " (", shape[k], " vs ", first[k], ")");
      }
    }
    out[d] += shape[d];
  }
  return out;
}

Status concat(std::span<const ConstTensorView> inputs, int64_t dim, TensorView out) {
  std::vector<Shape> shapes;
  for (const ConstTensorView& in : inputs) shapes.push_back(in.shape());
  TESSERA_ASSIGN_OR_RETURN(Shape out_shape, concat_output_shape(shapes, dim));
  TESSERA_RETURN_IF_ERROR(check_output_shape(out, out_shape, "concat"));
  if (out.numel() == 0) return ok_status();
  const int d = static_cast<int>(dim < 0 ? dim + out_shape.rank() : dim);
  int64_t outer = 1, inner = 1;
  for (int k = 0; k < d; ++k) outer *= out_shape[k];
  for (int k = d + 1; k < out_shape.rank(); ++k) inner *= out_shape[k];
  const int64_t out_row = out_shape[d] * inner;
  // Each output row is the inputs' rows back to back.
  parallel_for(0, outer, std::max<int64_t>(1, 16384 / out_row), [&](int64_t lo, int64_t hi) {
    for (int64_t o = lo; o < hi; ++o) {
      float* dst = out.data() + o * out_row;
      for (const ConstTensorView& in : inputs) {
        const int64_t row = in.shape()[d] * inner;
        std::memcpy(dst, in.data() + o * row, row * sizeof(float));
        dst += row;
      }
    }
  });
  return ok_status();
}

Result<Tensor> concat(std::span<const ConstTensorView> inputs, int64_t dim) {
  std::vector<Shape> shapes;
  for (const ConstTensorView& in : inputs) shapes.push_back(in.shape());
  return detail::allocate_and_run(concat_output_shape(shapes, dim),
                                  [&](TensorView out) { return concat(inputs, dim, out); });
}

}  // namespace tessera::ttnn::math
