#include "summary_table.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "terminal_text.h"

namespace tessera::tools::run {
namespace {

// Without a terminal to fit, notes still keep rows to one readable line.
constexpr size_t kUnlimitedNoteWidth = 72;
constexpr size_t kSmallestFileWidth = 20;
constexpr size_t kSmallestNoteWidth = 16;

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

// An error's message without the file and program the row already shows.
std::string error_cause(const ProgramRun& run) {
  std::string text = run.message.substr(0, run.message.find('\n'));
  for (const std::string& prefix : {run.file + ": ", run.label() + ": "}) {
    if (text.rfind(prefix, 0) == 0) text = text.substr(prefix.size());
  }
  const std::string program = "program " + std::to_string(run.program_index);
  if (text.rfind(program, 0) == 0) {
    if (size_t colon = text.find(": "); colon != std::string::npos) text = text.substr(colon + 2);
  }
  return text;
}

// The note in full: an error's cause, else the message's first line.
std::string full_note(const ProgramRun& run) {
  return run.outcome == Outcome::kError ? error_cause(run) : first_line(run.message, 0);
}

// `note` in at most `width` characters; an error's keeps its end, the cause.
std::string fitted_note(const ProgramRun& run, const std::string& note, size_t width) {
  return run.outcome == Outcome::kError ? elide_front(note, width) : first_line(note, width);
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

namespace {

enum Column : size_t {
  kResult,
  kFile,
  kProgram,
  kRuntime,
  kPcc,
  kLoad,
  kLoops,
  kSubmit,
  kNote,
  kColumns
};

using Row = std::vector<std::string>;

// Columns a narrow terminal goes without, least missed first.
constexpr Column kDroppable[] = {kLoad, kLoops, kRuntime, kSubmit, kProgram};

// The width of the shown columns other than FILE and NOTE, with separators.
size_t fixed_width(const std::vector<size_t>& widths, const std::vector<bool>& shown) {
  size_t fixed = 0, count = 0;
  for (size_t c = 0; c < kColumns; ++c) {
    if (!shown[c]) continue;
    ++count;
    if (c != kFile && c != kNote) fixed += widths[c];
  }
  return fixed + 2 * (count - 1);
}

// Which columns fit `limit` (0: no limit) with room for a useful FILE and NOTE.
std::vector<bool> shown_columns(const std::vector<size_t>& widths, size_t limit) {
  std::vector<bool> shown(kColumns, true);
  for (Column column : kDroppable) {
    if (limit == 0 ||
        fixed_width(widths, shown) + kSmallestFileWidth + kSmallestNoteWidth <= limit) {
      break;
    }
    shown[column] = false;
  }
  return shown;
}

// The FILE and NOTE widths that fit `limit` columns (0: no limit) beside the
// other shown columns.
std::pair<size_t, size_t> fitted_widths(const std::vector<size_t>& widths,
                                        const std::vector<bool>& shown, size_t limit) {
  size_t file = widths[kFile];
  size_t note = std::min(widths[kNote], kUnlimitedNoteWidth);
  if (limit == 0) return {file, note};
  const size_t fixed = fixed_width(widths, shown);
  const size_t rest = limit > fixed ? limit - fixed : 0;
  if (file + widths[kNote] <= rest) return {file, widths[kNote]};
  // Too narrow for both: the file name gives up to half, the note the rest.
  file = std::min(file, std::max(kSmallestFileWidth, rest / 2));
  note = std::max(rest > file ? rest - file : 0, std::min<size_t>(note, kSmallestNoteWidth));
  return {file, note};
}

std::string render(const std::vector<Row>& rows, const std::vector<size_t>& widths,
                   const std::vector<bool>& shown) {
  std::ostringstream table;
  for (const Row& row : rows) {
    std::string line;
    for (size_t c = 0; c < row.size(); ++c) {
      if (!shown[c]) continue;
      line += row[c] + std::string(widths[c] - row[c].size() + 2, ' ');
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    table << line << "\n";
  }
  return table.str();
}

}  // namespace

std::string summary_table(const std::vector<FileRun>& files, size_t terminal_width) {
  std::vector<Row> rows = {{"RESULT", "FILE", "PROGRAM", "RUNTIME", "PCC", "LOAD_MS", "LOOPS",
                            "SUBMIT_MS/LOOP", "NOTE"}};
  std::vector<const ProgramRun*> runs;
  for (const FileRun& file : files) {
    for (const ProgramRun& run : file.programs) {
      double mean = run.loops ? run.timings.submit_total_ms / run.loops : 0;
      rows.push_back({upper(outcome_name(run.outcome)), display_path(run.file),
                      run.program_index >= 0 ? std::to_string(run.program_index) : "-",
                      run.runtime.empty() ? "-" : run.runtime, smallest_pcc(run),
                      milliseconds(run.timings.load_ms), std::to_string(run.loops),
                      run.loops ? milliseconds(mean) : "-", full_note(run)});
      runs.push_back(&run);
    }
  }
  std::vector<size_t> widths(kColumns, 0);
  for (const Row& row : rows) {
    for (size_t c = 0; c < kColumns; ++c) widths[c] = std::max(widths[c], row[c].size());
  }
  const std::vector<bool> shown = shown_columns(widths, terminal_width);
  auto [file_width, note_width] = fitted_widths(widths, shown, terminal_width);
  for (size_t r = 1; r < rows.size(); ++r) {
    rows[r][kFile] = elide_middle(rows[r][kFile], file_width);
    rows[r][kNote] = fitted_note(*runs[r - 1], rows[r][kNote], note_width);
  }
  widths[kFile] = std::min(widths[kFile], file_width);
  widths[kNote] = std::min(widths[kNote], note_width);
  return render(rows, widths, shown) + totals_line(count_outcomes(files)) + "\n";
}

}  // namespace tessera::tools::run
