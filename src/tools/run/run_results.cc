#include "run_results.h"

#include <utility>

namespace tessera::tools::run {

const char* outcome_name(Outcome outcome) {
  switch (outcome) {
    case Outcome::kPass:
      return "pass";
    case Outcome::kFail:
      return "fail";
    case Outcome::kError:
      return "error";
    case Outcome::kSkip:
      return "skip";
  }
  return "error";
}

std::string ProgramRun::label() const {
  std::string text = file;
  if (program_index >= 0) text += " program " + std::to_string(program_index);
  if (!program_name.empty()) text += " '" + program_name + "'";
  return text;
}

void ProgramRun::record_loop_span(RecordedSpan span, bool traced) {
  const runtime::TraceSpan& timed = span.span;
  if (timed.category == "op" || timed.category == "command") {
    SpanTotals& totals = span_totals[{timed.category, timed.name}];
    ++totals.count;
    totals.total_ns += timed.duration_ns;
  }
  if (traced) spans.push_back(std::move(span));
}

const OpCheck* first_chained_divergence(const std::vector<OpCheck>& checks) {
  for (const OpCheck& check : checks) {
    if (check.chained && !check.chained->passed) return &check;
  }
  return nullptr;
}

}  // namespace tessera::tools::run
