#include "operation_name.h"

namespace tessera::runtime::ttnn_backend {

namespace fbn = ::tt::target::ttnn;

std::string operation_name(const fbn::Operation& op) {
  std::string name = fbn::EnumNameOpType(op.type_type());
  if (name.empty()) name = "unknown op " + std::to_string(static_cast<int>(op.type_type()));
  if (const auto* eltwise = op.type_as_EltwiseOp()) {
    const char* type = fbn::EnumNameEltwiseOpType(eltwise->type());
    name += std::string(" ") + (*type ? type : "?");
  } else if (const auto* reduction = op.type_as_ReductionOp()) {
    const char* type = fbn::EnumNameReductionOpType(reduction->type());
    name += std::string(" ") + (*type ? type : "?");
  }
  return name;
}

}  // namespace tessera::runtime::ttnn_backend
