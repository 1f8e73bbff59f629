// An EnqueueProgramCommand of the current layout as a metal::Program: its
// kernels with their configs and resolved arguments, and the CBs its `cbs`
// place in their buffers.
#pragma once

#include <string>

#include "submit_state.h"
#include "tessera/metal/program/program.h"

namespace tessera::runtime::metal_backend::current {

Result<metal::Program> program_from_command(const cm::EnqueueProgramCommand& command,
                                            const std::string& name, SubmitState& state);

}  // namespace tessera::runtime::metal_backend::current
