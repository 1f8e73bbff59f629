// Options shared by `tessera run` and `tessera perf`.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tessera::tools::run {

// How inputs are made for programs without golden inputs.
enum class InputInit { kRandn, kArange, kZeros, kOnes };

struct RunOptions {
  std::vector<std::string> paths;
  std::string program_index = "all";  // "all" or a number
  uint32_t loops = 1;
  std::string init = "randn";
  uint64_t seed = 0;
  std::string arch;  // empty: each binary's own system descriptor decides
  bool golden = true;
  double pcc = 0.99;
  double atol = 1e-2;
  double rtol = 1e-2;
  // allclose decides pass/fail only when --atol or --rtol is given; PCC always does.
  bool enforce_allclose = false;
  bool per_op_golden = false;
  // Artifacts go to <artifact_dir>/<file name>/program_<i>/ when saved.
  bool save_artifacts = false;
  std::string artifact_dir = "tessera-artifacts";
  bool clean_artifacts = false;  // empty artifact_dir before the run
  // TTNN: with save_artifacts, also every op's outputs (through the op hooks).
  bool dump_ops = false;
  std::string result_file = "run_results.json";
  std::string junit_file;  // empty: the result file's stem + ".xml"
  bool memory = false;
  bool quiet = false;
  // Where TTM0 kernels run: "isolated" (a sandboxed device process per
  // device) or "inproc" (this process; for debugging).
  std::string device = "isolated";
  // Seconds a TTM0 kernel may run without waiting or finishing before it
  // is stopped as stalled; 0: never.
  double stall_limit_seconds = 30;
  // Run binaries whose major or minor version tessera does not support.
  bool ignore_version = false;
  // .npy files: every program's inputs in order, and its expected outputs
  // (checked like goldens, in place of the binary's own).
  std::vector<std::string> input_files;
  std::vector<std::string> expected_output_files;
  // Run-tool checks and aids (see add_run_options).
  bool identity = false;
  bool non_zero = false;
  uint32_t golden_diff_topk = 0;
  bool check_memory_leak = false;
  bool benchmark = false;
  bool print_tensors = false;
  bool save_golden_tensors = false;  // with per_op_golden: the references as .npy
  // TTM0 kernel sources as files: written, or read in place of the binary's.
  bool dump_kernels = false;
  bool load_kernels = false;
  std::string kernel_source_dir = "tessera-kernels";
  std::string shard;  // "K/N": run only that 1/N of the binaries; empty: all
  // Kernel DPRINT, selected as tt-metal's TT_METAL_DPRINT_* variables do
  // (which give the defaults): on when cores or a file is given.
  std::string dprint_cores;   // "all", "x,y", "(x1,y1)-(x2,y2)", ...
  std::string dprint_riscvs;  // "BR,NC,TR0,TR1,TR2" or a subset; empty: all
  std::string dprint_file;    // empty: stderr

  // Loops of each program whose spans are kept for the trace and CSV (the
  // first ones): every loop's would grow without bound and slow the later
  // submits with fresh memory. perf's summary counts every loop.
  uint32_t trace_loops = 100;

  // perf only.
  bool collect_trace = false;
  std::string trace_file = "perf_trace.json";
  std::string csv_file = "perf_ops.csv";
  // perf --device-time: the timing model's estimate (off by default).
  bool device_time = false;
  std::string device_csv_file = "ops_perf_results.csv";
};

// Adds the options of `run` (all of which `perf` shares) to `command`.
void add_run_options(CLI::App& command, RunOptions& options);

// Whether kernels' DPRINT lines are shown.
bool dprint_enabled(const RunOptions& options);

// Checks option values CLI11 cannot express; returns an error message or "".
std::string validate_run_options(const RunOptions& options);

InputInit input_init_from_name(const std::string& name);
// The program index to run, or nullopt for all.
std::optional<uint32_t> selected_program(const RunOptions& options);

}  // namespace tessera::tools::run
