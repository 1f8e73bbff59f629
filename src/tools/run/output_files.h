// The report files one run writes (results JSON, JUnit, and for perf the
// trace and CSV): where each goes, and that no two of them are one file.
#pragma once

#include <filesystem>
#include <string>

#include "run_options.h"

namespace tessera::tools::run {

// `path` made absolute, with links and dot segments resolved as far as
// they exist: two names of one file compare equal.
std::filesystem::path resolved_path(const std::filesystem::path& path);

// --junit, else the result file with extension .xml.
std::string junit_path(const RunOptions& options);

// A message naming two report options that resolve to one file, or "".
std::string colliding_output_files(const RunOptions& options);

}  // namespace tessera::tools::run
