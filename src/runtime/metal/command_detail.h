// The operands of a TTM0 command in words — ids, addresses, sizes — for
// trace spans: "host 1 -> buffer 2 (DeviceDRAM at 0x200000, 256 bytes)".
#pragma once

#include <string>

#include "tessera/format/generated.h"

namespace tessera::runtime::metal_backend {

std::string command_detail(const tt::target::metal::Command& command);

}  // namespace tessera::runtime::metal_backend
