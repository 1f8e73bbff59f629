#include "default_target.h"

namespace tessera::tools {

Result<format::Binary> default_target_system_desc() {
  return make_error(ErrorCode::kUnimplemented,
                    "no default simulated chip yet; pass --system-desc FILE.ttsys");
}

}  // namespace tessera::tools
