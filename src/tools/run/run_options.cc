#include "run_options.h"

#include "shard.h"
#include "tessera/runtime/dprint.h"

namespace tessera::tools::run {

void add_run_options(CLI::App& command, RunOptions& options) {
  command.add_option("paths", options.paths, "Binaries, or directories searched recursively")
      ->required();
  command
      .add_option("--program-index", options.program_index,
                  "Program to run in every binary: a number or 'all'")
      ->capture_default_str();
  command.add_option("--loops", options.loops, "Times each program is submitted")
      ->check(CLI::Range(1u, 1000000u))
      ->capture_default_str();
  command
      .add_option("--init", options.init,
                  "Inputs for programs without golden inputs: randn, arange, zeros, ones")
      ->check(CLI::IsMember({"randn", "arange", "zeros", "ones"}))
      ->capture_default_str();
  command.add_option("--seed", options.seed, "Seed of --init randn")->capture_default_str();
  command
      .add_option("--arch", options.arch,
                  "Run every binary on this arch instead of the one its system descriptor names")
      ->check(CLI::IsMember({"grayskull", "wormhole_b0", "blackhole"}));
  command.add_flag("--golden,!--no-golden", options.golden,
                   "Use golden inputs and compare golden outputs when a program has them");
  command.add_option("--pcc", options.pcc, "Smallest PCC an output may have to pass")
      ->check(CLI::Range(-1.0, 1.0))
      ->capture_default_str();
  auto* atol = command.add_option(
      "--atol", options.atol, "Absolute tolerance of allclose (enforced once --atol/--rtol given)");
  atol->capture_default_str();
  auto* rtol = command.add_option(
      "--rtol", options.rtol, "Relative tolerance of allclose (enforced once --atol/--rtol given)");
  rtol->capture_default_str();
  command.add_flag("--per-op-golden", options.per_op_golden,
                   "TTNN: compare every op's outputs with a float64 reference of the op");
  auto* save = command.add_flag(
      "--save-artifacts", options.save_artifacts,
      "Copy each binary and write its inputs, outputs and goldens (.npy) under --artifact-dir");
  command
      .add_option("--artifact-dir", options.artifact_dir,
                  "Folder of the artifacts: <DIR>/<file name>/program_<i>/")
      ->capture_default_str();
  command.add_flag("--clean-artifacts", options.clean_artifacts,
                   "Empty --artifact-dir before the run");
  command
      .add_flag("--dump-ops", options.dump_ops,
                "TTNN: also write every op's outputs as op_<k>_output_<j>.npy")
      ->needs(save);
  command.add_option("--result-file", options.result_file, "JSON report of every program run")
      ->capture_default_str();
  command.add_option("--junit", options.junit_file,
                     "JUnit XML report; default: the result file with extension .xml");
  command.add_flag("--memory", options.memory, "Report device memory use per program");
  command
      .add_option("--device", options.device,
                  "Where TTM0 kernels run: isolated (a sandboxed device process that no kernel "
                  "can reach past) or inproc (this process, for debugging)")
      ->check(CLI::IsMember({"isolated", "inproc"}))
      ->capture_default_str();
  command
      .add_option("--stall-limit", options.stall_limit_seconds,
                  "Seconds a TTM0 kernel may run without waiting or finishing before it is "
                  "stopped and its program fails as stalled (a hang); 0: never")
      ->check(CLI::Range(0.0, 86400.0))
      ->envname("TT_METAL_OPERATION_TIMEOUT_SECONDS")
      ->capture_default_str();
  command.add_flag("--ignore-version", options.ignore_version,
                   "Run binaries whose major or minor version tessera does not support");
  command
      .add_option("--input", options.input_files,
                  "A program input as .npy, once per input in order (repeat the option)")
      ->allow_extra_args(false);
  command
      .add_option("--expected-output", options.expected_output_files,
                  "An expected program output as .npy, once per output in order, checked like "
                  "a golden")
      ->allow_extra_args(false);
  command.add_flag("--quiet,-q", options.quiet, "Print only errors and the final summary");
  command.add_flag("--identity", options.identity,
                   "Also check that each output equals the input of its index (allclose)");
  command.add_flag("--non-zero", options.non_zero, "Also check that no output is all zeros");
  command
      .add_option("--golden-diff-topk", options.golden_diff_topk,
                  "Report the K elements of each output farthest from the golden, with indices")
      ->check(CLI::Range(0u, 1000000u));
  command.add_flag("--check-memory-leak", options.check_memory_leak,
                   "A program that leaves device buffers live is an error");
  command.add_flag("--benchmark", options.benchmark,
                   "Submit each program once untimed (warm-up: kernel compiles, caches) before "
                   "the --loops timed submits");
  command.add_flag("--print-input-output-tensors", options.print_tensors,
                   "Print every program's inputs and outputs (shape, type, first and last values)");
  command
      .add_flag("--save-golden-tensors", options.save_golden_tensors,
                "With --per-op-golden, also write every op's reference outputs as "
                "op_<k>_golden_<j>.npy")
      ->needs(save);
  auto* dump = command.add_flag(
      "--dump-kernels", options.dump_kernels,
      "Write every TTM0 kernel source to --kernel-source-dir/<file name>/ (then run as usual)");
  command
      .add_flag("--load-kernels", options.load_kernels,
                "Run TTM0 binaries with the kernel sources in --kernel-source-dir/<file name>/ "
                "in place of their own (edit what --dump-kernels wrote)")
      ->excludes(dump);
  command
      .add_option("--kernel-source-dir", options.kernel_source_dir,
                  "Folder of --dump-kernels and --load-kernels")
      ->capture_default_str();
  command.add_option("--shard", options.shard,
                     "K/N: run only shard K (1..N) of the binaries, chosen by path; merge the "
                     "shards' result files with `tessera merge-results`");
  command
      .add_option("--dprint-cores", options.dprint_cores,
                  "Show kernels' DPRINT lines from these logical cores: all, x,y, "
                  "(x1,y1),(x2,y2) or (x1,y1)-(x2,y2)")
      ->envname("TT_METAL_DPRINT_CORES");
  command
      .add_option("--dprint-riscvs", options.dprint_riscvs,
                  "Only DPRINT lines of these RISCs: a subset of BR,NC,TR0,TR1,TR2 (default all)")
      ->envname("TT_METAL_DPRINT_RISCVS");
  command
      .add_option("--dprint-file", options.dprint_file,
                  "Write DPRINT lines to this file instead of stderr (all cores unless "
                  "--dprint-cores)")
      ->envname("TT_METAL_DPRINT_FILE");
  // Whether allclose is enforced is known only after parsing.
  command.preparse_callback([&options](std::size_t) { options.enforce_allclose = false; });
  command.parse_complete_callback([&options, atol, rtol] {
    options.enforce_allclose = atol->count() > 0 || rtol->count() > 0;
  });
}

bool dprint_enabled(const RunOptions& options) {
  return !options.dprint_cores.empty() || !options.dprint_file.empty();
}

std::string validate_run_options(const RunOptions& options) {
  if (options.atol < 0 || options.rtol < 0) return "--atol and --rtol must not be negative";
  if (!options.dprint_cores.empty()) {
    if (auto cores = runtime::parse_dprint_cores(options.dprint_cores); !cores.ok()) {
      return "--dprint-cores: " + cores.error().describe();
    }
  }
  if (!options.dprint_riscvs.empty()) {
    if (auto riscs = runtime::parse_dprint_riscs(options.dprint_riscvs); !riscs.ok()) {
      return "--dprint-riscvs: " + riscs.error().describe();
    }
  }
  if (!options.shard.empty()) {
    if (auto shard = parse_shard(options.shard); !shard.ok()) return shard.error().describe();
  }
  if (options.program_index == "all") return "";
  const std::string& text = options.program_index;
  if (text.empty() || text.size() > 9 ||
      text.find_first_not_of("0123456789") != std::string::npos) {
    return "--program-index '" + text + "' is neither a program number nor 'all'";
  }
  return "";
}

InputInit input_init_from_name(const std::string& name) {
  if (name == "arange") return InputInit::kArange;
  if (name == "zeros") return InputInit::kZeros;
  if (name == "ones") return InputInit::kOnes;
  return InputInit::kRandn;
}

std::optional<uint32_t> selected_program(const RunOptions& options) {
  if (options.program_index == "all") return std::nullopt;
  return static_cast<uint32_t>(std::stoul(options.program_index));
}

}  // namespace tessera::tools::run
