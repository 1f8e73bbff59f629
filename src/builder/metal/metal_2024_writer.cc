// A planned lowering in the 2024 layout: one command queue of TensorRefs,
// kernels with their argument values, and goldens as golden_inputs /
// golden_outputs.
#include "flatbuffer/tensor_refs.h"
#include "metal/layout_writers.h"
#include "tessera/format/integrity.h"
#include "tessera/format/schema.h"

namespace tessera::builder::metal_lowering {
namespace {

namespace target = tt::target;
namespace tm = tt::target::metal;

// What an argument is worth: program semaphores are created in order, so
// semaphore i has id i on every core of the program.
uint32_t value_of(const KernelArg& arg) {
  return arg.kind == KernelArg::Kind::kBufferAddress ? static_cast<uint32_t>(arg.buffer->address)
                                                     : arg.value;
}

std::vector<uint32_t> values_of(const std::vector<KernelArg>& args) {
  std::vector<uint32_t> values;
  for (const KernelArg& arg : args) values.push_back(value_of(arg));
  return values;
}

class Writer2024 {
 public:
  Writer2024(const Graph& graph, const sim::ChipDescriptor& chip, const LoweringPlan& plan,
             ProgramIo io)
      : graph_(graph), chip_(chip), plan_(plan), runtime_io_(io == ProgramIo::kRuntime) {}

  Result<std::vector<uint8_t>> write();

 private:
  Result<TensorRefOffset> ref(const Buffer& buffer) {
    return device_tensor_ref(fbb_, buffer.global_id, buffer.node, buffer.address, true);
  }
  void add(tm::CommandType type, flatbuffers::Offset<void> body, const std::string& debug) {
    commands_.push_back(tm::CreateCommandDirect(fbb_, type, body, debug.c_str()));
  }
  Status write_step(const QueueStep& step);
  Status enqueue_program(const PlannedProgram& program);
  flatbuffers::Offset<target::CBRef> cb_ref(const CbSpec& cb, TensorRefOffset tensor);

