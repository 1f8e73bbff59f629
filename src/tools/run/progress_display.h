// What a run shows while it goes: on a terminal, a status line rewritten in
// place ("[3/10] running a.ttm"); otherwise plain lines, one per program.
// Errors always reach stderr, also with --quiet.
#pragma once

#include <cstddef>
#include <string>

#include "binary_runner.h"

namespace tessera::tools::run {

class ProgressDisplay {
 public:
  ProgressDisplay(bool quiet, size_t total_files);

  void start_file(size_t index, const std::string& path);
  void finish_file(const FileRun& file);
  void finish();

 private:
  void clear_status();

  bool quiet_;
  bool terminal_;
  size_t total_;
  bool status_shown_ = false;
};

}  // namespace tessera::tools::run
