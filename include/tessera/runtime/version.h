// The version of the tessera runtime an embedder links against.
#pragma once

#include <string_view>

namespace tessera::runtime {

// "0.1.0": tessera's own version (not a binary format version).
std::string_view version();

}  // namespace tessera::runtime
