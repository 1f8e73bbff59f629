// A planned lowering in the compiler's current layout, following tt-mlir's
// TTMetal flatbuffer writer: program inputs are host buffers written to
// device buffers; outputs are host buffers (HostAlloc) read back and named
// by Return; one BufferRef per device buffer, reused by every command that
// names it; kernel arguments say where their values come from; goldens live
// in the program's golden map. The layout has neither per-core runtime
// arguments nor defines: a kernel with per-core arguments becomes one
// KernelConfig per group of cores that share them, and defines become
// #define lines at the top of its source.
#include <algorithm>
#include <map>

#include "flatbuffer/current_refs.h"
#include "flatbuffer/current_system_desc.h"
#include "metal/layout_writers.h"
#include "tessera/format/schema.h"

namespace tessera::builder::metal_lowering {
namespace {

namespace cm = tt::target::current::metal;
namespace tc = tt::target::current;
using current_layout::CircularBufferShape;
using BufferRefOffset = flatbuffers::Offset<cm::BufferRef>;
using KernelArgOffset = flatbuffers::Offset<cm::KernelArg>;

// The CB a spec places: on the program's cores, the spec's pages.
CircularBufferShape cb_shape(const CbSpec& cb, const ProgramSpec& program) {
  return {program.grid_y, program.grid_x, cb.page_bytes * cb.pages, cb.page_bytes};
}

// What a command is about, as an MLIR name location.
std::string loc_of(const std::string& name) {
  return "loc(\"" + name + "\")";
}

// The source with its defines written in front of it.
std::string source_with_defines(const KernelSpec& kernel) {
  std::string text;
  for (const auto& [name, value] : kernel.defines) text += "#define " + name + " " + value + "\n";
  return text + std::string(kernel.source);
}

// One KernelConfig's cores and the runtime arguments they share.
struct CoreGroup {
  std::vector<std::pair<int, int>> cores;  // (y, x)
  std::vector<KernelArg> args;
};

// The program's cores grouped by their runtime arguments, in row-major
// order of each group's first core; cores without arguments share none.
Result<std::vector<CoreGroup>> core_groups(const KernelSpec& kernel, const ProgramSpec& program) {
  std::map<std::pair<int, int>, const std::vector<KernelArg>*> per_core;
  for (const CoreArgs& core : kernel.core_args) {
    if (core.y < 0 || core.x < 0 || core.y >= program.grid_y || core.x >= program.grid_x) {
      return make_error(ErrorCode::kInternal, "kernel '", kernel.name, "' has arguments for core (",
                        core.y, ",", core.x, "), outside its program's ", program.grid_y, "x",
                        program.grid_x, " grid");
    }
    per_core[{core.y, core.x}] = &core.args;
  }
  static const std::vector<KernelArg> kNone;
  std::vector<CoreGroup> groups;
  for (int y = 0; y < program.grid_y; ++y) {
    for (int x = 0; x < program.grid_x; ++x) {
      auto found = per_core.find({y, x});
      const std::vector<KernelArg>& args = found == per_core.end() ? kNone : *found->second;
      auto group = std::find_if(groups.begin(), groups.end(),
                                [&](const CoreGroup& g) { return g.args == args; });
      if (group == groups.end()) group = groups.insert(groups.end(), CoreGroup{{}, args});
      group->cores.emplace_back(y, x);
    }
  }
  return groups;
}

// The current layout makes a semaphore per kernel argument that names one,
// on that kernel's cores: a semaphore two kernels share cannot be written.
Status check_semaphore_users(const ProgramSpec& program) {
  std::vector<std::string> users(static_cast<size_t>(program.semaphores));
  auto visit = [&](const KernelSpec& kernel, const std::vector<KernelArg>& args) -> Status {
    for (const KernelArg& arg : args) {
      if (arg.kind != KernelArg::Kind::kSemaphore) continue;
      if (arg.value >= users.size()) {
        return make_error(ErrorCode::kInternal, "kernel '", kernel.name, "' names semaphore ",
                          arg.value, " of a program with ", users.size());
      }
      std::string& user = users[arg.value];
      if (!user.empty() && user != kernel.name) {
        return make_error(ErrorCode::kUnimplemented, "semaphore ", arg.value, " is used by '", user,
                          "' and '", kernel.name,
                          "'; the current layout creates a semaphore for each kernel that "
                          "names one, so kernels cannot share it");
      }
      user = kernel.name;
    }
    return ok_status();
  };
  for (const KernelSpec& kernel : program.kernels) {
    TESSERA_RETURN_IF_ERROR(visit(kernel, kernel.compile_args));
    TESSERA_RETURN_IF_ERROR(visit(kernel, kernel.common_args));
    for (const CoreArgs& core : kernel.core_args) TESSERA_RETURN_IF_ERROR(visit(kernel, core.args));
  }
  return ok_status();
}

// The program an EnqueueProgramCommand names arguments against: arg_refs
// are its buffers, then its semaphores.
struct ProgramOperands {
  const ProgramSpec& spec;
  const std::vector<const Buffer*>& buffers;
};

class CurrentWriter {
 public:
  CurrentWriter(const Graph& graph, const sim::ChipDescriptor& chip, const LoweringPlan& plan)
      : graph_(graph),
        chip_(chip),
        plan_(plan),
        device_refs_(plan.buffers.size()),
        cb_shapes_(plan.buffers.size()),
        next_id_(static_cast<uint32_t>(plan.buffers.size()) + 1) {}

