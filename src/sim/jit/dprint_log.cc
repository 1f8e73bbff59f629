#include "tessera/sim/jit/dprint_log.h"

namespace tessera::sim {

const char* dprint_risc_name(DprintRisc risc) {
  switch (risc) {
    case DprintRisc::kBrisc:
      return "BR";
    case DprintRisc::kNcrisc:
      return "NC";
    case DprintRisc::kTrisc0:
      return "TR0";
    case DprintRisc::kTrisc1:
      return "TR1";
    case DprintRisc::kTrisc2:
      return "TR2";
    case DprintRisc::kAllTriscs:
      return "TR*";
  }
  return "?";
}

void DprintLog::append(DprintLine line) {
  std::lock_guard lock(mutex_);
  if (listener_) {
    listener_(line);
    return;
  }
  const std::size_t bytes = line.text.size() + line.kernel.size() + sizeof(DprintLine);
  if (kept_bytes_ + bytes > byte_budget_) {
    ++dropped_lines_;
    return;
  }
  kept_bytes_ += bytes;
  lines_.push_back(std::move(line));
}

std::size_t DprintLog::dropped_lines() const {
  std::lock_guard lock(mutex_);
  return dropped_lines_;
}

std::vector<DprintLine> DprintLog::lines() const {
  std::lock_guard lock(mutex_);
  std::vector<DprintLine> lines = lines_;
  if (dropped_lines_ > 0 && !lines.empty()) {
    DprintLine note = lines.back();
    note.text = "(" + std::to_string(dropped_lines_) + " more DPRINT line(s) dropped: over the " +
                std::to_string(byte_budget_ >> 20) + " MiB kept per program run)";
    lines.push_back(std::move(note));
  }
  return lines;
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
  kept_bytes_ = 0;
  dropped_lines_ = 0;
}

}  // namespace tessera::sim
