#include "binary_runner.h"

#include <algorithm>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <iostream>
#include <limits>
#include <sstream>

#include "cli_output.h"
#include "input_generation.h"
#include "kernel_sources.h"
#include "npy_tensors.h"
#include "npy_writer.h"
#include "output_checks.h"
#include "per_op_golden.h"
#include "program_goldens.h"
#include "shape_text.h"
#include "tensor_printout.h"
#include "tessera/base/steady_clock.h"
#include "tessera/format/binary_version.h"
#include "tessera/format/current_enums.h"
#include "tessera/format/current_generated.h"
#include "tessera/format/data_type_codec.h"
#include "tessera/format/generated.h"
#include "tessera/runtime/arch.h"
#include "tessera/runtime/binary.h"
#include "tessera/runtime/internal/binary_access.h"
#include "tessera/runtime/internal/wire_types.h"
#include "tessera/runtime/submit.h"
#include "worst_elements.h"

namespace tessera::tools::run {
namespace {

namespace fs = std::filesystem;
using runtime::Tensor;
using runtime::TensorInfo;

double ms_since(int64_t start_ns) {
  return static_cast<double>(steady_now_ns() - start_ns) / 1e6;
}

RecordedSpan host_span(std::string name, std::string category, int64_t start_ns, int32_t loop = -1,
                       int32_t index = -1) {
  RecordedSpan recorded;
  recorded.span.name = std::move(name);
  recorded.span.category = std::move(category);
  recorded.span.start_ns = start_ns;
  recorded.span.duration_ns = steady_now_ns() - start_ns;
  recorded.span.index = index;
  recorded.loop = loop;
  return recorded;
}

// The arch of a 2024 or current system descriptor's first chip, if any.
std::optional<tt::target::Arch> first_chip_arch(const format::Binary& binary) {
  if (const tt::target::SystemDesc* desc = binary.system_desc()) {
    if (!desc->chip_descs() || desc->chip_descs()->size() == 0) return std::nullopt;
    return desc->chip_descs()->Get(0)->arch();
  }
  const auto* current = binary.current_system_desc();
  if (!current || !current->chip_descs() || current->chip_descs()->size() == 0) return std::nullopt;
  auto arch = format::arch_from_current(current->chip_descs()->Get(0)->arch());
  if (!arch.ok()) return std::nullopt;
  return *arch;
}

// The arch a binary runs on: --arch, else its system descriptor's first chip.
runtime::Arch binary_arch(const format::Binary& binary, const RunOptions& options) {
  if (!options.arch.empty()) {
    if (auto arch = runtime::arch_from_name(options.arch)) return *arch;
  }
  switch (first_chip_arch(binary).value_or(tt::target::Arch::Wormhole_b0)) {
    case tt::target::Arch::Grayskull:
      return runtime::Arch::kGrayskull;
    case tt::target::Arch::Blackhole:
      return runtime::Arch::kBlackhole;
    default:
      return runtime::Arch::kWormholeB0;
  }
}

std::string output_label(uint32_t index, const std::string& name) {
  std::string text = "output " + std::to_string(index);
  if (!name.empty()) text += " '" + name + "'";
  return text;
}

// A golden of another shape or type than its output fails that output,
// whatever the values: a reshaped or retyped result is a wrong result.
GoldenComparison mismatched_golden(const GoldenValues& golden, const TensorInfo& output) {
  GoldenComparison comparison;
  comparison.elements = element_count(output.shape);
  comparison.pcc = std::numeric_limits<double>::quiet_NaN();
  comparison.allclose = false;
  comparison.passed = false;
  comparison.message = "the golden is " + shape_text(golden.shape) + " " +
                       std::string(runtime::data_type_name(golden.data_type)) +
                       " but the output is " + shape_text(output.shape) + " " +
                       std::string(runtime::data_type_name(output.data_type));
  return comparison;
}

// One program's run, start to finish; fills `record` as it goes.
class ProgramRunner {
 public:
  // `artifact_folder` is the binary's artifact folder, empty if none is saved.
  ProgramRunner(const RunOptions& options, DevicePool& devices, const runtime::Binary& binary,
                runtime::Arch arch, uint32_t program, fs::path artifact_folder, ProgramRun& record,
                const runtime::DprintOptions* dprint)
      : options_(options),
        devices_(devices),
        binary_(binary),
        arch_(arch),
        program_(program),
        artifact_folder_(std::move(artifact_folder)),
        record_(record),
        dprint_(dprint) {}

