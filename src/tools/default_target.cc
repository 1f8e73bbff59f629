#include "default_target.h"

#include "tessera/runtime/internal/system_desc.h"
#include "tessera/sim/arch/chip_descriptor.h"

namespace tessera::tools {

Result<format::Binary> default_target_system_desc() {
  TESSERA_ASSIGN_OR_RETURN(sim::ChipDescriptor chip,
                           sim::builtin_chip_descriptor(sim::Arch::kWormholeB0));
  TESSERA_ASSIGN_OR_RETURN(std::vector<uint8_t> bytes, runtime::write_system_desc(chip, 1));
  return format::Binary::load_memory(std::move(bytes), "simulated wormhole_b0");
}

}  // namespace tessera::tools
