#include "tessera/sim/jit/dprint_log.h"

namespace tessera::sim {

void DprintLog::append(DprintLine line) {
  std::lock_guard lock(mutex_);
  lines_.push_back(std::move(line));
}

std::vector<DprintLine> DprintLog::lines() const {
  std::lock_guard lock(mutex_);
  return lines_;
}

std::string DprintLog::text() const {
  std::lock_guard lock(mutex_);
  std::string out;
  for (const DprintLine& line : lines_) {
    out += describe_core(line.core) + " " + line.kernel + ": " + line.text + "\n";
  }
  return out;
}

void DprintLog::clear() {
  std::lock_guard lock(mutex_);
  lines_.clear();
}

}  // namespace tessera::sim
