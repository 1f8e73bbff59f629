// `tessera merge-results A.json B.json ... -o run_results.json [--junit F]`:
// the result files of a run split with `--shard K/N` as the result file,
// JUnit report, summary and exit code the whole run would have had.
#include <unistd.h>

#include <fstream>
#include <iostream>
#include <memory>

#include "cli/subcommands.h"
#include "run/junit_writer.h"
#include "run/report_file.h"
#include "run/results_merge.h"
#include "run/run_session.h"
#include "run/summary_table.h"
#include "run/terminal_text.h"

namespace tessera::tools {
namespace {

struct MergeOptions {
  std::vector<std::string> inputs;
  std::string output = "run_results.json";
  std::string junit;  // empty: the output with extension .xml
  bool quiet = false;
};

Result<run::ShardResults> read_shard(const std::string& path) {
  std::ifstream file(path);
  if (!file) return make_error(ErrorCode::kIo, "cannot read '", path, "'");
  auto report = nlohmann::ordered_json::parse(file, nullptr, false);
  if (report.is_discarded()) {
    return make_error(ErrorCode::kInvalidArgument, path, ": not valid JSON");
  }
  return run::ShardResults{path, std::move(report)};
}

int run_merge(const MergeOptions& options) {
  std::vector<run::ShardResults> shards;
  for (const std::string& path : options.inputs) {
    auto shard = read_shard(path);
    if (!shard.ok()) {
      std::cerr << "error: " << shard.error().describe() << "\n";
      return run::kExitError;
    }
    shards.push_back(std::move(shard).value());
  }
  auto merged = run::merge_shard_results(shards);
  if (!merged.ok()) {
    std::cerr << "error: " << merged.error().describe() << "\n";
    return run::kExitError;
  }
  const std::string command = merged->report["command"];
  std::string junit = options.junit.empty()
                          ? std::filesystem::path(options.output).replace_extension(".xml").string()
                          : options.junit;
  bool written = run::write_report_file(options.output, merged->report.dump(2) + "\n", "results",
                                        options.quiet);
  written = run::write_report_file(junit, run::junit_xml(command, merged->files), "JUnit report",
                                   options.quiet) &&
            written;
  run::OutcomeCounts counts = run::count_outcomes(merged->files);
  std::cout << (options.quiet ? "" : "\n")
            << (options.quiet
                    ? run::totals_line(counts) + "\n"
                    : run::summary_table(merged->files, run::terminal_columns(STDOUT_FILENO)));
  return run::exit_code_of(counts, written);
}

}  // namespace

void register_merge_results_subcommand(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<MergeOptions>();
  auto* command = app.add_subcommand(
      "merge-results",
      "Merge the result files of `run --shard K/N` (K = 1..N) into the whole run's report");
  command->add_option("results", options->inputs, "Result files of every shard")->required();
  command->add_option("-o,--output", options->output, "Merged result file")->capture_default_str();
  command->add_option("--junit", options->junit,
                      "Merged JUnit XML report; default: the output with extension .xml");
  command->add_flag("--quiet,-q", options->quiet, "Print only errors and the totals");
  command->callback([options, &exit_code] { exit_code = run_merge(*options); });
}

}  // namespace tessera::tools
