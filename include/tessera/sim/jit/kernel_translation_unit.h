// Builds the text the compiler sees for one kernel: the toolchain defines,
// then the kernel source under its own name (so diagnostics point into it),
// then the exported entry points.
#pragma once

#include <string>

#include "tessera/base/status.h"
#include "tessera/sim/jit/kernel_build_spec.h"

namespace tessera::sim {

// Checks what the unit would paste into preprocessor lines: define and
// named-arg names must be identifiers / single-line, values single-line.
Status validate_kernel_build_spec(const KernelBuildSpec& spec);

std::string make_kernel_translation_unit(const KernelBuildSpec& spec);

}  // namespace tessera::sim
