// Where compiled kernels are cached: $TESSERA_CACHE_DIR, else
// $XDG_CACHE_HOME/tessera, else ~/.cache/tessera.
#pragma once

#include <string>

#include "tessera/base/status.h"

namespace tessera::sim {

Result<std::string> default_cache_root();

// Creates `path` and its parents (like mkdir -p).
Status make_directories(const std::string& path);

}  // namespace tessera::sim
