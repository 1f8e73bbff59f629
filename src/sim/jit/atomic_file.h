// File writes that other processes never see half-done.
#pragma once

#include <string>
#include <string_view>

#include "tessera/base/status.h"

namespace tessera::sim {

// `base` plus a suffix unique to this process and call.
std::string unique_temp_path(const std::string& base);

// Writes `content` to `path` (truncating).
Status write_file(const std::string& path, std::string_view content);

// Writes to a temporary file next to `path`, then renames it over `path`.
Status write_file_atomically(const std::string& path, std::string_view content);

}  // namespace tessera::sim
