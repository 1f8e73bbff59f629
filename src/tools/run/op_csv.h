// `tessera perf`'s per-op / per-command CSV: host wall time of every op
// (TTNN) or command (TTM0) span, plus one row per submit so programs whose
// runtime records no spans still appear.
#pragma once

#include <string>
#include <vector>

#include "binary_runner.h"

namespace tessera::tools::run {

// Header: file,program,loop,category,index,name,queue,start_us,duration_us,detail
std::string op_csv(const std::vector<FileRun>& files);

// Quotes a field if it holds a comma, quote or line break (RFC 4180).
std::string csv_field(const std::string& text);

}  // namespace tessera::tools::run
