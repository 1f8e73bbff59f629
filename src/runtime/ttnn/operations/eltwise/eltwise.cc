#include "../operations.h"

namespace tessera::runtime::ttnn_backend {

Status run_eltwise(const fbn::EltwiseOp& op, ProgramContext& context) {
  switch (op.type()) {
    case fbn::EltwiseOpType::Add:
    case fbn::EltwiseOpType::Multiply:
    case fbn::EltwiseOpType::Subtract:
    case fbn::EltwiseOpType::GreaterEqual:
    case fbn::EltwiseOpType::Div:
    case fbn::EltwiseOpType::Maximum:
    case fbn::EltwiseOpType::Minimum:
      return run_eltwise_binary(op, context);
    case fbn::EltwiseOpType::Relu:
    case fbn::EltwiseOpType::Sqrt:
    case fbn::EltwiseOpType::Sigmoid:
    case fbn::EltwiseOpType::Reciprocal:
    case fbn::EltwiseOpType::Exp:
    case fbn::EltwiseOpType::Neg:
    case fbn::EltwiseOpType::Abs:
    case fbn::EltwiseOpType::Log:
    case fbn::EltwiseOpType::Tanh:
    case fbn::EltwiseOpType::Gelu:
      return run_eltwise_unary(op, context);
    case fbn::EltwiseOpType::Where:
      return run_where(op, context);
    case fbn::EltwiseOpType::Typecast:
      return run_typecast(op, context);
  }
  return make_error(ErrorCode::kUnimplemented, "unknown eltwise op type ",
                    static_cast<uint32_t>(op.type()));
}

}  // namespace tessera::runtime::ttnn_backend
