#include "progress_display.h"

#include <unistd.h>

#include <cstdio>
#include <iostream>

namespace tessera::tools::run {
namespace {

const char* result_word(Outcome outcome) {
  switch (outcome) {
    case Outcome::kPass:
      return "PASS ";
    case Outcome::kFail:
      return "FAIL ";
    case Outcome::kError:
      return "ERROR";
    case Outcome::kSkip:
      return "SKIP ";
  }
  return "ERROR";
}

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
  std::cerr << "\r\033[K[" << index + 1 << "/" << total_ << "] running " << path << std::flush;
  status_shown_ = true;
}

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
    std::cout << result_word(run.outcome) << " " << run.label();
    if (run.loops) {
      char timing[64];
      std::snprintf(timing, sizeof timing, " (%u loop(s), submit %.3f ms)", run.loops,
                    run.timings.submit_total_ms / run.loops);
      std::cout << timing;
    }
    if (!run.message.empty() && run.outcome != Outcome::kError) std::cout << ": " << run.message;
    std::cout << "\n";
    if (!run.memory.is_null()) std::cout << "      memory: " << memory_line(run.memory) << "\n";
  }
  std::cout << std::flush;
}

void ProgressDisplay::finish() {
  clear_status();
}

}  // namespace tessera::tools::run
