#include "default_target.h"

#include "tessera/runtime/internal/builtin_system_desc.h"

namespace tessera::tools {

Result<format::Binary> default_target_system_desc() {
  TESSERA_ASSIGN_OR_RETURN(std::vector<uint8_t> bytes,
                           runtime::write_builtin_system_desc(runtime::Arch::kWormholeB0, 1));
  return format::Binary::load_memory(std::move(bytes), "simulated wormhole_b0");
}

}  // namespace tessera::tools
