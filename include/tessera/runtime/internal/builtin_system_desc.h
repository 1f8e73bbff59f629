// Internal (not installed): the TTSY system descriptor (.ttsys) of
// simulated chips of one arch, in runtime terms (`tessera query`, the
// default target of `tessera check`).
#pragma once

#include <cstdint>
#include <vector>

#include "tessera/base/status.h"
#include "tessera/runtime/arch.h"

namespace tessera::runtime {

// `num_devices` chips of `arch`'s built-in descriptor, in a ring over
// ethernet when there are several (runtime/internal/system_desc.h).
Result<std::vector<uint8_t>> write_builtin_system_desc(Arch arch, uint32_t num_devices);

}  // namespace tessera::runtime
