#include "operation_dispatch.h"

#include "operations/operations.h"
#include "tessera/format/ttnn_op_list.h"

namespace tessera::runtime::ttnn_backend {
namespace {

// A union whose type tag is set but whose table is missing is malformed
// input, not a null to dereference.
template <typename Body>
Status with_body(const Body* body, const char* type, ProgramContext& context,
                 Status (*handler)(const Body&, ProgramContext&)) {
  if (!body) {
    return make_error(ErrorCode::kInvalidArgument, "the operation's type is ", type,
                      " but its table is missing");
  }
  return handler(*body, context);
}

}  // namespace

Status run_operation(const fbn::Operation& op, ProgramContext& context) {
  switch (op.type_type()) {
#define TESSERA_TTNN_OP(T, name, in_fields, out_fields) \
  case fbn::OpType::T:                                  \
    return with_body(op.type_as_##T(), #T, context, run_##name);
    TESSERA_TTNN_OP_LIST(TESSERA_TTNN_OP)
#undef TESSERA_TTNN_OP
    default:
      break;
  }
  return make_error(ErrorCode::kUnimplemented, "operation has no (or an unknown) op type ",
                    static_cast<int>(op.type_type()));
}

}  // namespace tessera::runtime::ttnn_backend