  Status run() {
    TESSERA_ASSIGN_OR_RETURN(input_infos_, binary_.program_inputs(program_));
    if (options_.golden) {
      TESSERA_ASSIGN_OR_RETURN(goldens_, read_program_goldens(binary_, program_));
    }
    TESSERA_RETURN_IF_ERROR(read_expected_outputs());
    int64_t start = steady_now_ns();
    TESSERA_RETURN_IF_ERROR(make_inputs());
    record_.timings.inputs_ms = ms_since(start);

    TESSERA_ASSIGN_OR_RETURN(runtime::Device * device, devices_.get(arch_));
    if (options_.memory) {
      record_.memory["before"] = devices_.memory_statistics(arch_);
    }
    if (options_.benchmark) TESSERA_RETURN_IF_ERROR(warm_up(*device));
    TESSERA_ASSIGN_OR_RETURN(runtime::SubmitResult result, submit_loops(*device));

    start = steady_now_ns();
    TESSERA_RETURN_IF_ERROR(runtime::wait(result.event, binary_.runtime()));
    record_.timings.wait_ms = ms_since(start);
    record_.leaks = std::move(result.leaks);
    if (options_.memory) {
      record_.memory["after"] = devices_.memory_statistics(arch_);
      if (peak_samples_) {
        record_.memory["peak_sampled_per_op"] = {{"dram_allocated_bytes", peak_dram_},
                                                 {"l1_allocated_bytes", peak_l1_},
                                                 {"samples", peak_samples_}};
      }
      record_.memory["leaked_buffers"] = record_.leaks.size();
    }

    start = steady_now_ns();
    TESSERA_RETURN_IF_ERROR(read_back(result.outputs));
    record_.timings.readback_ms = ms_since(start);
    if (options_.print_tensors) print_tensors();
    record_.spans.push_back(host_span("read-back", "host", start, -1, program_));

    if (saving_artifacts()) TESSERA_RETURN_IF_ERROR(save_artifacts(result.outputs));
    start = steady_now_ns();
    TESSERA_RETURN_IF_ERROR(compare());
    record_.timings.compare_ms = ms_since(start);
    return ok_status();
  }

  // The loop a submit failed in, or -1.
  int32_t failed_loop() const { return failed_loop_; }

 private:
  // --expected-output files take the place of the binary's golden outputs.
  Status read_expected_outputs() {
    const std::vector<std::string>& files = options_.expected_output_files;
    if (files.empty()) return ok_status();
    TESSERA_ASSIGN_OR_RETURN(std::vector<TensorInfo> outputs, binary_.program_outputs(program_));
    if (files.size() != outputs.size()) {
      return make_error(ErrorCode::kInvalidArgument, files.size(),
                        " --expected-output file(s) but the program has ", outputs.size(),
                        " output(s)");
    }
    goldens_.outputs.clear();
    for (uint32_t i = 0; i < files.size(); ++i) {
      TESSERA_ASSIGN_OR_RETURN(GoldenValues expected, npy_expected_output(files[i], outputs[i]));
      goldens_.outputs.push_back(std::move(expected));
    }
    return ok_status();
  }

  // The values of input `index`: from --input, the golden inputs or --init.
  Result<std::vector<double>> input_values(uint32_t index, const TensorInfo& info) {
    if (!options_.input_files.empty()) {
      return npy_input_values(options_.input_files[index], index, info);
    }
    uint64_t count = element_count(info.shape);
    if (!goldens_.has_inputs()) {
      return generate_input_values(input_init_from_name(options_.init), options_.seed, index,
                                   count);
    }
    const GoldenValues& golden = goldens_.inputs[index];
    if (golden.values.size() != count) {
      return make_error(ErrorCode::kInvalidArgument, "golden input ", index, " has ",
                        golden.values.size(), " elements but input ", index, " (", info.describe(),
                        ") needs ", count);
    }
    return golden.values;
  }

