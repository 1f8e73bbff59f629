// .npy files as program inputs (--input) and expected outputs
// (--expected-output): an array matches a tensor when it has the tensor's
// shape and the dtype tessera writes that tensor's type as (so a saved
// artifact feeds straight back in; bfloat16 travels as float32).
#pragma once

#include <string>
#include <vector>

#include "program_goldens.h"
#include "tessera/base/status.h"
#include "tessera/runtime/tensor_info.h"

namespace tessera::tools::run {

// The values of `path` for input `index`; an error names the file and what
// differs from the input.
Result<std::vector<double>> npy_input_values(const std::string& path, uint32_t index,
                                             const runtime::TensorInfo& input);

// `path` as the golden of `output`: its own shape and type, so a mismatch
// fails that output the way a golden's does.
Result<GoldenValues> npy_expected_output(const std::string& path,
                                         const runtime::TensorInfo& output);

}  // namespace tessera::tools::run
