// Internal (not installed): the flatbuffer op an OpContext describes, for
// tessera's per-op golden check, which evaluates the op itself.
#pragma once

#include "tessera/base/status.h"
#include "tessera/runtime/submit.h"

namespace tt::target::ttnn {
struct Operation;
}

namespace tessera::runtime {

// What the TTNN executor hands hooks: an OpContext that also knows its op.
class OperationContext : public OpContext {
 public:
  virtual const tt::target::ttnn::Operation& operation() const = 0;
};

// The op behind `context`; an error when the context is not the runtime's.
inline Result<const tt::target::ttnn::Operation*> flatbuffer_operation(const OpContext& context) {
  const auto* own = dynamic_cast<const OperationContext*>(&context);
  if (!own) {
    return make_error(ErrorCode::kInvalidArgument, "op context of op ", context.op_index(),
                      " carries no flatbuffer op");
  }
  return &own->operation();
}

}  // namespace tessera::runtime
