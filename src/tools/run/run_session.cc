#include "run_session.h"

#include <unistd.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "artifact_layout.h"
#include "binary_paths.h"
#include "binary_runner.h"
#include "chrome_trace.h"
#include "device_time_report.h"
#include "dprint_output.h"
#include "junit_writer.h"
#include "op_csv.h"
#include "output_files.h"
#include "perf_summary.h"
#include "progress_display.h"
#include "report_file.h"
#include "results_json.h"
#include "shard.h"
#include "summary_table.h"
#include "terminal_text.h"

namespace tessera::tools::run {
namespace {

FileRun path_error(const BinaryPath& entry) {
  FileRun file;
  file.file = entry.path;
  ProgramRun record;
  record.file = entry.path;
  record.outcome = Outcome::kError;
  record.message = entry.status.error().describe();
  file.programs.push_back(std::move(record));
  return file;
}

// Problems with the options as a whole, or "".
std::string usage_problem(const RunOptions& options) {
  if (std::string problem = validate_run_options(options); !problem.empty()) return problem;
  if (std::string problem = colliding_output_files(options); !problem.empty()) return problem;
  if (options.save_artifacts || options.clean_artifacts) {
    return artifact_dir_problem(options.artifact_dir, options.clean_artifacts);
  }
  return "";
}

// The binaries of this shard (all of them unless --shard), and the whole
// run's list for the result file.
std::vector<BinaryPath> shard_paths(const std::vector<BinaryPath>& all, const RunOptions& options) {
  if (options.shard.empty()) return all;
  Shard shard = *parse_shard(options.shard);
  std::vector<BinaryPath> mine;
  for (const BinaryPath& entry : all) {
    if (shard_of(entry.path, shard.count) == shard.index) mine.push_back(entry);
  }
  return mine;
}

nlohmann::ordered_json shard_json(const std::vector<BinaryPath>& all, const RunOptions& options) {
  Shard shard = *parse_shard(options.shard);
  nlohmann::ordered_json files = nlohmann::ordered_json::array();
  for (const BinaryPath& entry : all) files.push_back(entry.path);
  return {{"index", shard.index}, {"count", shard.count}, {"files", std::move(files)}};
}

// Isolated unless asked otherwise; a host that cannot sandbox runs kernels
// in-process, and says so.
runtime::DeviceIsolation device_isolation(const RunOptions& options) {
  if (options.device == "inproc") return runtime::DeviceIsolation::kInProcess;
  const std::string unavailable = runtime::isolated_devices_unavailable_reason();
  if (unavailable.empty()) return runtime::DeviceIsolation::kIsolated;
  std::cerr << "warning: " << unavailable
            << ": kernels run inside tessera itself, unisolated (--device inproc says this is "
               "intended)\n";
  return runtime::DeviceIsolation::kInProcess;
}

// Rounded up: a tiny positive limit must not become 0, which means "never".
runtime::DeviceOptions device_options(const RunOptions& options) {
  runtime::DeviceOptions device;
  device.isolation = device_isolation(options);
  device.kernel_stall_limit = std::chrono::milliseconds(
      static_cast<int64_t>(std::ceil(options.stall_limit_seconds * 1000.0)));
  return device;
}

}  // namespace

int exit_code_of(const OutcomeCounts& counts, bool reports_written) {
  if (counts.total() == counts.skip) {
    std::cerr << "error: no binaries to run (nothing but system descriptors or skipped "
                 "programs)\n";
    return kExitError;
  }
  if (counts.error > 0 || !reports_written) return kExitError;
  if (counts.fail > 0) return kExitGoldenMismatch;
  return kExitPassed;
}

int run_session(const std::string& command, const RunOptions& options) {
  if (std::string problem = usage_problem(options); !problem.empty()) {
    std::cerr << "error: " << problem << "\n";
    return kExitUsage;
  }
  if (options.clean_artifacts) {
    if (Status cleaned = clean_artifact_dir(options.artifact_dir); !cleaned.ok()) {
      std::cerr << "error: " << cleaned.error().describe() << "\n";
      return kExitError;
    }
  }
  std::unique_ptr<DprintOutput> dprint;
  if (dprint_enabled(options)) {
    auto opened = DprintOutput::open(options);
    if (!opened.ok()) {
      std::cerr << "error: " << opened.error().describe() << "\n";
      return kExitError;
    }
    dprint = std::move(opened).value();
  }
  const std::vector<BinaryPath> all_paths = collect_binary_paths(options.paths);
  const std::vector<BinaryPath> paths = shard_paths(all_paths, options);
  std::vector<FileRun> files;
  {
    DevicePool devices(device_options(options));
    ArtifactLayout artifacts(options.artifact_dir);
    BinaryRunner runner(options, devices, options.save_artifacts ? &artifacts : nullptr,
                        dprint ? &dprint->submit_options() : nullptr);
    ProgressDisplay progress(options.quiet, paths.size());
    for (size_t i = 0; i < paths.size(); ++i) {
      progress.start_file(i, paths[i].path);
      files.push_back(paths[i].status.ok() ? runner.run_file(paths[i].path) : path_error(paths[i]));
      progress.finish_file(files.back());
    }
    progress.finish();
    for (const std::string& line : devices.close_all()) {
      std::cerr << "warning: closing the device: " << line << "\n";
    }
  }

  nlohmann::ordered_json report = results_json(command, files);
  if (!options.shard.empty()) report["shard"] = shard_json(all_paths, options);
  bool written =
      write_report_file(options.result_file, report.dump(2) + "\n", "results", options.quiet);
  written = write_report_file(junit_path(options), junit_xml(command, files), "JUnit report",
                              options.quiet) &&
            written;
  if (options.collect_trace) {
    if (options.loops > options.trace_loops && !options.quiet) {
      std::cerr << "note: the trace and CSV hold the first " << options.trace_loops << " of "
                << options.loops << " loops of each program (--trace-loops); the summary "
                << "counts every loop\n";
    }
    written = write_report_file(options.trace_file, chrome_trace(files).dump() + "\n", "trace",
                                options.quiet) &&
              written;
    written =
        write_report_file(options.csv_file, op_csv(files), "per-op CSV", options.quiet) && written;
  }
  if (options.device_time) {
    written = write_report_file(options.device_csv_file, device_ops_csv(files), "device-time CSV",
                                options.quiet) &&
              written;
  }

  OutcomeCounts counts = count_outcomes(files);
  if (options.quiet) {
    std::cout << totals_line(counts) << "\n";
  } else {
    std::cout << summary_table(files, terminal_columns(STDOUT_FILENO));
    if (options.collect_trace) {
      std::string ops = perf_summary(files);
      if (!ops.empty())
        std::cout << "\nHost time by op / command (every binary and loop):\n" << ops;
    }
    if (options.device_time) {
      std::string device = device_time_summary(files);
      if (!device.empty()) std::cout << "\nDevice time (timing model):\n" << device;
    }
  }
  // A shard may hold nothing to run; the merge judges the whole run.
  if (!options.shard.empty() && counts.total() == counts.skip) {
    if (!options.quiet) std::cerr << "note: shard " << options.shard << " has nothing to run\n";
    return written ? kExitPassed : kExitError;
  }
  return exit_code_of(counts, written);
}

}  // namespace tessera::tools::run
