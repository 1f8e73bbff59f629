// What running one program of one binary produced: the record every report
// (JSON, JUnit, summary, trace, CSV) is written from.
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "golden_compare.h"
#include "output_checks.h"
#include "tessera/runtime/submit.h"
#include "worst_elements.h"

namespace tessera::tools::run {

enum class Outcome { kPass, kFail, kError, kSkip };

// "pass", "fail", "error", "skip".
const char* outcome_name(Outcome outcome);

struct OutputCheck {
  uint32_t output = 0;
  std::string name;
  GoldenComparison comparison;
  std::vector<ElementDiff> worst;  // --golden-diff-topk
};

// --per-op-golden: one TTNN op output against the reference, evaluated on
// the op's actual inputs (`comparison`) and along the chain from the
// program's inputs (`chained`; absent when the reference cannot evaluate
// the op on chained values). An op upstream without a reference passes its
// actual outputs down the chain.
struct OpCheck {
  uint32_t op_index = 0;
  std::string op_name;
  uint32_t output = 0;
  GoldenComparison comparison;
  std::optional<GoldenComparison> chained{};
  std::string debug_info{};  // the op's debug string, as the binary gives it
  std::string location{};    // its loc(...), if the debug string carries one
};

// The first check (in op order) whose chained comparison fails, or null.
const OpCheck* first_chained_divergence(const std::vector<OpCheck>& checks);

// Milliseconds. submit_* cover every loop; the rest happen once.
struct Timings {
  double load_ms = 0;  // reading and verifying the file (shared by its programs)
  double inputs_ms = 0;
  double submit_total_ms = 0;
  double submit_min_ms = 0;
  double wait_ms = 0;
  double readback_ms = 0;  // outputs to host values
  double compare_ms = 0;
  double warmup_ms = -1;  // --benchmark's untimed submit; -1: none
};

// A span plus the loop it was recorded in (-1: not tied to a loop).
struct RecordedSpan {
  runtime::TraceSpan span;
  int32_t loop = -1;
};

// Host time of one op or command name summed over a program's loops.
struct SpanTotals {
  uint64_t count = 0;
  int64_t total_ns = 0;
};

struct ProgramRun {
  std::string file;
  std::string runtime;         // "TTNN", "TTMetal"; empty if the file never loaded
  int64_t program_index = -1;  // -1: the entry is about the whole file
  std::string program_name;
  Outcome outcome = Outcome::kPass;
  std::string message;
  bool golden = false;  // outputs were compared with goldens
  uint32_t loops = 0;
  Timings timings;
  std::vector<OutputCheck> checks;
  std::vector<OpCheck> op_checks;
  std::vector<ExtraCheck> extra_checks;  // --identity, --non-zero, --check-memory-leak
  std::vector<std::string> leaks;
  nlohmann::ordered_json memory;  // null unless --memory
  // Spans for the trace and CSV: the program's own and those of its first
  // loops (--trace-loops), so that many loops take bounded memory.
  std::vector<RecordedSpan> spans;
  // Set when perf traced fewer loops than it ran.
  std::optional<uint32_t> traced_loops;
  // Op and command host time by (category, name) over every loop.
  std::map<std::pair<std::string, std::string>, SpanTotals> span_totals;
  // perf --device-time: the timing model's figures (the first loop's).
  std::vector<runtime::ProgramDeviceTime> device_time;

  // "file.ttm program 0 'name'" (or just the file).
  std::string label() const;
  // Counts a loop's span in span_totals (ops and commands), and keeps it in
  // `spans` if `traced`.
  void record_loop_span(RecordedSpan span, bool traced);
};

}  // namespace tessera::tools::run
