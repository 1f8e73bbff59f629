// The --result-file report: one entry per binary and program.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "binary_runner.h"

namespace tessera::tools::run {

// {"command", "summary": {pass, fail, error, skip}, "results": [{file,
// runtime, program_index, program_name, result, message, golden, loops,
// timings_ms, outputs: [...], ops: [...], leaks, memory}]}.
nlohmann::ordered_json results_json(const std::string& command, const std::vector<FileRun>& files);

nlohmann::ordered_json comparison_json(const GoldenComparison& comparison);

}  // namespace tessera::tools::run
