// CreateKernel and the runtime args of a kernel.
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

#include "tessera/metal/program/program.h"
#include "tessera/sim/jit/kernel_abi.h"

namespace tessera::metal {

namespace {

sim::KernelProcessor processor_of(const DataMovementConfig& config) {
  return config.processor == DataMovementProcessor::RISCV_0 ? sim::KernelProcessor::kDataMovement0
                                                            : sim::KernelProcessor::kDataMovement1;
}

std::vector<std::pair<std::string, std::string>> define_list(
    const std::map<std::string, std::string>& defines) {
  return {defines.begin(), defines.end()};
}

void configure(sim::KernelPlan& kernel, const DataMovementConfig& config) {
  kernel.build.processor = processor_of(config);
  kernel.build.noc_index = config.noc == NOC::NOC_0 ? 0 : 1;
  kernel.build.compile_args = config.compile_args;
  kernel.build.named_compile_args = config.named_compile_args;
  kernel.build.defines = define_list(config.defines);
}

void configure(sim::KernelPlan& kernel, const ComputeConfig& config) {
  kernel.build.processor = sim::KernelProcessor::kCompute;
  kernel.build.compile_args = config.compile_args;
  kernel.build.named_compile_args = config.named_compile_args;
  kernel.build.defines = define_list(config.defines);
  // What the device toolchain derives from the compute config.
  kernel.build.toolchain_defines = {
      // api/compute/common.h turns these into constexpr DST_ACCUM_MODE,
      // MATH_FIDELITY and APPROX and the DST_SYNC_MODE macro, as tt-metal's
      // generated descriptors are.
      {"TESSERA_DST_ACCUM_MODE", config.fp32_dest_acc_en ? "true" : "false"},
      {"TESSERA_MATH_FIDELITY", std::to_string(static_cast<int>(config.math_fidelity))},
      {"TESSERA_APPROX", config.math_approx_mode ? "true" : "false"},
      {"TESSERA_DST_SYNC_FULL", config.dst_full_sync_en ? "1" : "0"}};
  kernel.dst = {.fp32_accumulation = config.fp32_dest_acc_en,
                .double_buffered = !config.dst_full_sync_en};
}

std::optional<std::string> read_text(const std::filesystem::path& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file) return std::nullopt;
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

// The `#include "name"` targets of a source.
std::vector<std::string> quoted_includes(const std::string& source) {
  std::vector<std::string> names;
  std::istringstream lines(source);
  for (std::string line; std::getline(lines, line);) {
    const std::size_t hash = line.find_first_not_of(" \t");
    if (hash == std::string::npos || line[hash] != '#') continue;
    const std::size_t word = line.find("include", hash);
    const std::size_t open = line.find('"', hash);
    if (word == std::string::npos || open == std::string::npos || open < word) continue;
    const std::size_t close = line.find('"', open + 1);
    if (close != std::string::npos) names.push_back(line.substr(open + 1, close - open - 1));
  }
  return names;
}

// Headers a kernel file includes from its own directory (and what those
// include from theirs), named relative to the kernel, as tt-metal's build
// finds them beside the kernel. Others (the kernel API) are left alone.
std::vector<std::pair<std::string, std::string>> headers_beside(
    const std::filesystem::path& kernel_directory, const std::string& source) {
  constexpr std::size_t kMaxHeaders = 256;
  std::vector<std::pair<std::string, std::string>> headers;
  std::vector<std::pair<std::filesystem::path, std::string>> pending = {{"", source}};
  while (!pending.empty() && headers.size() < kMaxHeaders) {
    auto [relative_directory, text] = std::move(pending.back());
    pending.pop_back();
    for (const std::string& name : quoted_includes(text)) {
      // As the compiler searches: beside the including header first, then
      // from the kernel's directory.
      for (const std::filesystem::path& base : {relative_directory, std::filesystem::path()}) {
        const std::string relative = (base / name).lexically_normal().string();
        if (relative.empty() || relative.starts_with("..") || relative[0] == '/') continue;
        bool known = false;
        for (const auto& header : headers) known = known || header.first == relative;
        if (known) break;
        std::optional<std::string> content = read_text(kernel_directory / relative);
        if (!content || !std::filesystem::is_regular_file(kernel_directory / relative)) continue;
        headers.emplace_back(relative, *content);
        pending.emplace_back(std::filesystem::path(relative).parent_path(), std::move(*content));
        break;
      }
    }
  }
  return headers;
}

bool runs_on(const sim::KernelPlan& kernel, CoreCoord core) {
  for (const CoreRange& range : kernel.cores) {
    if (range.contains(core)) return true;
  }
  return false;
}

Status check_arg_limit(const sim::KernelPlan& kernel, CoreCoord core, std::size_t unique,
                       std::size_t common) {
  if (unique + common <= TESSERA_MAX_RUNTIME_ARGS) return ok_status();
  return make_error(ErrorCode::kOutOfRange, "kernel '", kernel.build.name, "' on core ",
                    sim::to_string(core), ": ", unique, " runtime args + ", common,
                    " common runtime args exceed the device's limit of ", TESSERA_MAX_RUNTIME_ARGS);
}

}  // namespace

Result<KernelHandle> create_kernel_from_string(Program& program, std::string name,
                                               std::string source, const CoreRangeSet& cores,
                                               const KernelConfig& config) {
  if (cores.empty()) {
    return make_error(ErrorCode::kInvalidArgument, "kernel '", name, "' has no cores to run on");
  }
  sim::KernelPlan kernel;
  kernel.build.name = std::move(name);
  kernel.build.source = std::move(source);
  kernel.cores = cores;
  std::visit([&](const auto& specific) { configure(kernel, specific); }, config);
  program.plan_.kernels.push_back(std::move(kernel));
  return static_cast<KernelHandle>(program.plan_.kernels.size() - 1);
}

Result<KernelHandle> create_kernel(Program& program, const std::string& path,
                                   const CoreRangeSet& cores, const KernelConfig& config) {
  std::optional<std::string> source = read_text(path);
  if (!source) {
    return make_error(ErrorCode::kNotFound, "kernel source '", path, "' cannot be opened");
  }
  auto headers = headers_beside(std::filesystem::path(path).parent_path(), *source);
  TESSERA_ASSIGN_OR_RETURN(
      KernelHandle handle,
      create_kernel_from_string(program, path, std::move(*source), cores, config));
  program.plan_.kernels[handle].build.headers = std::move(headers);
  return handle;
}

Status set_runtime_args(Program& program, KernelHandle handle, const CoreRangeSet& cores,
                        const std::vector<uint32_t>& args) {
  if (handle >= program.plan_.kernels.size()) {
    return make_error(ErrorCode::kNotFound, "kernel handle ", handle, " is not in program '",
                      program.name(), "'");
  }
  sim::KernelPlan& kernel = program.plan_.kernels[handle];
  for (const CoreRange& range : cores) {
    for (uint32_t y = range.start.y; y <= range.end.y; ++y) {
      for (uint32_t x = range.start.x; x <= range.end.x; ++x) {
        if (!runs_on(kernel, {x, y})) {
          return make_error(ErrorCode::kInvalidArgument, "runtime args for kernel '",
                            kernel.build.name, "' on core ", sim::to_string({x, y}),
                            ", where the kernel does not run");
        }
        TESSERA_RETURN_IF_ERROR(
            check_arg_limit(kernel, {x, y}, args.size(), kernel.common_args.size()));
        kernel.runtime_args[{x, y}] = args;
      }
    }
  }
  return ok_status();
}

Status set_common_runtime_args(Program& program, KernelHandle handle,
                               const std::vector<uint32_t>& args) {
  if (handle >= program.plan_.kernels.size()) {
    return make_error(ErrorCode::kNotFound, "kernel handle ", handle, " is not in program '",
                      program.name(), "'");
  }
  sim::KernelPlan& kernel = program.plan_.kernels[handle];
  for (const auto& [core, unique] : kernel.runtime_args) {
    TESSERA_RETURN_IF_ERROR(check_arg_limit(kernel, core, unique.size(), args.size()));
  }
  TESSERA_RETURN_IF_ERROR(check_arg_limit(kernel, kernel.cores.front().start, 0, args.size()));
  kernel.common_args = args;
  return ok_status();
}

Status mark_l1_address_args(Program& program, KernelHandle handle,
                            std::vector<uint32_t> runtime_indices,
                            std::vector<uint32_t> common_indices) {
  if (handle >= program.plan_.kernels.size()) {
    return make_error(ErrorCode::kNotFound, "kernel handle ", handle, " is not in program '",
                      program.name(), "'");
  }
  sim::KernelPlan& kernel = program.plan_.kernels[handle];
  kernel.l1_address_runtime_args = std::move(runtime_indices);
  kernel.l1_address_common_args = std::move(common_indices);
  return ok_status();
}

}  // namespace tessera::metal
