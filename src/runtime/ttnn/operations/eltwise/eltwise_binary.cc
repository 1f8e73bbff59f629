#include "tessera/ttnn/math/eltwise_binary.h"

#include "eltwise_operands.h"
#include "tessera/ttnn/tensor/pagewise_binary.h"

namespace tessera::runtime::ttnn_backend {
namespace {

math::BinaryOp binary_op(fbn::EltwiseOpType type) {
  switch (type) {
    case fbn::EltwiseOpType::Multiply:
      return math::BinaryOp::kMultiply;
    case fbn::EltwiseOpType::Subtract:
      return math::BinaryOp::kSubtract;
    case fbn::EltwiseOpType::GreaterEqual:
      return math::BinaryOp::kGreaterEqual;
    case fbn::EltwiseOpType::Div:
      return math::BinaryOp::kDivide;
    case fbn::EltwiseOpType::Maximum:
      return math::BinaryOp::kMaximum;
    case fbn::EltwiseOpType::Minimum:
      return math::BinaryOp::kMinimum;
    default:
      return math::BinaryOp::kAdd;
  }
}

}  // namespace

// Inputs are read as stored (e.g. bf16), computed in fp32 and the result is
// rounded to the output's format, as the kernel path does. Without
// broadcasting the op streams page by page; otherwise through fp32 arrays.
Status run_eltwise_binary(const fbn::EltwiseOp& op, ProgramContext& context) {
  TESSERA_RETURN_IF_ERROR(check_eltwise_arity(op, 2));
  TESSERA_ASSIGN_OR_RETURN(const ttnn::Tensor* lhs, context.tensor(op.ins()->Get(0), "ins[0]"));
  TESSERA_ASSIGN_OR_RETURN(const ttnn::Tensor* rhs, context.tensor(op.ins()->Get(1), "ins[1]"));
  TESSERA_ASSIGN_OR_RETURN(ttnn::TensorSpec out_spec, context.declared_spec(op.out(), "out"));
  if (ttnn::pagewise_binary_applies(lhs->spec(), rhs->spec(), out_spec)) {
    TESSERA_ASSIGN_OR_RETURN(ttnn::Tensor out, context.allocate(out_spec));
    Status status = ttnn::pagewise_binary(binary_op(op.type()), *lhs, *rhs, out);
    if (!status.ok()) {
      (void)out.deallocate();
      return status;
    }
    return context.insert(op.out(), std::move(out));
  }
  TESSERA_ASSIGN_OR_RETURN(math::Tensor a, context.read_float(op.ins()->Get(0), "ins[0]"));
  TESSERA_ASSIGN_OR_RETURN(math::Tensor b, context.read_float(op.ins()->Get(1), "ins[1]"));
  TESSERA_ASSIGN_OR_RETURN(math::Tensor out,
                           math::binary(binary_op(op.type()), a.view(), b.view()));
  return context.produce(op.out(), out);
}

}  // namespace tessera::runtime::ttnn_backend