  Status make_inputs() {
    if (!options_.input_files.empty() && options_.input_files.size() != input_infos_.size()) {
      return make_error(ErrorCode::kInvalidArgument, options_.input_files.size(),
                        " --input file(s) but the program takes ", input_infos_.size(),
                        " input(s)");
    }
    if (options_.input_files.empty() && goldens_.has_inputs() &&
        goldens_.inputs.size() != input_infos_.size()) {
      return make_error(ErrorCode::kInvalidArgument, "the program takes ", input_infos_.size(),
                        " input(s) but carries ", goldens_.inputs.size(), " golden input(s)");
    }
    for (uint32_t i = 0; i < input_infos_.size(); ++i) {
      const TensorInfo& info = input_infos_[i];
      TESSERA_ASSIGN_OR_RETURN(std::vector<double> values, input_values(i, info));
      auto bytes = format::encode_values(runtime::to_wire(info.data_type), values);
      if (!bytes.ok()) return std::move(bytes).error().add_context("input " + std::to_string(i));
      auto tensor = Tensor::create_from_bytes(info, *bytes, binary_.runtime());
      if (!tensor.ok()) return std::move(tensor).error().add_context("input " + std::to_string(i));
      inputs_.push_back(std::move(tensor).value());
    }
    return ok_status();
  }

  runtime::SubmitOptions submit_options(int32_t loop) {
    runtime::SubmitOptions submit;
    submit.collect_trace = options_.collect_trace;
    // The model is deterministic: one loop's figures are every loop's.
    submit.collect_device_time = options_.device_time && loop == 0;
    if (dprint_ != nullptr) submit.dprint = *dprint_;
    bool per_op =
        options_.per_op_golden && loop == 0 && binary_.runtime() == runtime::Runtime::kTtnn;
    PerOpGoldenHooks reference;
    if (per_op) {
      ReferenceSink sink;
      if (options_.save_golden_tensors && saving_artifacts()) {
        sink = [this](uint32_t op, uint32_t output, std::span<const int64_t> shape,
                      std::span<const double> values) {
          return save_reference(op, output, shape, values);
        };
      }
      reference = per_op_golden_hooks(tolerances(), record_.op_checks, op_notes_, std::move(sink));
    }
    bool sample_memory = options_.memory && loop == 0;
    bool dump_ops = options_.dump_ops && saving_artifacts() && loop == 0 &&
                    binary_.runtime() == runtime::Runtime::kTtnn;
    if (!per_op && !sample_memory && !dump_ops) return submit;
    submit.before_op = reference.before;
    submit.after_op = [this, after = reference.after, sample_memory,
                       dump_ops](const runtime::OpContext& op) -> Status {
      if (sample_memory) sample_peak();
      if (dump_ops) TESSERA_RETURN_IF_ERROR(dump_op_outputs(op));
      if (after) return after(op);
      return ok_status();
    };
    return submit;
  }

  void sample_peak() {
    nlohmann::ordered_json chips = devices_.memory_statistics(arch_);
    for (const auto& chip : chips) {
      peak_dram_ = std::max<uint64_t>(peak_dram_, chip["dram"]["allocated_bytes"].get<uint64_t>());
      peak_l1_ = std::max<uint64_t>(peak_l1_, chip["l1"]["allocated_bytes"].get<uint64_t>());
    }
    ++peak_samples_;
  }

  Result<runtime::SubmitResult> submit_loops(const runtime::Device& device) {
    runtime::SubmitResult last;
    for (uint32_t loop = 0; loop < options_.loops; ++loop) {
      runtime::SubmitOptions submit = submit_options(static_cast<int32_t>(loop));
      int64_t start = steady_now_ns();
      auto result = runtime::submit(device, binary_, program_, inputs_, submit);
      double elapsed = ms_since(start);
      const bool traced = loop < options_.trace_loops;
      record_.record_loop_span(
          host_span(record_.label(), "submit", start, static_cast<int32_t>(loop), program_),
          traced);
      if (!traced && options_.collect_trace) record_.traced_loops = options_.trace_loops;
      // A failed submit's time counts too: a stall is where the time went.
      record_.timings.submit_total_ms += elapsed;
      if (!result.ok()) {
        failed_loop_ = static_cast<int32_t>(loop);
        return std::move(result).status();
      }
      record_.loops = loop + 1;
      if (loop == 0 || elapsed < record_.timings.submit_min_ms) {
        record_.timings.submit_min_ms = elapsed;
      }
      for (runtime::TraceSpan& span : result->spans) {
        record_.record_loop_span({std::move(span), static_cast<int32_t>(loop)}, traced);
      }
      if (loop == 0) record_.device_time = std::move(result->device_time);
      last = std::move(result).value();
    }
    return last;
  }

