// The system tessera runs binaries on when the user names none.
#pragma once

#include "tessera/base/status.h"
#include "tessera/format/binary.h"

namespace tessera::tools {

// A system descriptor of one simulated wormhole_b0 chip.
Result<format::Binary> default_target_system_desc();

}  // namespace tessera::tools
