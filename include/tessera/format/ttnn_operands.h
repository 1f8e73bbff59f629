// The tensor operands of a TTNN operation, read from the op list
// (ttnn_op_list.h): inputs and outputs in schema field order, lists
// expanded, absent optional fields skipped. The runtime's hooks, the per-op
// golden checks and the reference evaluator all see operands this way.
#pragma once

#include <cstdint>
#include <vector>

namespace tt::target {
struct TensorRef;
namespace ttnn {
struct Operation;
enum class OpType : uint8_t;
}  // namespace ttnn
}  // namespace tt::target

namespace tessera::format {

struct TtnnOperands {
  std::vector<const tt::target::TensorRef*> inputs;
  std::vector<const tt::target::TensorRef*> outputs;
};

// Empty for an op whose type tessera does not know or whose table is missing.
TtnnOperands ttnn_operands(const tt::target::ttnn::Operation& op);

// Whether `type` has an entry in the op list.
bool is_listed_ttnn_op(tt::target::ttnn::OpType type);

}  // namespace tessera::format