  Result<std::vector<uint8_t>> write();

 private:
  size_t index_of(const Buffer& buffer) const { return buffer.global_id - 1; }
  BufferRefOffset device_ref(const Buffer& buffer);
  BufferRefOffset cb_buffer_ref(const CbSpec& cb, const ProgramSpec& program);
  BufferRefOffset host_ref(const Buffer& buffer) {
    return cm::CreateBufferRef(fbb_, next_id_++, 0,
                               current_layout::host_buffer_desc(fbb_, buffer.node));
  }
  void add(cm::CommandType type, flatbuffers::Offset<void> body, const std::string& name,
           const std::string& debug) {
    commands_.push_back(
        cm::CreateCommandDirect(fbb_, type, body, loc_of(name).c_str(), debug.c_str()));
  }
  Status write_step(const QueueStep& step);
  Status enqueue_program(const PlannedProgram& planned);
  Result<KernelArgOffset> kernel_arg(const KernelArg& arg, const ProgramOperands& program);
  Result<flatbuffers::Offset<flatbuffers::Vector<flatbuffers::Offset<cm::KernelArg>>>> kernel_args(
      const std::vector<KernelArg>& args, const ProgramOperands& program);
  Status add_kernel(const KernelSpec& kernel, const ProgramOperands& program,
                    std::vector<flatbuffers::Offset<cm::KernelConfig>>& configs);
  std::pair<cm::KernelConfigType, flatbuffers::Offset<void>> kernel_type(const KernelSpec& kernel);
  Result<flatbuffers::Offset<tc::DebugInfo>> goldens();