  Status read_back(const std::vector<Tensor>& outputs) {
    for (uint32_t i = 0; i < outputs.size(); ++i) {
      auto values =
          format::decode_values(runtime::to_wire(outputs[i].info().data_type), outputs[i].bytes());
      if (!values.ok()) return std::move(values).error().add_context(output_label(i, ""));
      output_values_.push_back(std::move(values).value());
      output_infos_.push_back(outputs[i].info());
    }
    return ok_status();
  }

  // Names the first op where the chained reference diverges; or, when every
  // op matches along the chain and yet an output misses its golden, says
  // that the binary's own ops do not compute that golden.
  std::string chain_note() const {
    if (record_.op_checks.empty()) return "";
    if (const OpCheck* first = first_chained_divergence(record_.op_checks)) {
      char pccs[96];
      std::snprintf(pccs, sizeof pccs, "chained PCC %.4f, PCC on its own inputs %.4f",
                    first->chained->pcc, first->comparison.pcc);
      std::string note =
          "first op whose output diverges along the chain from the program's "
          "inputs: op " +
          std::to_string(first->op_index) + " " + first->op_name + " output " +
          std::to_string(first->output) + " (" + pccs + ")";
      if (!first->location.empty()) note += " at " + first->location;
      return note;
    }
    const bool outputs_failed =
        std::any_of(record_.checks.begin(), record_.checks.end(),
                    [](const OutputCheck& c) { return !c.comparison.passed; });
    const bool chain_complete =
        op_notes_.empty() && std::all_of(record_.op_checks.begin(), record_.op_checks.end(),
                                         [](const OpCheck& c) { return c.chained.has_value(); });
    if (!outputs_failed || !chain_complete) return "";
    return "every op matches the reference along the chain from the program's inputs, so the "
           "binary's ops themselves do not compute its golden (was the golden made from other "
           "ops?)";
  }

  bool saving_artifacts() const { return !artifact_folder_.empty(); }

  Result<fs::path> artifact_dir() const { return program_folder(artifact_folder_, program_); }

  // --save-golden-tensors: op <k>'s reference output <j> as float32,
  // op_<k>_golden_<j>.npy, next to its op_<k>_output_<j>.npy.
  Status save_reference(uint32_t op, uint32_t output, std::span<const int64_t> shape,
                        std::span<const double> values) {
    TESSERA_ASSIGN_OR_RETURN(fs::path dir, artifact_dir());
    TESSERA_ASSIGN_OR_RETURN(std::vector<uint8_t> bytes,
                             format::encode_values(tt::target::DataType::Float32, values));
    const std::string name =
        "op_" + std::to_string(op) + "_golden_" + std::to_string(output) + ".npy";
    return write_npy((dir / name).string(), tt::target::DataType::Float32, shape, bytes);
  }

  // An intermediate dump: op <k>'s outputs as host f32, op_<k>_output_<j>.npy.
  Status dump_op_outputs(const runtime::OpContext& op) {
    TESSERA_ASSIGN_OR_RETURN(fs::path dir, artifact_dir());
    for (uint32_t j = 0; j < op.num_outputs(); ++j) {
      TESSERA_ASSIGN_OR_RETURN(Tensor tensor, op.output(j));
      const std::string name =
          "op_" + std::to_string(op.op_index()) + "_output_" + std::to_string(j) + ".npy";
      TESSERA_RETURN_IF_ERROR(write_npy((dir / name).string(),
                                        runtime::to_wire(tensor.info().data_type),
                                        tensor.info().shape, tensor.bytes()));
    }
    return ok_status();
  }

