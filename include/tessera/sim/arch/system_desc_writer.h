// Writes a TTSY system descriptor binary (.ttsys) describing simulated chips.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "tessera/base/status.h"
#include "tessera/sim/arch/chip_descriptor.h"

namespace tessera::sim {

// One chip_desc per device, devices connected in a ring over their first
// ethernet core when there are several (and the chips have ethernet).
// Returns the size-prefixed flatbuffer with file identifier "TTSY".
Result<std::vector<uint8_t>> write_system_desc(std::span<const ChipDescriptor> devices);
Result<std::vector<uint8_t>> write_system_desc(const ChipDescriptor& chip, uint32_t num_devices);

}  // namespace tessera::sim
