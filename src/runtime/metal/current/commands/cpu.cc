// CpuCommand: would call `func_name` of the shared object `dylib_id` that
// the binary embeds, with the compiler's CPU calling convention (see
// docs/current-layout.md). That is native host code from the binary, which
// no sandbox of tessera's contains, so it is refused with an error naming
// the function; the binary's other programs still run.
#include "../command_handlers.h"

namespace tessera::runtime::metal_backend::current {

Status execute_cpu(const cm::CpuCommand& command, QueueContext&) {
  const std::string name = command.func_name() ? command.func_name()->str() : "(unnamed)";
  return make_error(ErrorCode::kUnimplemented, "CPU function '", name, "' of dylib ",
                    command.dylib_id(),
                    ": running host code embedded in a binary is not supported (it would run "
                    "as native code in the host process, outside the device sandbox); compile "
                    "the model without CPU-hoisted functions");
}

}  // namespace tessera::runtime::metal_backend::current
