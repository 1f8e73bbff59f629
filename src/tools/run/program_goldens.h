// The golden inputs and outputs a program carries, read the same way from
// TTM0 and TTNN programs: tessera's appended GoldenTensor fields in the 2024
// layout, the golden map's "input_<i>" / "output_<i>" in the current one.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tessera/base/status.h"
#include "tessera/runtime/binary.h"

namespace tessera::tools::run {

struct GoldenValues {
  std::string name;
  std::vector<int64_t> shape;
  runtime::DataType data_type = runtime::DataType::kFloat32;
  std::vector<double> values;  // row-major
};

struct ProgramGoldens {
  std::vector<GoldenValues> inputs;
  std::vector<GoldenValues> outputs;
  bool has_inputs() const { return !inputs.empty(); }
  bool has_outputs() const { return !outputs.empty(); }
};

// Errors if a golden's data does not hold shape-many elements of its type.
Result<ProgramGoldens> read_program_goldens(const runtime::Binary& binary, uint32_t program);

}  // namespace tessera::tools::run
