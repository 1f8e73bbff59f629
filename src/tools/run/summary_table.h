// The table printed at the end of a run: one row per program, then totals.
#pragma once

#include <string>
#include <vector>

#include "binary_runner.h"

namespace tessera::tools::run {

struct OutcomeCounts {
  int pass = 0, fail = 0, error = 0, skip = 0;
  int total() const { return pass + fail + error + skip; }
};

OutcomeCounts count_outcomes(const std::vector<FileRun>& files);

// "4 program(s): 3 passed, 1 failed, 0 errors, 0 skipped".
std::string totals_line(const OutcomeCounts& counts);

// Columns: result, file, program, runtime, smallest output PCC, load ms,
// loops, submit ms (mean per loop), note (an error's cause). Fits
// `terminal_width` columns by shortening file names in the middle and notes
// (0: no limit; notes still keep to one short line).
std::string summary_table(const std::vector<FileRun>& files, size_t terminal_width = 0);

}  // namespace tessera::tools::run