  const Graph& graph_;
  const sim::ChipDescriptor& chip_;
  const LoweringPlan& plan_;
  flatbuffers::FlatBufferBuilder fbb_;
  std::vector<flatbuffers::Offset<cm::Command>> commands_;
  std::vector<BufferRefOffset> device_refs_;  // per buffer, made on first use
  // Per buffer: the CB its BufferRef carries, that of its first CB use.
  std::vector<std::optional<CircularBufferShape>> cb_shapes_;
  std::vector<BufferRefOffset> host_inputs_, host_outputs_;
  uint32_t next_id_;  // host buffers and semaphores come after the device buffers
};

BufferRefOffset CurrentWriter::device_ref(const Buffer& buffer) {
  BufferRefOffset& ref = device_refs_[index_of(buffer)];
  if (ref.IsNull()) {
    auto desc = current_layout::device_buffer_desc(fbb_, buffer.node, buffer.layout,
                                                   cb_shapes_[index_of(buffer)]);
    ref = cm::CreateBufferRef(fbb_, buffer.global_id, buffer.address, desc);
  }
  return ref;
}

// A CB whose shape differs from the one its buffer's BufferRef carries gets
// a BufferRef of its own: same buffer and address, its own CB config.
BufferRefOffset CurrentWriter::cb_buffer_ref(const CbSpec& cb, const ProgramSpec& program) {
  const CircularBufferShape shape = cb_shape(cb, program);
  if (cb_shapes_[index_of(*cb.buffer)] == shape) return device_ref(*cb.buffer);
  auto desc = current_layout::device_buffer_desc(fbb_, cb.buffer->node, cb.buffer->layout, shape);
  return cm::CreateBufferRef(fbb_, cb.buffer->global_id, cb.buffer->address, desc);
}

Result<KernelArgOffset> CurrentWriter::kernel_arg(const KernelArg& arg,
                                                  const ProgramOperands& program) {
  switch (arg.kind) {
    case KernelArg::Kind::kLiteral: {
      auto named = cm::CreateKernelArgNamedArgumentDirect(fbb_, arg.name.c_str(), arg.value);
      return cm::CreateKernelArg(fbb_, cm::KernelArgType::KernelArgNamedArgument, named.Union());
    }
    case KernelArg::Kind::kBufferAddress: {
      auto at = std::find(program.buffers.begin(), program.buffers.end(), arg.buffer);
      if (at == program.buffers.end()) {
        return make_error(ErrorCode::kInternal, "a kernel takes the address of '",
                          arg.buffer->node.name, "', which is not a buffer of its program");
      }
      auto address = cm::CreateKernelArgBufferAddress(
          fbb_, static_cast<uint32_t>(at - program.buffers.begin()));
      return cm::CreateKernelArg(fbb_, cm::KernelArgType::KernelArgBufferAddress, address.Union());
    }
    case KernelArg::Kind::kCbPort: {
      const auto& cbs = program.spec.cbs;
      auto at = std::find_if(cbs.begin(), cbs.end(),
                             [&](const CbSpec& cb) { return cb.port == arg.value; });
      if (at == cbs.end()) {
        return make_error(ErrorCode::kInternal, "a kernel names CB port ", arg.value,
                          ", which its program does not bind");
      }
      auto port = cm::CreateKernelArgCBPort(fbb_, static_cast<uint32_t>(at - cbs.begin()));
      return cm::CreateKernelArg(fbb_, cm::KernelArgType::KernelArgCBPort, port.Union());
    }
    case KernelArg::Kind::kSemaphore: {
      const auto index = static_cast<uint32_t>(program.buffers.size()) + arg.value;
      auto semaphore = cm::CreateKernelArgLocalSemaphore(fbb_, index);
      return cm::CreateKernelArg(fbb_, cm::KernelArgType::KernelArgLocalSemaphore,
                                 semaphore.Union());
    }
  }
  return make_error(ErrorCode::kInternal, "a kernel argument of no known kind");
}

Result<flatbuffers::Offset<flatbuffers::Vector<flatbuffers::Offset<cm::KernelArg>>>>
CurrentWriter::kernel_args(const std::vector<KernelArg>& args, const ProgramOperands& program) {
  std::vector<KernelArgOffset> offsets;
  for (const KernelArg& arg : args) {
    TESSERA_ASSIGN_OR_RETURN(KernelArgOffset offset, kernel_arg(arg, program));
    offsets.push_back(offset);
  }
  return fbb_.CreateVector(offsets);
}

// The processor and NoC tessera's runtime gives the 2024 source types
// (reader and writer configs), so both layouts run the same configuration.
std::pair<cm::KernelConfigType, flatbuffers::Offset<void>> CurrentWriter::kernel_type(
    const KernelSpec& kernel) {
  using tt::target::metal::SourceType;
  if (kernel.type == SourceType::Tensix) {
    std::vector<tc::UnpackToDestMode> unpack;
    return {
        cm::KernelConfigType::ComputeConfig,
        cm::CreateComputeConfigDirect(fbb_, tc::MathFidelity::HiFi4, false, false, false, &unpack)
            .Union()};
  }
  const bool reader = kernel.type == SourceType::Noc0;
  return {
      cm::KernelConfigType::NocConfig,
      cm::CreateNocConfig(
          fbb_, reader ? tc::DataMovementProcessor::RISCV_1 : tc::DataMovementProcessor::RISCV_0,
          reader ? tc::NocIndex::Noc1 : tc::NocIndex::Noc0)
          .Union()};
}

Status CurrentWriter::add_kernel(const KernelSpec& kernel, const ProgramOperands& program,
                                 std::vector<flatbuffers::Offset<cm::KernelConfig>>& configs) {
  if (kernel.type == tt::target::metal::SourceType::Ethernet) {
    return make_error(ErrorCode::kInternal, "kernel '", kernel.name, "' is an ethernet kernel");
  }
  auto source = cm::CreateKernelSourceDirect(fbb_, source_with_defines(kernel).c_str());
  TESSERA_ASSIGN_OR_RETURN(auto compile_args, kernel_args(kernel.compile_args, program));
  TESSERA_ASSIGN_OR_RETURN(auto common_args, kernel_args(kernel.common_args, program));
  TESSERA_ASSIGN_OR_RETURN(std::vector<CoreGroup> groups, core_groups(kernel, program.spec));
  const auto [type, config] = kernel_type(kernel);
  const size_t program_cores = static_cast<size_t>(program.spec.grid_y * program.spec.grid_x);
  for (size_t i = 0; i < groups.size(); ++i) {
    const CoreGroup& group = groups[i];
    std::vector<tc::Dim2dRange> cores;
    if (group.cores.size() == program_cores) {
      cores.emplace_back(tc::Dim2d(0, 0), tc::Dim2d(program.spec.grid_y, program.spec.grid_x));
    } else {
      for (auto [y, x] : group.cores) cores.emplace_back(tc::Dim2d(y, x), tc::Dim2d(1, 1));
    }
    std::string symbol = kernel.name;
    if (groups.size() > 1) {
      symbol += group.cores.size() == 1 ? "_y" + std::to_string(group.cores[0].first) + "x" +
                                              std::to_string(group.cores[0].second)
                                        : "_group" + std::to_string(i);
    }
    TESSERA_ASSIGN_OR_RETURN(auto runtime_args, kernel_args(group.args, program));
    auto args = cm::CreateKernelArgs(fbb_, common_args, runtime_args, compile_args);
    configs.push_back(cm::CreateKernelConfigDirect(fbb_, cm::Kernel::KernelSource, source.Union(),
                                                   &cores, args, type, config, symbol.c_str(),
                                                   symbol.c_str()));
  }
  return ok_status();
}

Status CurrentWriter::enqueue_program(const PlannedProgram& planned) {
  const ProgramSpec& spec = planned.spec;
  const std::string& name = plan_.buffers[graph_.ops()[planned.op].output].node.name;
  TESSERA_RETURN_IF_ERROR(check_semaphore_users(spec), "op '" + name + "'");
  std::vector<cm::ArgRef> arg_types;
  std::vector<flatbuffers::Offset<void>> arg_refs;
  for (const Buffer* buffer : planned.operands) {
    arg_types.push_back(cm::ArgRef::BufferRef);
    arg_refs.push_back(device_ref(*buffer).Union());
  }
  for (int i = 0; i < spec.semaphores; ++i) {
    auto semaphore = cm::CreateLocalSemaphoreRef(fbb_, next_id_++, /*initial_value=*/0);
    add(cm::CommandType::CreateLocalSemaphoreCommand,
        cm::CreateCreateLocalSemaphoreCommand(fbb_, semaphore).Union(), name,
        "semaphore " + std::to_string(i) + " of " + name);
    arg_types.push_back(cm::ArgRef::LocalSemaphoreRef);
    arg_refs.push_back(semaphore.Union());
  }
  std::vector<flatbuffers::Offset<cm::CBRef>> cbs;
  for (const CbSpec& cb : spec.cbs) {
    cbs.push_back(cm::CreateCBRef(fbb_, cb.port, cb_buffer_ref(cb, spec)));
  }
  ProgramOperands program{spec, planned.operands};
  std::vector<flatbuffers::Offset<cm::KernelConfig>> kernels;
  for (const KernelSpec& kernel : spec.kernels) {
    TESSERA_RETURN_IF_ERROR(add_kernel(kernel, program, kernels),
                            "op '" + name + "': kernel '" + kernel.name + "'");
  }
  auto desc = cm::CreateProgramDescDirect(fbb_, &kernels);
  add(cm::CommandType::EnqueueProgramCommand,
      cm::CreateEnqueueProgramCommandDirect(fbb_, &arg_types, &arg_refs, &cbs, desc).Union(), name,
      name);
  return ok_status();
}

Status CurrentWriter::write_step(const QueueStep& step) {
  using Kind = QueueStep::Kind;
  if (step.kind == Kind::kProgram) return enqueue_program(plan_.programs[step.program]);
  const Buffer& buffer = *step.buffer;
  const std::string& name = buffer.node.name;
  const BufferRefOffset device = device_ref(buffer);
  switch (step.kind) {
    case Kind::kCreate:
      add(cm::CommandType::CreateBufferCommand, cm::CreateCreateBufferCommand(fbb_, device).Union(),
          name, "create " + name);
      break;
    case Kind::kFree:
      add(cm::CommandType::DeallocateBufferCommand,
          cm::CreateDeallocateBufferCommand(fbb_, device).Union(), name, "free " + name);
      break;
    case Kind::kWriteInput:
      add(cm::CommandType::EnqueueWriteBufferCommand,
          cm::CreateEnqueueWriteBufferCommand(fbb_, host_inputs_[step.io_index], device).Union(),
          name, "write " + name);
      break;
    case Kind::kReadOutput: {
      // As the compiler lowers a read to the host: allocate the host
      // buffer, read into it, then wait for the queue.
      const BufferRefOffset host = host_outputs_[step.io_index];
      add(cm::CommandType::HostAllocCommand, cm::CreateHostAllocCommand(fbb_, host).Union(), name,
          "host buffer for " + name);
      add(cm::CommandType::EnqueueReadBufferCommand,
          cm::CreateEnqueueReadBufferCommand(fbb_, device, host).Union(), name, "read " + name);
      add(cm::CommandType::FinishCommand, cm::CreateFinishCommand(fbb_).Union(), name, "finish");
      break;
    }
    case Kind::kProgram:
      break;
  }
  return ok_status();
}

Result<flatbuffers::Offset<tc::DebugInfo>> CurrentWriter::goldens() {
  std::vector<flatbuffers::Offset<tc::GoldenKV>> entries;
  for (size_t i = 0; i < plan_.inputs.size(); ++i) {
    TESSERA_ASSIGN_OR_RETURN(
        auto entry,
        current_layout::golden_entry(fbb_, "input_" + std::to_string(i), plan_.inputs[i]->node));
    entries.push_back(entry);
  }
  for (size_t i = 0; i < plan_.outputs.size(); ++i) {
    TESSERA_ASSIGN_OR_RETURN(
        auto entry,
        current_layout::golden_entry(fbb_, "output_" + std::to_string(i), plan_.outputs[i]->node));
    entries.push_back(entry);
  }
  auto info = tc::CreateGoldenInfoDirect(fbb_, &entries);
  return tc::CreateDebugInfo(fbb_, 0, 0, info);
}

Result<std::vector<uint8_t>> CurrentWriter::write() {
  TESSERA_ASSIGN_OR_RETURN(auto system_desc, current_layout::current_system_desc(fbb_, chip_));
  for (const PlannedProgram& program : plan_.programs) {
    for (const CbSpec& cb : program.spec.cbs) {
      auto& shape = cb_shapes_[index_of(*cb.buffer)];
      if (!shape) shape = cb_shape(cb, program.spec);
    }
  }
  std::vector<flatbuffers::Offset<cm::TensorRef>> inputs, outputs;
  for (const Buffer* buffer : plan_.inputs) {
    host_inputs_.push_back(host_ref(*buffer));
    inputs.push_back(current_layout::program_tensor_ref(fbb_, buffer->node));
  }
  for (const Buffer* buffer : plan_.outputs) {
    host_outputs_.push_back(host_ref(*buffer));
    outputs.push_back(current_layout::program_tensor_ref(fbb_, buffer->node));
  }
  for (const QueueStep& step : plan_.steps) TESSERA_RETURN_IF_ERROR(write_step(step));
  add(cm::CommandType::ReturnCommand, cm::CreateReturnCommandDirect(fbb_, &host_outputs_).Union(),
      graph_.name(), "return");

  std::vector<flatbuffers::Offset<cm::CommandQueue>> queues = {
      cm::CreateCommandQueueDirect(fbb_, graph_.name().c_str(), /*queue_id=*/0, &commands_)};
  std::vector<int64_t> one_device = {1, 1};
  auto mesh = cm::CreateMeshDescDirect(fbb_, nullptr, &one_device);
  std::vector<flatbuffers::Offset<cm::DeviceProgram>> device_programs = {
      cm::CreateDeviceProgramDirect(fbb_, &host_inputs_, &host_outputs_, &queues, mesh)};
  TESSERA_ASSIGN_OR_RETURN(auto debug_info, goldens());
  tc::Dim2d mesh_shape(1, 1);
  std::vector<flatbuffers::Offset<cm::Program>> programs = {
      cm::CreateProgramDirect(fbb_, graph_.name().c_str(), &inputs, &outputs, &device_programs,
                              debug_info, /*private_=*/false, &mesh_shape)};
  std::vector<flatbuffers::Offset<tc::DynamicLib>> dylibs;
  tc::Version version(0, 1, 0);
  const std::string& hash =
      format::schema_hash(format::BinaryKind::kMetal, format::WireLayout::kCurrent);
  auto root = cm::CreateTTMetalBinaryDirect(fbb_, &version, hash.c_str(), "tessera-builder",
                                            system_desc, 0, &programs, &dylibs);
  cm::FinishSizePrefixedTTMetalBinaryBuffer(fbb_, root);
  return std::vector<uint8_t>(fbb_.GetBufferPointer(), fbb_.GetBufferPointer() + fbb_.GetSize());
}

}  // namespace

Result<std::vector<uint8_t>> write_current_layout(const Graph& graph,
                                                  const sim::ChipDescriptor& chip,
                                                  const LoweringPlan& plan) {
  return CurrentWriter(graph, chip, plan).write();
}

}  // namespace tessera::builder::metal_lowering
