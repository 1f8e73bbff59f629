#include "tessera/ttnn/math/eltwise_unary.h"

#include "eltwise_operands.h"

namespace tessera::runtime::ttnn_backend {
namespace {

math::UnaryOp unary_op(fbn::EltwiseOpType type) {
  switch (type) {
    case fbn::EltwiseOpType::Sqrt:
      return math::UnaryOp::kSqrt;
    case fbn::EltwiseOpType::Sigmoid:
      return math::UnaryOp::kSigmoid;
    case fbn::EltwiseOpType::Reciprocal:
      return math::UnaryOp::kRecip;
    case fbn::EltwiseOpType::Exp:
      return math::UnaryOp::kExp;
    case fbn::EltwiseOpType::Neg:
      return math::UnaryOp::kNeg;
    case fbn::EltwiseOpType::Abs:
      return math::UnaryOp::kAbs;
    case fbn::EltwiseOpType::Log:
      return math::UnaryOp::kLog;
    case fbn::EltwiseOpType::Tanh:
      return math::UnaryOp::kTanh;
    case fbn::EltwiseOpType::Gelu:
      return math::UnaryOp::kGelu;
    default:
      return math::UnaryOp::kRelu;
  }
}

}  // namespace

Status run_eltwise_unary(const fbn::EltwiseOp& op, ProgramContext& context) {
  TESSERA_RETURN_IF_ERROR(check_eltwise_arity(op, 1));
  TESSERA_ASSIGN_OR_RETURN(math::Tensor in, context.read_float(op.ins()->Get(0), "ins[0]"));
  TESSERA_RETURN_IF_ERROR(math::unary(unary_op(op.type()), in.view(), in.mutable_view()));
  return context.produce(op.out(), in);
}

}  // namespace tessera::runtime::ttnn_backend
