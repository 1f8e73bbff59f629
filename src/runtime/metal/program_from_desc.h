// Builds a metal::Program from a TTM0 ProgramDesc: kernels from their
// sources with their configs and arguments, circular buffers bound to the
// L1 buffers their CBRefs name, and program semaphores.
#pragma once

#include "submit_context.h"
#include "tessera/format/generated.h"
#include "tessera/metal/program/program.h"

namespace tessera::runtime::metal_backend {

Result<metal::Program> program_from_desc(const tt::target::metal::ProgramDesc& desc,
                                         const std::string& name, SubmitContext& submit);

}  // namespace tessera::runtime::metal_backend
