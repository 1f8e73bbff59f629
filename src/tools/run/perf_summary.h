// The table `tessera perf` prints after the run: where host time went, per
// op (TTNN) or command (TTM0) name, summed over every binary and loop.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "binary_runner.h"

namespace tessera::tools::run {

// Columns: category, name, count, total ms, mean ms; the `rows` names with
// the most total time, most first. Empty if no op or command spans exist.
std::string perf_summary(const std::vector<FileRun>& files, size_t rows = 10);

}  // namespace tessera::tools::run
