#include "run_session.h"

#include <filesystem>
#include <fstream>
#include <iostream>

#include "binary_paths.h"
#include "binary_runner.h"
#include "chrome_trace.h"
#include "junit_writer.h"
#include "op_csv.h"
#include "perf_summary.h"
#include "progress_display.h"
#include "results_json.h"
#include "summary_table.h"

namespace tessera::tools::run {
namespace {

bool write_text(const std::string& path, const std::string& text, bool quiet, const char* what) {
  std::ofstream file(path, std::ios::trunc);
  file << text;
  file.close();
  if (!file) {
    std::cerr << "error: cannot write the " << what << " '" << path << "'\n";
    return false;
  }
  if (!quiet) std::cerr << "wrote " << what << " " << path << "\n";
  return true;
}

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

std::string junit_path(const RunOptions& options) {
  if (!options.junit_file.empty()) return options.junit_file;
  return std::filesystem::path(options.result_file).replace_extension(".xml").string();
}

// Isolated unless asked otherwise; a host that cannot sandbox runs kernels
// in-process, and says so.
metal::DeviceIsolation device_isolation(const RunOptions& options) {
  if (options.device == "inproc") return metal::DeviceIsolation::kInProcess;
  const std::string unavailable = runtime::isolated_devices_unavailable_reason();
  if (unavailable.empty()) return metal::DeviceIsolation::kIsolated;
  std::cerr << "warning: " << unavailable
            << ": kernels run inside tessera itself, unisolated (--device inproc says this is "
               "intended)\n";
  return metal::DeviceIsolation::kInProcess;
}

}  // namespace

int run_session(const std::string& command, const RunOptions& options) {
  if (std::string problem = validate_run_options(options); !problem.empty()) {
    std::cerr << "error: " << problem << "\n";
    return kExitUsage;
  }
  std::vector<BinaryPath> paths = collect_binary_paths(options.paths);
  std::vector<FileRun> files;
  {
    DevicePool devices(device_isolation(options));
    BinaryRunner runner(options, devices);
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

  bool written = write_text(options.result_file, results_json(command, files).dump(2) + "\n",
                            options.quiet, "results");
  written =
      write_text(junit_path(options), junit_xml(command, files), options.quiet, "JUnit report") &&
      written;
  if (options.collect_trace) {
    written =
        write_text(options.trace_file, chrome_trace(files).dump() + "\n", options.quiet, "trace") &&
        written;
    written = write_text(options.csv_file, op_csv(files), options.quiet, "per-op CSV") && written;
  }

  OutcomeCounts counts = count_outcomes(files);
  if (options.quiet) {
    std::cout << totals_line(counts) << "\n";
  } else {
    std::cout << "\n" << summary_table(files);
    if (options.collect_trace) {
      std::string ops = perf_summary(files);
      if (!ops.empty())
        std::cout << "\nHost time by op / command (every binary and loop):\n" << ops;
    }
  }
  if (counts.total() == counts.skip) {
    std::cerr << "error: no binaries to run (nothing but system descriptors or skipped "
                 "programs)\n";
    return kExitError;
  }
  if (counts.error > 0 || !written) return kExitError;
  if (counts.fail > 0) return kExitGoldenMismatch;
  return kExitPassed;
}

}  // namespace tessera::tools::run
