#include "tessera/ttnn/math/reshape.h"

#include "../operations.h"
#include "tessera/ttnn/tensor/tensor_convert.h"

namespace tessera::runtime::ttnn_backend {

// Checked like torch.reshape (one -1 allowed); the bytes move exactly when the
// format stays, so integer tensors survive.
Status run_reshape(const fbn::ReshapeOp& op, ProgramContext& context) {
  TESSERA_ASSIGN_OR_RETURN(const ttnn::Tensor* in, context.tensor(op.in(), "in"));
  std::vector<int64_t> dims;
  if (op.shape()) dims.assign(op.shape()->begin(), op.shape()->end());
  TESSERA_ASSIGN_OR_RETURN(math::Shape shape, math::reshape_output_shape(in->spec().shape, dims));
  TESSERA_ASSIGN_OR_RETURN(ttnn::TensorSpec out, context.declared_spec(op.out(), "out"));
  if (out.shape != shape) {
    return make_error(ErrorCode::kInvalidArgument, "shape mismatch: reshape gives ",
                      shape.to_string(), " but output tensor ", op.out()->global_id(), " declares ",
                      out.shape.to_string());
  }
  if (in->spec().layout == ttnn::TensorLayout::kRowMajor &&
      out.layout == ttnn::TensorLayout::kRowMajor) {
    ttnn::TensorSpec reshaped = out;
    TESSERA_ASSIGN_OR_RETURN(ttnn::Tensor moved,
                             ttnn::convert(*in, std::move(reshaped), &context.device()));
    return context.insert(op.out(), std::move(moved));
  }
  TESSERA_ASSIGN_OR_RETURN(math::Tensor values, context.read_float(op.in(), "in"));
  TESSERA_ASSIGN_OR_RETURN(math::Tensor result, math::reshape(values.view(), dims));
  return context.produce(op.out(), result);
}

}  // namespace tessera::runtime::ttnn_backend
