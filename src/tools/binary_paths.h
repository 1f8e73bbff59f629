// Expands the FILE|DIR arguments of the CLI into the binaries to process.
#pragma once

#include <string>
#include <vector>

#include "tessera/base/status.h"

namespace tessera::tools {

// One entry per argument file, and per binary (.ttm, .ttnn, .ttsys) found
// under each directory argument, recursively, in sorted order. A path that
// does not exist yields an entry holding its error, so callers report it and
// go on with the rest.
struct BinaryPath {
  std::string path;
  Status status;
};

std::vector<BinaryPath> collect_binary_paths(const std::vector<std::string>& arguments);

}  // namespace tessera::tools
