#include "tessera/ttnn/math/reshape.h"

#include <cstring>
#include <vector>

#include "allocate.h"

namespace tessera::ttnn::math {

Result<Shape> reshape_output_shape(const Shape& in, std::span<const int64_t> new_dims) {
  TESSERA_RETURN_IF_ERROR(validate_shape(in, "reshape input"));
  Shape out(new_dims);
  int inferred = -1;
  int64_t known = 1;
  for (int d = 0; d < out.rank(); ++d) {
    if (out[d] == -1 && inferred < 0) {
      inferred = d;
    } else if (out[d] == -1) {
      return make_error(ErrorCode::kInvalidArgument, "reshape: only one dim can be -1, got ", out,
                        " (dims ", inferred, " and ", d, ")");
    } else if (out[d] < 0) {
      return make_error(ErrorCode::kInvalidArgument, "reshape: dim ", d, " of ", out,
                        " is negative; only -1 (infer) is allowed");
    } else {
      known *= out[d];
    }
  }
  if (inferred >= 0) {
    if (known == 0 || in.numel() % known != 0) {
      return make_error(ErrorCode::kInvalidArgument, "reshape: cannot infer the -1 dim of ", out,
                        " for ", in.numel(), " elements (input shape ", in, "): ", in.numel(),
                        " is not a multiple of ", known);
    }
    out[inferred] = in.numel() / known;
  }
  TESSERA_RETURN_IF_ERROR(validate_shape(out, "reshape output"));
  if (out.numel() != in.numel()) {
    return make_error(ErrorCode::kInvalidArgument, "reshape: cannot reshape ", in, " (", in.numel(),
                      " elements) to ", out, " (", out.numel(), " elements)");
  }
  return out;
}

Status reshape(ConstTensorView in, std::span<const int64_t> new_dims, TensorView out) {
  TESSERA_ASSIGN_OR_RETURN(Shape out_shape, reshape_output_shape(in.shape(), new_dims));
  TESSERA_RETURN_IF_ERROR(check_output_shape(out, out_shape, "reshape"));
  if (out.data() != in.data()) std::memmove(out.data(), in.data(), in.numel() * sizeof(float));
  return ok_status();
}

Result<Tensor> reshape(ConstTensorView in, std::span<const int64_t> new_dims) {
  return detail::allocate_and_run(reshape_output_shape(in.shape(), new_dims),
                                  [&](TensorView out) { return reshape(in, new_dims, out); });
}

}  // namespace tessera::ttnn::math
