// The per-run debug print log: every DPRINT line of every kernel, in the
// order lines were completed, for the host or CLI to show.
#pragma once

#include <mutex>
#include <string>
#include <vector>

#include "tessera/sim/fiber/fiber_spec.h"

namespace tessera::sim {

struct DprintLine {
  CoreLabel core;
  std::string kernel;
  std::string text;  // without the trailing newline
};

class DprintLog {
 public:
  void append(DprintLine line);
  std::vector<DprintLine> lines() const;
  // One "(x,y) kernel: text" per line.
  std::string text() const;
  void clear();

 private:
  mutable std::mutex mutex_;
  std::vector<DprintLine> lines_;
};

}  // namespace tessera::sim
