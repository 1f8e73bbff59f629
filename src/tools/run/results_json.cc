#include "results_json.h"

#include <cmath>

#include "device_time_report.h"

namespace tessera::tools::run {
namespace {

using Json = nlohmann::ordered_json;

// JSON has no NaN or infinity: those become null.
Json number(double value) {
  return std::isfinite(value) ? Json(value) : Json(nullptr);
}

Json timings_json(const ProgramRun& run) {
  const Timings& t = run.timings;
  double mean = run.loops ? t.submit_total_ms / run.loops : 0;
  Json timings{{"load", t.load_ms},
               {"inputs", t.inputs_ms},
               {"submit_total", t.submit_total_ms},
               {"submit_mean", mean},
               {"submit_min", t.submit_min_ms},
               {"wait", t.wait_ms},
               {"read_back", t.readback_ms},
               {"compare", t.compare_ms}};
  if (t.warmup_ms >= 0) timings["warmup"] = t.warmup_ms;
  return timings;
}

Json program_json(const ProgramRun& run) {
  Json entry{{"file", run.file},
             {"runtime", run.runtime.empty() ? Json(nullptr) : Json(run.runtime)},
             {"program_index", run.program_index >= 0 ? Json(run.program_index) : Json(nullptr)},
             {"program_name", run.program_name},
             {"result", outcome_name(run.outcome)},
             {"message", run.message},
             {"golden", run.golden},
             {"loops", run.loops},
             {"timings_ms", timings_json(run)}};
  Json outputs = Json::array();
  for (const OutputCheck& check : run.checks) {
    Json output{{"output", check.output}, {"name", check.name}};
    output.update(comparison_json(check.comparison));
    if (!check.worst.empty()) {
      Json worst = Json::array();
      for (const ElementDiff& diff : check.worst) {
        worst.push_back({{"index", diff.index},
                         {"actual", number(diff.actual)},
                         {"expected", number(diff.expected)},
                         {"abs_error", number(diff.abs_error)}});
      }
      output["worst"] = std::move(worst);
    }
    outputs.push_back(std::move(output));
  }
  if (run.traced_loops) entry["traced_loops"] = *run.traced_loops;
  entry["outputs"] = std::move(outputs);
  if (!run.op_checks.empty()) {
    Json ops = Json::array();
    for (const OpCheck& check : run.op_checks) {
      Json op{{"op_index", check.op_index}, {"op", check.op_name}, {"output", check.output}};
      op.update(comparison_json(check.comparison));
      op["chained"] = check.chained ? Json(comparison_json(*check.chained)) : Json(nullptr);
      op["debug_info"] = check.debug_info;
      op["location"] = check.location;
      ops.push_back(std::move(op));
    }
    entry["ops"] = std::move(ops);
    if (const OpCheck* first = first_chained_divergence(run.op_checks)) {
      entry["first_chained_divergence"] = {{"op_index", first->op_index},
                                           {"op", first->op_name},
                                           {"output", first->output},
                                           {"chained_pcc", number(first->chained->pcc)},
                                           {"pcc", number(first->comparison.pcc)},
                                           {"location", first->location}};
    }
  }
  if (!run.extra_checks.empty()) {
    Json checks = Json::array();
    for (const ExtraCheck& check : run.extra_checks) {
      checks.push_back({{"check", check.check},
                        {"output", check.output >= 0 ? Json(check.output) : Json(nullptr)},
                        {"passed", check.passed},
                        {"detail", check.detail}});
    }
    entry["checks"] = std::move(checks);
  }
  entry["leaks"] = run.leaks;
  if (!run.memory.is_null()) entry["memory"] = run.memory;
  if (!run.device_time.empty()) entry["device_time"] = device_time_json(run.device_time);
  return entry;
}

}  // namespace

Json comparison_json(const GoldenComparison& comparison) {
  return {{"passed", comparison.passed},
          {"pcc", number(comparison.pcc)},
          {"allclose", comparison.allclose},
          {"max_abs_error", number(comparison.max_abs_error)},
          {"mismatches", comparison.mismatches},
          {"nonfinite_mismatches", comparison.nonfinite_mismatches},
          {"elements", comparison.elements},
          {"detail", comparison.message}};
}

Json results_json(const std::string& command, const std::vector<FileRun>& files) {
  Json results = Json::array();
  Json summary{{"pass", 0}, {"fail", 0}, {"error", 0}, {"skip", 0}};
  for (const FileRun& file : files) {
    for (const ProgramRun& run : file.programs) {
      summary[outcome_name(run.outcome)] = summary[outcome_name(run.outcome)].get<int>() + 1;
      results.push_back(program_json(run));
    }
  }
  return {{"command", command}, {"summary", std::move(summary)}, {"results", std::move(results)}};
}

}  // namespace tessera::tools::run
