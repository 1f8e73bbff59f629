#include "progress_display.h"

#include <unistd.h>

#include <cstdio>
#include <iostream>

#include "terminal_text.h"

namespace tessera::tools::run {
namespace {

uint64_t allocated(const nlohmann::ordered_json& chips, const char* memory) {
  uint64_t total = 0;
  for (const auto& chip : chips) total += chip[memory]["allocated_bytes"].get<uint64_t>();
  return total;
}

// "DRAM 0 B, L1 0 B allocated per bank after the program; peak over ops (per
// bank) DRAM 40960 B, L1 0 B; 10 buffer(s) freed at the end".
std::string memory_line(const nlohmann::ordered_json& memory) {
  std::string line;
  if (memory.contains("after")) {
    line += "DRAM " + std::to_string(allocated(memory["after"], "dram")) + " B, L1 " +
            std::to_string(allocated(memory["after"], "l1")) +
            " B allocated per bank after the program";
  }
  if (memory.contains("peak_sampled_per_op")) {
    const auto& peak = memory["peak_sampled_per_op"];
    line += "; peak over ops (per bank) DRAM " + peak["dram_allocated_bytes"].dump() + " B, L1 " +
            peak["l1_allocated_bytes"].dump() + " B";
  }
  if (memory.contains("leaked_buffers")) {
    line += "; " + memory["leaked_buffers"].dump() + " buffer(s) freed at the end";
  }
  return line;
}

}  // namespace

ProgressDisplay::ProgressDisplay(bool quiet, size_t total_files)
    : quiet_(quiet), terminal_(isatty(STDERR_FILENO) == 1), total_(total_files) {}

void ProgressDisplay::clear_status() {
  if (!status_shown_) return;
  std::cerr << "\r\033[K" << std::flush;
  status_shown_ = false;
}

void ProgressDisplay::start_file(size_t index, const std::string& path) {
  if (quiet_ || !terminal_) return;
  const std::string prefix =
      "[" + std::to_string(index + 1) + "/" + std::to_string(total_) + "] running ";
  std::string shown = display_path(path);
  // One line, or the terminal wraps it and \r no longer rewrites it.
  if (const size_t columns = terminal_columns(STDERR_FILENO); columns > prefix.size() + 1) {
    shown = elide_middle(shown, columns - prefix.size() - 1);
  }
  std::cerr << "\r\033[K" << prefix << shown << std::flush;
  status_shown_ = true;
}

// Results appear once, in the summary table; what is shown here is what the
// table has no room for: errors in full, leaks and memory figures.
void ProgressDisplay::finish_file(const FileRun& file) {
  clear_status();
  for (const ProgramRun& run : file.programs) {
    if (run.outcome == Outcome::kError) {
      // Runtime errors already start with the file and program.
      bool located = run.message.rfind(run.file + ":", 0) == 0;
      std::cerr << "error: " << (located ? "" : run.label() + ": ") << run.message << "\n";
    }
    if (quiet_) continue;
    if (!run.leaks.empty()) {
      // One line per program; the result file lists every buffer.
      std::cerr << "warning: " << run.label() << ": " << run.leaks.size()
                << " buffer(s) still live at the end of the program were freed (see \"leaks\" "
                   "in the result file)\n";
    }
    if (!run.memory.is_null()) {
      std::cout << "memory: " << run.label() << ": " << memory_line(run.memory) << "\n";
    }
  }
  std::cout << std::flush;
}

void ProgressDisplay::finish() {
  clear_status();
}

}  // namespace tessera::tools::run
