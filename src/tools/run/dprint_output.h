// Where a run's kernel DPRINT lines go: stderr (clearing the progress line
// first on a terminal) or --dprint-file, one "0:(x=0,y=0):BR: text" each,
// as tt-metal's print server writes them.
#pragma once

#include <fstream>
#include <mutex>
#include <string>

#include "run_options.h"
#include "tessera/base/status.h"
#include "tessera/runtime/dprint.h"

namespace tessera::tools::run {

class DprintOutput {
 public:
  // Opens --dprint-file (truncating it) when one is given.
  static Result<std::unique_ptr<DprintOutput>> open(const RunOptions& options);

  // The submit options that send the selected lines here.
  const runtime::DprintOptions& submit_options() const { return options_; }

 private:
  DprintOutput() = default;
  void write(const runtime::DprintLine& line);

  runtime::DprintOptions options_;
  mutable std::mutex mutex_;
  std::ofstream file_;
  bool to_file_ = false;
  bool terminal_ = false;
};

}  // namespace tessera::tools::run
