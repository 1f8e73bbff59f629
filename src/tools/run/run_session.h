// The main job behind `tessera run` and `tessera perf`: every binary under
// the given paths, in order, on devices opened once; then the reports.
#pragma once

#include <string>

#include "run_options.h"

namespace tessera::tools::run {

// Exit codes of a run.
inline constexpr int kExitPassed = 0;
inline constexpr int kExitError = 1;
inline constexpr int kExitUsage = 2;
inline constexpr int kExitGoldenMismatch = 42;

struct OutcomeCounts;
// The exit code of a run with these results: 1 for any error, a failed
// write, or nothing run; 42 for a golden mismatch; else 0.
int exit_code_of(const OutcomeCounts& counts, bool reports_written);

// `command` is "run" or "perf" (perf also writes the trace and CSV).
int run_session(const std::string& command, const RunOptions& options);

}  // namespace tessera::tools::run
