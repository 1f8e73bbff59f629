#include "tessera/runtime/internal/builtin_system_desc.h"

#include "tessera/runtime/internal/device_access.h"
#include "tessera/runtime/internal/system_desc.h"

namespace tessera::runtime {

Result<std::vector<uint8_t>> write_builtin_system_desc(Arch arch, uint32_t num_devices) {
  TESSERA_ASSIGN_OR_RETURN(sim::ChipDescriptor chip,
                           sim::builtin_chip_descriptor(to_sim_arch(arch)));
  return write_system_desc(chip, num_devices);
}

}  // namespace tessera::runtime
