#include "tessera/ttnn/math/pad.h"

#include <algorithm>
#include <vector>

#include "allocate.h"

namespace tessera::ttnn::math {

Result<Shape> pad_output_shape(const Shape& in, std::span<const uint32_t> padding) {
  TESSERA_RETURN_IF_ERROR(validate_shape(in, "pad input"));
  if (padding.size() != 2 * static_cast<size_t>(in.rank())) {
    return make_error(ErrorCode::kInvalidArgument, "pad of a rank-", in.rank(), " tensor needs ",
                      2 * in.rank(), " padding values (before, after per dim), got ",
                      padding.size());
  }
  std::vector<int64_t> dims = in.dims();
  for (int d = 0; d < in.rank(); ++d) dims[d] += int64_t{padding[2 * d]} + padding[2 * d + 1];
  Shape out(std::move(dims));
  TESSERA_RETURN_IF_ERROR(validate_shape(out, "pad output"));
  return out;
}

// Fills `out` with `value`, then copies each innermost row of `in` to its
// place: the rows keep their order, shifted by the `before` paddings.
Status pad(ConstTensorView in, std::span<const uint32_t> padding, float value, TensorView out) {
  TESSERA_ASSIGN_OR_RETURN(Shape expected, pad_output_shape(in.shape(), padding));
  TESSERA_RETURN_IF_ERROR(check_output_shape(out, expected, "pad"));
  std::fill(out.data(), out.data() + out.numel(), value);
  const int rank = in.shape().rank();
  if (in.numel() == 0) return ok_status();
  if (rank == 0) {
    out.data()[0] = in.data()[0];
    return ok_status();
  }
  std::vector<int64_t> out_strides(rank, 1);
  for (int d = rank - 1; d > 0; --d) out_strides[d - 1] = out_strides[d] * expected[d];
  const int64_t row = in.shape()[rank - 1];
  std::vector<int64_t> position(rank, 0);  // of the row's first element in `in`
  for (int64_t start = 0; start < in.numel(); start += row) {
    int64_t target = 0;
    for (int d = 0; d < rank; ++d) target += (position[d] + padding[2 * d]) * out_strides[d];
    std::copy_n(in.data() + start, row, out.data() + target);
    for (int d = rank - 1; d-- > 0;) {
      if (++position[d] < in.shape()[d]) break;
      position[d] = 0;
    }
  }
  return ok_status();
}

Result<Tensor> pad(ConstTensorView in, std::span<const uint32_t> padding, float value) {
  return detail::allocate_and_run(pad_output_shape(in.shape(), padding),
                                  [&](TensorView out) { return pad(in, padding, value, out); });
}

}  // namespace tessera::ttnn::math