  const Graph& graph_;
  const sim::ChipDescriptor& chip_;
  const LoweringPlan& plan_;
  const bool runtime_io_;
  flatbuffers::FlatBufferBuilder fbb_;
  std::vector<flatbuffers::Offset<tm::Command>> commands_;
  uint32_t next_cb_id_ = 1;
};

flatbuffers::Offset<target::CBRef> Writer2024::cb_ref(const CbSpec& cb, TensorRefOffset tensor) {
  std::vector<int> shape = {1, 1};
  target::Dim2d tile = cb.buffer->layout.tiled ? target::Dim2d(32, 32) : target::Dim2d(1, 1);
  auto memory = target::CreateMemoryDescDirect(fbb_, &shape, &tile, cb.buffer->node.type,
                                               target::MemorySpace::DeviceL1, cb.page_bytes);
  auto desc = target::CreateCBDesc(fbb_, cb.port, memory, cb.page_bytes, cb.pages);
  return target::CreateCBRef(fbb_, next_cb_id_++, tensor, cb.buffer->address, desc);
}

Status Writer2024::enqueue_program(const PlannedProgram& planned) {
  const ProgramSpec& program = planned.spec;
  std::vector<target::Dim2dRange> cores = {
      target::Dim2dRange(target::Dim2d(0, 0), target::Dim2d(program.grid_y, program.grid_x))};
  std::vector<flatbuffers::Offset<target::CBRef>> cbs;
  for (const CbSpec& cb : program.cbs) {
    TESSERA_ASSIGN_OR_RETURN(TensorRefOffset tensor, ref(*cb.buffer));
    cbs.push_back(cb_ref(cb, tensor));
  }
  std::vector<flatbuffers::Offset<tm::KernelDesc>> kernels;
  for (const KernelSpec& kernel : program.kernels) {
    auto source =
        tm::CreateKernelSourceDirect(fbb_, kernel.type, std::string(kernel.source).c_str());
    std::vector<flatbuffers::Offset<tm::KernelDefine>> defines;
    for (const auto& [name, value] : kernel.defines) {
      defines.push_back(tm::CreateKernelDefineDirect(fbb_, name.c_str(), value.c_str()));
    }
    std::vector<flatbuffers::Offset<tm::CoreRuntimeArgs>> runtime_args;
    for (const CoreArgs& core : kernel.core_args) {
      target::Dim2d coord(core.y, core.x);
      std::vector<uint32_t> values = values_of(core.args);
      runtime_args.push_back(tm::CreateCoreRuntimeArgsDirect(fbb_, &coord, &values));
    }
    std::vector<uint32_t> compile_args = values_of(kernel.compile_args);
    std::vector<uint32_t> common_args = values_of(kernel.common_args);
    kernels.push_back(tm::CreateKernelDescDirect(
        fbb_, tm::Kernel::KernelSource, source.Union(), &cores, &cbs, "", kernel.name.c_str(),
        &compile_args, nullptr, &defines, &runtime_args, &common_args));
  }
  std::vector<flatbuffers::Offset<tm::SemaphoreDesc>> semaphores;
  for (int i = 0; i < program.semaphores; ++i) {
    semaphores.push_back(tm::CreateSemaphoreDescDirect(fbb_, &cores, 0));
  }
  auto desc = tm::CreateProgramDescDirect(fbb_, &kernels, &semaphores);
  std::vector<TensorRefOffset> refs;
  for (const Buffer* operand : planned.operands) {
    TESSERA_ASSIGN_OR_RETURN(TensorRefOffset r, ref(*operand));
    refs.push_back(r);
  }
  add(tm::CommandType::EnqueueProgramCommand,
      tm::CreateEnqueueProgramCommandDirect(fbb_, &refs, desc).Union(),
      plan_.buffers[graph_.ops()[planned.op].output].node.name);
  return ok_status();
}

Status Writer2024::write_step(const QueueStep& step) {
  using Kind = QueueStep::Kind;
  if (step.kind == Kind::kProgram) return enqueue_program(plan_.programs[step.program]);
  const Buffer& buffer = *step.buffer;
  TESSERA_ASSIGN_OR_RETURN(TensorRefOffset device, ref(buffer));
  switch (step.kind) {
    case Kind::kCreate:
      add(tm::CommandType::CreateBufferCommand, tm::CreateCreateBufferCommand(fbb_, device).Union(),
          "create " + buffer.node.name);
      break;
    case Kind::kFree:
      add(tm::CommandType::DeallocateBufferCommand,
          tm::CreateDeallocateBufferCommand(fbb_, device).Union(), "free " + buffer.node.name);
      break;
    case Kind::kWriteInput:
      add(tm::CommandType::EnqueueWriteBufferCommand,
          tm::CreateEnqueueWriteBufferCommand(
              fbb_, host_tensor_ref(fbb_, buffer.global_id, buffer.node), device)
              .Union(),
          "write " + buffer.node.name);
      break;
    case Kind::kReadOutput:
      add(tm::CommandType::EnqueueReadBufferCommand,
          tm::CreateEnqueueReadBufferCommand(fbb_, device,
                                             host_tensor_ref(fbb_, buffer.global_id, buffer.node))
              .Union(),
          "read " + buffer.node.name);
      break;
    case Kind::kProgram:
      break;
  }
  return ok_status();
}

Result<std::vector<uint8_t>> Writer2024::write() {
  // Program inputs and outputs: device tensors the runtime fills and reads
  // (kRuntime), or host tensors the queue's commands move.
  auto io_refs = [&](const std::vector<const Buffer*>& buffers,
                     std::vector<TensorRefOffset>& refs) -> Status {
    for (const Buffer* buffer : buffers) {
      if (runtime_io_) {
        TESSERA_ASSIGN_OR_RETURN(TensorRefOffset device, ref(*buffer));
        refs.push_back(device);
      } else {
        refs.push_back(host_tensor_ref(fbb_, buffer->global_id, buffer->node));
      }
    }
    return ok_status();
  };
  std::vector<TensorRefOffset> inputs, outputs;
  TESSERA_RETURN_IF_ERROR(io_refs(plan_.inputs, inputs));
  std::vector<flatbuffers::Offset<target::GoldenTensor>> golden_inputs, golden_outputs;
  for (const Buffer* buffer : plan_.inputs) {
    TESSERA_ASSIGN_OR_RETURN(auto golden, golden_tensor(fbb_, buffer->node));
    golden_inputs.push_back(golden);
  }
  for (const QueueStep& step : plan_.steps) TESSERA_RETURN_IF_ERROR(write_step(step));
  TESSERA_RETURN_IF_ERROR(io_refs(plan_.outputs, outputs));
  for (const Buffer* buffer : plan_.outputs) {
    TESSERA_ASSIGN_OR_RETURN(auto golden, golden_tensor(fbb_, buffer->node));
    golden_outputs.push_back(golden);
  }
  add(tm::CommandType::FinishCommand, tm::CreateFinishCommand(fbb_).Union(), "finish");

  std::vector<flatbuffers::Offset<tm::CommandQueue>> queues = {
      tm::CreateCommandQueueDirect(fbb_, "cq0", &commands_)};
  std::vector<flatbuffers::Offset<tm::DeviceProgram>> device_programs = {
      tm::CreateDeviceProgramDirect(fbb_, &inputs, &outputs, &queues)};
  std::vector<flatbuffers::Offset<tm::Program>> programs = {
      tm::CreateProgramDirect(fbb_, graph_.name().c_str(), &inputs, &outputs, &device_programs,
                              &golden_inputs, &golden_outputs)};
  target::Version version(0, 1, 0);
  TESSERA_ASSIGN_OR_RETURN(auto system, system_desc(fbb_, chip_));
  auto root = tm::CreateTTMetalBinaryDirect(fbb_, &version, "tessera-builder", system, &programs,
                                            format::schema_hash(format::BinaryKind::kMetal).c_str(),
                                            format::kChecksumPlaceholder);
  tm::FinishSizePrefixedTTMetalBinaryBuffer(fbb_, root);
  std::vector<uint8_t> binary(fbb_.GetBufferPointer(), fbb_.GetBufferPointer() + fbb_.GetSize());
  TESSERA_RETURN_IF_ERROR(format::seal_binary(binary, format::BinaryKind::kMetal));
  return binary;
}

}  // namespace

Result<std::vector<uint8_t>> write_2024_layout(const Graph& graph, const sim::ChipDescriptor& chip,
                                               const LoweringPlan& plan, ProgramIo io) {
  return Writer2024(graph, chip, plan, io).write();
}

}  // namespace tessera::builder::metal_lowering
