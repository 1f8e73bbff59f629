// A float64 reference evaluator for TTNN operations, independent of both
// runtimes: it computes what an op must produce, for goldens and per-op checks.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "tessera/base/status.h"
#include "tessera/format/generated.h"

namespace tessera::builder {

// A row-major tensor of float64 values.
struct RefTensor {
  std::vector<int64_t> shape;
  std::vector<double> values;
};

// Evaluates one TTNN operation. `inputs` are the op's tensor operands in
// schema field order, excluding the output field (`out` / `output`); list
// fields (EltwiseOp.ins, ConcatOp.inputs) are expanded in order and absent
// optional fields (Conv2d/Linear bias) are skipped. Returns the op's outputs:
// one for every op with an output, none for OpenDevice/CloseDevice/Deallocate.
// Memory moves (ToMemoryConfig/ToLayout/ToDevice/FromDevice/Typecast) return
// their input rounded to the output's data type.
Result<std::vector<RefTensor>> evaluate_ttnn_operation(const tt::target::ttnn::Operation& op,
                                                       std::span<const RefTensor> inputs);

}  // namespace tessera::builder
