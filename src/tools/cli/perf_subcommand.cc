// `tessera perf PATH... [options]`: `run` with tracing on; also writes a
// Chrome trace (Perfetto) and a per-op / per-command CSV of host wall time.
#include <memory>

#include "cli/subcommands.h"
#include "run/run_options.h"
#include "run/run_session.h"

namespace tessera::tools {

void register_perf_subcommand(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<run::RunOptions>();
  options->collect_trace = true;
  options->result_file = "perf_results.json";
  auto* command = app.add_subcommand(
      "perf", "Run binaries like `run`, tracing programs, ops, commands and kernels");
  run::add_run_options(*command, *options);
  command->add_option("--trace-file", options->trace_file, "Chrome trace JSON (opens in Perfetto)")
      ->capture_default_str();
  command->add_option("--csv-file", options->csv_file, "Per-op / per-command host times")
      ->capture_default_str();
  command
      ->add_option("--trace-loops", options->trace_loops,
                   "Loops of each program traced in the trace and CSV (the first ones); the "
                   "summary counts every loop")
      ->capture_default_str()
      ->check(CLI::Range(0u, 1000000u));
  command->add_flag("--device-time", options->device_time,
                    "Estimate device time with the timing model: device tracks in the trace, "
                    "device_time in the results, and the device CSV");
  command
      ->add_option("--device-csv-file", options->device_csv_file,
                   "With --device-time: per-program / per-op device times in the profiler's "
                   "ops_perf_results.csv columns")
      ->capture_default_str();
  command->callback([options, &exit_code] { exit_code = run::run_session("perf", *options); });
}

}  // namespace tessera::tools