  Status save_artifacts(const std::vector<Tensor>& outputs) {
    TESSERA_ASSIGN_OR_RETURN(fs::path dir, artifact_dir());
    auto save = [&](const std::string& name, const Tensor& tensor) {
      return write_npy((dir / name).string(), runtime::to_wire(tensor.info().data_type),
                       tensor.info().shape, tensor.bytes());
    };
    for (size_t i = 0; i < inputs_.size(); ++i) {
      TESSERA_RETURN_IF_ERROR(save("input_" + std::to_string(i) + ".npy", inputs_[i]));
    }
    for (size_t i = 0; i < outputs.size(); ++i) {
      TESSERA_RETURN_IF_ERROR(save("output_" + std::to_string(i) + ".npy", outputs[i]));
    }
    for (size_t i = 0; i < goldens_.outputs.size(); ++i) {
      const GoldenValues& golden = goldens_.outputs[i];
      TESSERA_ASSIGN_OR_RETURN(
          std::vector<uint8_t> bytes,
          format::encode_values(runtime::to_wire(golden.data_type), golden.values));
      TESSERA_RETURN_IF_ERROR(write_npy((dir / ("golden_" + std::to_string(i) + ".npy")).string(),
                                        runtime::to_wire(golden.data_type), golden.shape, bytes));
    }
    return ok_status();
  }

  Tolerances tolerances() const {
    return {options_.pcc, options_.atol, options_.rtol, options_.enforce_allclose};
  }

  Status compare() {
    std::vector<std::string> notes = op_notes_;
    if (!options_.golden) {
      notes.insert(notes.begin(), "golden check off");
    } else if (!goldens_.has_outputs()) {
      notes.insert(notes.begin(), "no golden");
    } else {
      if (goldens_.outputs.size() != output_values_.size()) {
        return make_error(ErrorCode::kInvalidArgument, "the program has ", output_values_.size(),
                          " output(s) but carries ", goldens_.outputs.size(), " golden output(s)");
      }
      record_.golden = true;
      for (uint32_t i = 0; i < output_values_.size(); ++i) {
        const GoldenValues& golden = goldens_.outputs[i];
        const TensorInfo& output = output_infos_[i];
        OutputCheck check{i,
                          golden.name,
                          golden.shape == output.shape && golden.data_type == output.data_type
                              ? compare_with_golden(output_values_[i], golden.values, tolerances())
                              : mismatched_golden(golden, output),
                          {}};
        if (options_.golden_diff_topk > 0 && golden.shape == output.shape) {
          check.worst = worst_elements(output_values_[i], golden.values, output.shape,
                                       options_.golden_diff_topk);
        }
        if (!check.comparison.passed) {
          record_.outcome = Outcome::kFail;
          notes.push_back(output_label(i, golden.name) + ": " + check.comparison.message +
                          worst_text(check.worst));
        }
        record_.checks.push_back(std::move(check));
      }
      if (record_.outcome == Outcome::kPass) {
        notes.insert(notes.begin(),
                     std::to_string(record_.checks.size()) + " output(s) match their golden");
      }
    }
    size_t ops_passed = 0;
    for (const OpCheck& check : record_.op_checks) {
      if (check.comparison.passed) {
        ++ops_passed;
        continue;
      }
      record_.outcome = Outcome::kFail;
      notes.push_back("op " + std::to_string(check.op_index) + " " + check.op_name + " output " +
                      std::to_string(check.output) + ": " + check.comparison.message);
    }
    if (ops_passed > 0) {
      notes.push_back(std::to_string(ops_passed) + " op output(s) match the reference");
    }
    if (std::string chain = chain_note(); !chain.empty()) notes.push_back(std::move(chain));
    TESSERA_RETURN_IF_ERROR(run_extra_checks(notes));
    for (size_t i = 0; i < notes.size(); ++i) record_.message += (i ? "; " : "") + notes[i];
    return ok_status();
  }

  // " (worst: [0, 3] 2 vs 1, ...)", or "".
  static std::string worst_text(const std::vector<ElementDiff>& worst) {
    if (worst.empty()) return "";
    std::string text = " (worst:";
    for (size_t i = 0; i < worst.size() && i < 3; ++i) {
      std::string index;
      for (int64_t at : worst[i].index) index += (index.empty() ? "" : ", ") + std::to_string(at);
      std::ostringstream values;
      values << worst[i].actual << " vs " << worst[i].expected;
      text += (i ? "; [" : " [") + index + "] " + values.str();
    }
    return text + ")";
  }

