// `tessera merge-results`: the result files of the shards of one run
// (`--shard K/N`, K = 1..N) as the result file the unsharded run would have
// written, and the program records the JUnit report and summary come from.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "binary_runner.h"
#include "tessera/base/status.h"

namespace tessera::tools::run {

struct ShardResults {
  std::string path;  // for messages
  nlohmann::ordered_json report;
};

struct MergedResults {
  nlohmann::ordered_json report;  // like one run's run_results.json
  std::vector<FileRun> files;     // for the JUnit report, summary and exit code
};

// Errors unless the shards are all N shards of one run, each once.
Result<MergedResults> merge_shard_results(const std::vector<ShardResults>& shards);

// The records behind one result entry, as much as the JSON keeps (outcome,
// message, timings, file and program).
ProgramRun program_run_from_json(const nlohmann::ordered_json& entry);

}  // namespace tessera::tools::run
