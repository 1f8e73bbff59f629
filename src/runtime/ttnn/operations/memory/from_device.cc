#include "../operations.h"

namespace tessera::runtime::ttnn_backend {

Status run_from_device(const fbn::FromDeviceOp& op, ProgramContext& context) {
  TESSERA_ASSIGN_OR_RETURN(const ttnn::Tensor* in, context.tensor(op.in(), "in"));
  TESSERA_ASSIGN_OR_RETURN(ttnn::TensorSpec out, context.declared_spec(op.out(), "out"));
  if (!in->spec().on_device()) {
    return make_error(ErrorCode::kInvalidArgument, "FromDevice: input tensor ",
                      op.in()->global_id(), " is not on the device (", in->spec().describe(), ")");
  }
  if (out.on_device()) {
    return make_error(ErrorCode::kInvalidArgument, "FromDevice: output tensor ",
                      op.out()->global_id(), " declares ", ttnn::placement_name(out.placement),
                      ", not host memory");
  }
  return context.convert_into(op.in(), op.out());
}

}  // namespace tessera::runtime::ttnn_backend
