#include "results_merge.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace tessera::tools::run {
namespace {

using Json = nlohmann::ordered_json;

Outcome outcome_from_name(const std::string& name) {
  if (name == "fail") return Outcome::kFail;
  if (name == "error") return Outcome::kError;
  if (name == "skip") return Outcome::kSkip;
  return Outcome::kPass;
}

double number_or_zero(const Json& object, const char* key) {
  return object.contains(key) && object[key].is_number() ? object[key].get<double>() : 0.0;
}

// The shard table of one result file; errors name the file.
Result<Json> shard_table(const ShardResults& shard) {
  const Json& report = shard.report;
  if (!report.is_object() || !report.contains("results") || !report["results"].is_array()) {
    return make_error(ErrorCode::kInvalidArgument, shard.path,
                      ": not a tessera result file (no \"results\" array)");
  }
  if (!report.contains("shard") || !report["shard"].is_object() ||
      !report["shard"]["index"].is_number_unsigned() ||
      !report["shard"]["count"].is_number_unsigned() || !report["shard"]["files"].is_array()) {
    return make_error(ErrorCode::kInvalidArgument, shard.path,
                      ": has no \"shard\" table; was it written by `tessera run --shard K/N`?");
  }
  return report["shard"];
}

}  // namespace

ProgramRun program_run_from_json(const Json& entry) {
  ProgramRun run;
  run.file = entry.value("file", "");
  run.runtime = entry["runtime"].is_string() ? entry["runtime"].get<std::string>() : "";
  run.program_index =
      entry["program_index"].is_number() ? entry["program_index"].get<int64_t>() : -1;
  run.program_name = entry.value("program_name", "");
  run.outcome = outcome_from_name(entry.value("result", ""));
  run.message = entry.value("message", "");
  run.golden = entry.value("golden", false);
  run.loops = entry.value("loops", 0u);
  if (entry.contains("timings_ms") && entry["timings_ms"].is_object()) {
    const Json& t = entry["timings_ms"];
    run.timings = {number_or_zero(t, "load"),
                   number_or_zero(t, "inputs"),
                   number_or_zero(t, "submit_total"),
                   number_or_zero(t, "submit_min"),
                   number_or_zero(t, "wait"),
                   number_or_zero(t, "read_back"),
                   number_or_zero(t, "compare"),
                   t.contains("warmup") ? number_or_zero(t, "warmup") : -1.0};
  }
  if (entry.contains("outputs") && entry["outputs"].is_array()) {
    for (const Json& output : entry["outputs"]) {
      OutputCheck check;
      check.output = output.value("output", 0u);
      check.name = output.value("name", "");
      check.comparison.pcc = output.contains("pcc") && output["pcc"].is_number()
                                 ? output["pcc"].get<double>()
                                 : std::nan("");
      check.comparison.passed = output.value("passed", false);
      run.checks.push_back(std::move(check));
    }
  }
  return run;
}

Result<MergedResults> merge_shard_results(const std::vector<ShardResults>& shards) {
  if (shards.empty()) return make_error(ErrorCode::kInvalidArgument, "no result files to merge");
  TESSERA_ASSIGN_OR_RETURN(Json first, shard_table(shards[0]));
  const Json& files = first["files"];
  const uint64_t count = first["count"];
  const std::string command = shards[0].report.value("command", "run");
  std::set<uint64_t> seen;
  for (const ShardResults& shard : shards) {
    TESSERA_ASSIGN_OR_RETURN(Json table, shard_table(shard));
    if (table["count"] != count || table["files"] != files ||
        shard.report.value("command", "run") != command) {
      return make_error(ErrorCode::kInvalidArgument, shard.path, ": shard ", table["index"].dump(),
                        "/", table["count"].dump(), " is of another run than ", shards[0].path,
                        " (other binaries, shard count or command)");
    }
    if (!seen.insert(table["index"].get<uint64_t>()).second) {
      return make_error(ErrorCode::kInvalidArgument, shard.path, ": shard ", table["index"].dump(),
                        "/", count, " is given twice");
    }
  }
  std::vector<uint64_t> missing;
  for (uint64_t k = 1; k <= count; ++k) {
    if (!seen.count(k)) missing.push_back(k);
  }
  if (!missing.empty()) {
    std::string list;
    for (uint64_t k : missing) list += (list.empty() ? "" : ", ") + std::to_string(k);
    return make_error(ErrorCode::kInvalidArgument, "shard(s) ", list, " of ", count,
                      " are missing: the merge would not be the whole run");
  }

  // Entries in the order the unsharded run has them: by the file's place in
  // the run, keeping each file's programs in order.
  std::map<std::string, size_t> position;
  for (size_t i = 0; i < files.size(); ++i) position.emplace(files[i].get<std::string>(), i);
  std::vector<std::pair<size_t, Json>> entries;
  for (const ShardResults& shard : shards) {
    for (const Json& entry : shard.report["results"]) {
      auto at = position.find(entry.value("file", ""));
      entries.emplace_back(at == position.end() ? files.size() : at->second, entry);
    }
  }
  std::stable_sort(entries.begin(), entries.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });

  MergedResults merged;
  Json results = Json::array();
  Json summary{{"pass", 0}, {"fail", 0}, {"error", 0}, {"skip", 0}};
  for (auto& [place, entry] : entries) {
    ProgramRun run = program_run_from_json(entry);
    summary[outcome_name(run.outcome)] = summary[outcome_name(run.outcome)].get<int>() + 1;
    if (merged.files.empty() || merged.files.back().file != run.file) {
      merged.files.push_back(FileRun{run.file, {}, {}});
    }
    merged.files.back().programs.push_back(std::move(run));
    results.push_back(std::move(entry));
  }
  merged.report = {
      {"command", command}, {"summary", std::move(summary)}, {"results", std::move(results)}};
  return merged;
}

}  // namespace tessera::tools::run
