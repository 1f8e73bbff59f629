// --per-op-golden: op hooks that check every TTNN op's outputs against a
// float64 reference, evaluated twice: on the op's actual inputs (is this op
// right, given what it was fed?) and along the chain from the program's
// inputs (has the error upstream grown past the tolerance here?). The first
// op that goes wrong is named, not just the program's outputs.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "golden_compare.h"
#include "run_results.h"
#include "tessera/runtime/submit.h"

namespace tessera::tools::run {

// The before-op hook copies the op's inputs (an op may free or overwrite
// them); the after-op hook evaluates the reference on that copy and appends
// one OpCheck per output to `checks`. Ops the reference cannot evaluate, or
// whose tensors cannot be read, are recorded in `notes`, not failed.
// `checks` and `notes` must outlive the hooks.
struct PerOpGoldenHooks {
  runtime::OpHook before;
  runtime::OpHook after;
};

// Receives each reference output (op index, output index, shape, values),
// for --save-golden-tensors.
using ReferenceSink = std::function<Status(
    uint32_t op, uint32_t output, std::span<const int64_t> shape, std::span<const double> values)>;

// `sink`, when set, sees every reference output the hooks compute.
PerOpGoldenHooks per_op_golden_hooks(const Tolerances& tolerances, std::vector<OpCheck>& checks,
                                     std::vector<std::string>& notes, ReferenceSink sink = {});

}  // namespace tessera::tools::run
