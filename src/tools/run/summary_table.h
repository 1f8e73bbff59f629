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

// Columns: result, runtime, program, smallest output PCC, load ms, submit ms
// (mean per loop), file, note.
std::string summary_table(const std::vector<FileRun>& files);

}  // namespace tessera::tools::run
