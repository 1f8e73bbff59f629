#include "tessera/runtime/version.h"

namespace tessera::runtime {

std::string_view version() {
  return TESSERA_VERSION;
}

}  // namespace tessera::runtime
