#include "../operations.h"

namespace tessera::runtime::ttnn_backend {

Status run_to_layout(const fbn::ToLayoutOp& op, ProgramContext& context) {
  TESSERA_ASSIGN_OR_RETURN(const ttnn::Tensor* in, context.tensor(op.in(), "in"));
  TESSERA_ASSIGN_OR_RETURN(ttnn::TensorSpec out, context.declared_spec(op.out(), "out"));
  if (out.placement != in->spec().placement) {
    return make_error(ErrorCode::kInvalidArgument, "ToLayout keeps the memory space: input is ",
                      ttnn::placement_name(in->spec().placement), ", output declares ",
                      ttnn::placement_name(out.placement), " (use ToMemoryConfig)");
  }
  return context.convert_into(op.in(), op.out());
}

}  // namespace tessera::runtime::ttnn_backend