  // --identity, --non-zero and --check-memory-leak.
  Status run_extra_checks(std::vector<std::string>& notes) {
    std::vector<ExtraCheck>& checks = record_.extra_checks;
    for (uint32_t i = 0; i < output_values_.size(); ++i) {
      if (options_.identity) {
        const TensorInfo* input = i < inputs_.size() ? &inputs_[i].info() : nullptr;
        std::vector<double> input_values;
        if (input) {
          TESSERA_ASSIGN_OR_RETURN(
              input_values,
              format::decode_values(runtime::to_wire(input->data_type), inputs_[i].bytes()));
        }
        checks.push_back(identity_check(i, output_infos_[i], output_values_[i], input, input_values,
                                        tolerances()));
      }
      if (options_.non_zero) checks.push_back(non_zero_check(i, output_values_[i]));
    }
    if (options_.check_memory_leak) checks.push_back(memory_leak_check(record_.leaks));
    for (const ExtraCheck& check : checks) {
      if (check.passed) continue;
      const bool leak = check.check == "memory_leak";
      if (leak) {
        record_.outcome = Outcome::kError;
      } else if (record_.outcome == Outcome::kPass) {
        record_.outcome = Outcome::kFail;
      }
      notes.push_back(check.check + ": " + check.detail);
    }
    return ok_status();
  }

  void print_tensors() const {
    for (size_t i = 0; i < inputs_.size(); ++i) {
      auto values =
          format::decode_values(runtime::to_wire(inputs_[i].info().data_type), inputs_[i].bytes());
      if (!values.ok()) continue;
      std::cout << tensor_line(record_.label() + " input " + std::to_string(i), inputs_[i].info(),
                               *values)
                << "\n";
    }
    for (size_t i = 0; i < output_values_.size(); ++i) {
      std::cout << tensor_line(record_.label() + " output " + std::to_string(i), output_infos_[i],
                               output_values_[i])
                << "\n";
    }
  }

  // --benchmark: one untimed submit first, so the timed loops see warm caches
  // and compiled kernels.
  Status warm_up(const runtime::Device& device) {
    int64_t start = steady_now_ns();
    TESSERA_ASSIGN_OR_RETURN(runtime::SubmitResult result,
                             runtime::submit(device, binary_, program_, inputs_, {}));
    TESSERA_RETURN_IF_ERROR(runtime::wait(result.event, binary_.runtime()));
    record_.timings.warmup_ms = ms_since(start);
    return ok_status();
  }

  const RunOptions& options_;
  DevicePool& devices_;
  const runtime::Binary& binary_;
  runtime::Arch arch_;
  uint32_t program_;
  fs::path artifact_folder_;
  ProgramRun& record_;
  const runtime::DprintOptions* dprint_;

