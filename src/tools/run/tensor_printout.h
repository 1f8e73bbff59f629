// --print-input-output-tensors: one line per tensor, shape, type and a
// summary of its values (the first and last few), for reading a run.
#pragma once

#include <span>
#include <string>

#include "tessera/runtime/tensor_info.h"

namespace tessera::tools::run {

// "input 0: 32x32 Float32 [1, 2, 3, 4, ..., 1021, 1022, 1023, 1024]" (all of
// them when there are at most 8).
std::string tensor_line(const std::string& label, const runtime::TensorInfo& info,
                        std::span<const double> values);

}  // namespace tessera::tools::run
