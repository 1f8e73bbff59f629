// One function per TTNN op; each reads its operands from the context and
// stores its outputs there. Files: operations/<category>/<op>.cc.
#pragma once

#include "../program_context.h"
#include "tessera/format/ttnn_op_list.h"

namespace tessera::runtime::ttnn_backend {

// run_<name> for every entry of the op list.
#define TESSERA_TTNN_OP(T, name, in_fields, out_fields) \
  Status run_##name(const fbn::T& op, ProgramContext& context);
TESSERA_TTNN_OP_LIST(TESSERA_TTNN_OP)
#undef TESSERA_TTNN_OP

// Parts of run_eltwise, by the eltwise op's kind.
Status run_eltwise_binary(const fbn::EltwiseOp& op, ProgramContext& context);
Status run_eltwise_unary(const fbn::EltwiseOp& op, ProgramContext& context);
Status run_where(const fbn::EltwiseOp& op, ProgramContext& context);
Status run_typecast(const fbn::EltwiseOp& op, ProgramContext& context);

}  // namespace tessera::runtime::ttnn_backend