  std::vector<TensorInfo> input_infos_;
  std::vector<TensorInfo> output_infos_;
  ProgramGoldens goldens_;
  std::vector<Tensor> inputs_;
  std::vector<std::vector<double>> output_values_;
  std::vector<std::string> op_notes_;
  uint64_t peak_dram_ = 0;
  uint64_t peak_l1_ = 0;
  uint64_t peak_samples_ = 0;
  int32_t failed_loop_ = -1;
};

ProgramRun file_entry(const std::string& path, Outcome outcome, std::string message) {
  ProgramRun record;
  record.file = path;
  record.outcome = outcome;
  record.message = std::move(message);
  return record;
}

}  // namespace

Status BinaryRunner::apply_kernel_source_options(const std::string& path, format::Binary& binary) {
  if (binary.kind() != format::BinaryKind::kMetal) return ok_status();
  fs::path folder = kernel_source_folder(options_.kernel_source_dir, path);
  if (options_.load_kernels) {
    size_t loaded = 0;
    TESSERA_ASSIGN_OR_RETURN(binary, load_kernel_sources(binary, folder, loaded));
    if (!options_.quiet) {
      std::cerr << path << ": " << loaded << " kernel source(s) from " << folder.string() << "\n";
    }
  }
  if (options_.dump_kernels) {
    TESSERA_ASSIGN_OR_RETURN(size_t written, dump_kernel_sources(binary, folder));
    if (!options_.quiet) {
      std::cerr << path << ": wrote " << written << " kernel source(s) to " << folder.string()
                << "\n";
    }
  }
  return ok_status();
}

FileRun BinaryRunner::run_file(const std::string& path) {
  FileRun file;
  file.file = path;
  int64_t file_start = steady_now_ns();
  auto finish = [&]() -> FileRun& {
    file.span = host_span(path, "binary", file_start);
    return file;
  };

  auto loaded = format::Binary::load_file(path);
  double load_ms = ms_since(file_start);
  if (!loaded.ok()) {
    file.programs.push_back(file_entry(path, Outcome::kError, loaded.error().describe()));
    file.programs.back().timings.load_ms = load_ms;
    return finish();
  }
  print_warnings(*loaded);
  if (loaded->kind() == format::BinaryKind::kSystemDesc) {
    file.programs.push_back(
        file_entry(path, Outcome::kSkip, "system descriptor (TTSY): nothing to run"));
    return finish();
  }
  if (std::string problem = format::version_problem(*loaded); !problem.empty()) {
    if (!options_.ignore_version) {
      file.programs.push_back(
          file_entry(path, Outcome::kError, problem + "; --ignore-version runs it anyway"));
      return finish();
    }
    std::cerr << "warning: " << path << ": " << problem << " (run anyway: --ignore-version)\n";
  }
  if (Status kernels = apply_kernel_source_options(path, *loaded); !kernels.ok()) {
    file.programs.push_back(file_entry(path, Outcome::kError, kernels.error().describe()));
    return finish();
  }
  runtime::Arch arch = binary_arch(*loaded, options_);
  auto binary = runtime::binary_from_format(std::move(loaded).value());
  if (!binary.ok()) {
    file.programs.push_back(file_entry(path, Outcome::kError, binary.error().describe()));
    return finish();
  }
  std::string runtime_name(runtime::runtime_name(binary->runtime()));
  uint32_t count = binary->program_count();
  std::optional<uint32_t> selected = selected_program(options_);
  if (count == 0 || (selected && *selected >= count)) {
    ProgramRun skipped =
        file_entry(path, Outcome::kSkip,
                   count == 0 ? std::string("the binary has no programs")
                              : "--program-index " + std::to_string(*selected) +
                                    ": the binary has " + std::to_string(count) + " program(s)");
    skipped.runtime = runtime_name;
    file.programs.push_back(std::move(skipped));
    return finish();
  }

  fs::path artifact_folder;
  if (artifacts_) {
    auto folder = artifacts_->binary_folder(path);
    if (!folder.ok()) {
      file.programs.push_back(file_entry(path, Outcome::kError, folder.error().describe()));
      return finish();
    }
    artifact_folder = std::move(folder).value();
  }

  for (uint32_t program = selected.value_or(0); program < (selected ? *selected + 1 : count);
       ++program) {
    ProgramRun record;
    record.file = path;
    record.runtime = runtime_name;
    record.program_index = program;
    record.program_name = binary->program_name(program).ok() ? *binary->program_name(program) : "";
    record.timings.load_ms = load_ms;
    // Const-eval programs run only when other programs call them, as the
    // compiler's run tool has it; naming one with --program-index runs it.
    if (auto is_private = binary->is_private_program(program);
        !selected && is_private.ok() && *is_private) {
      record.outcome = Outcome::kSkip;
      record.message = "private program (the compiler's const-eval): only other programs call it";
      file.programs.push_back(std::move(record));
      continue;
    }
    int64_t start = steady_now_ns();
    Status status;
    ProgramRunner runner(options_, devices_, *binary, arch, program, artifact_folder, record,
                         dprint_);
    try {
      status = runner.run();
    } catch (const std::exception& exception) {
      status = make_error(ErrorCode::kInternal, "unexpected exception: ", exception.what());
    }
    if (!status.ok()) {
      record.outcome = Outcome::kError;
      record.message = status.error().describe();
      if (options_.loops > 1 && runner.failed_loop() >= 0) {
        record.message += " (loop " + std::to_string(runner.failed_loop()) + ")";
      }
      // A program that failed half way may leave buffers or queue state
      // behind: the next binary gets a fresh device.
      auto reset = devices_.reset(arch);
      if (reset.ok()) {
        for (std::string& line : *reset) record.leaks.push_back("device reset: " + line);
      } else {
        record.message += "; reopening the device failed: " + reset.error().describe();
      }
    }
    record.spans.insert(record.spans.begin(), host_span(record.label(), "program", start, -1,
                                                        static_cast<int32_t>(program)));
    file.programs.push_back(std::move(record));
  }
  return finish();
}

}  // namespace tessera::tools::run
