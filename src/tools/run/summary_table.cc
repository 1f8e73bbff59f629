#include "summary_table.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace tessera::tools::run {
namespace {

constexpr size_t kNoteWidth = 72;

std::string upper(const char* text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
  return out;
}

std::string milliseconds(double ms) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3f", ms);
  return text;
}

// The note column holds one line; long messages end in "...".
std::string one_line(const std::string& text) {
  std::string line = text.substr(0, text.find('\n'));
  if (line.size() > kNoteWidth) line = line.substr(0, kNoteWidth - 3) + "...";
  return line;
}

// The smallest PCC over a program's compared outputs, or "-".
std::string smallest_pcc(const ProgramRun& run) {
  if (run.checks.empty()) return "-";
  double smallest = run.checks[0].comparison.pcc;
  for (const OutputCheck& check : run.checks) smallest = std::min(smallest, check.comparison.pcc);
  if (std::isnan(smallest)) return "n/a";
  char text[32];
  std::snprintf(text, sizeof text, "%.6g", smallest);
  return text;
}

}  // namespace

OutcomeCounts count_outcomes(const std::vector<FileRun>& files) {
  OutcomeCounts counts;
  for (const FileRun& file : files) {
    for (const ProgramRun& run : file.programs) {
      switch (run.outcome) {
        case Outcome::kPass:
          ++counts.pass;
          break;
        case Outcome::kFail:
          ++counts.fail;
          break;
        case Outcome::kError:
          ++counts.error;
          break;
        case Outcome::kSkip:
          ++counts.skip;
          break;
      }
    }
  }
  return counts;
}

std::string totals_line(const OutcomeCounts& counts) {
  std::ostringstream text;
  text << counts.total() << " program(s): " << counts.pass << " passed, " << counts.fail
       << " failed, " << counts.error << " error(s), " << counts.skip << " skipped";
  return text.str();
}

std::string summary_table(const std::vector<FileRun>& files) {
  std::vector<std::vector<std::string>> rows = {
      {"RESULT", "RUNTIME", "PROGRAM", "PCC", "LOAD_MS", "SUBMIT_MS/LOOP", "FILE", "NOTE"}};
  for (const FileRun& file : files) {
    for (const ProgramRun& run : file.programs) {
      double mean = run.loops ? run.timings.submit_total_ms / run.loops : 0;
      rows.push_back({upper(outcome_name(run.outcome)), run.runtime.empty() ? "-" : run.runtime,
                      run.program_index >= 0 ? std::to_string(run.program_index) : "-",
                      smallest_pcc(run), milliseconds(run.timings.load_ms),
                      run.loops ? milliseconds(mean) : "-", run.file, one_line(run.message)});
    }
  }
  std::vector<size_t> widths(rows[0].size(), 0);
  for (const auto& row : rows) {
    for (size_t c = 0; c < row.size(); ++c) widths[c] = std::max(widths[c], row[c].size());
  }
  std::ostringstream table;
  for (const auto& row : rows) {
    std::string line;
    for (size_t c = 0; c < row.size(); ++c) {
      line += row[c];
      if (c + 1 < row.size()) line += std::string(widths[c] - row[c].size() + 2, ' ');
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    table << line << "\n";
  }
  table << totals_line(count_outcomes(files)) << "\n";
  return table.str();
}

}  // namespace tessera::tools::run
