// Test helper: writes small TTM0 binaries command by command.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tessera/format/generated.h"
#include "tessera/format/integrity.h"
#include "tessera/format/schema.h"

namespace tessera::testing {

namespace tt_target = ::tt::target;
namespace tt_metal = ::tt::target::metal;

// What a tensor looks like: where it lives, how it is cut, what it holds.
struct TensorSpec {
  uint32_t id = 0;
  uint64_t address = 0;
  std::vector<int> shape = {32, 32};
  tt_target::MemorySpace space = tt_target::MemorySpace::DeviceDRAM;
  tt_target::DataType type = tt_target::DataType::Float32;
  bool tiled = false;
  std::vector<int> shard_shape = {};  // memory_desc.shape; default: the whole shape
  int grid_y = 1, grid_x = 1;         // cores the tensor is sharded over (L1)
  std::vector<uint8_t> constant_data = {};

  uint64_t bytes() const {
    uint64_t elements = 1;
    for (int dim : shape) elements *= static_cast<uint64_t>(dim);
    return elements *
           (type == tt_target::DataType::Float32 || type == tt_target::DataType::UInt32 ? 4 : 2);
  }
  TensorSpec host() const {
    TensorSpec copy = *this;
    copy.space = tt_target::MemorySpace::System;
    copy.address = 0;
    return copy;
  }
};

class MetalProgramBuilder {
 public:
  using Offset = flatbuffers::Offset<tt_metal::Command>;

  flatbuffers::Offset<tt_target::TensorRef> tensor(const TensorSpec& spec) {
    std::vector<int> shard = spec.shard_shape.empty() ? spec.shape : spec.shard_shape;
    std::vector<int> stride(spec.shape.size(), 1);
    for (int i = static_cast<int>(spec.shape.size()) - 2; i >= 0; --i) {
      stride[i] = stride[i + 1] * spec.shape[i + 1];
    }
    tt_target::Dim2d tile = spec.tiled ? tt_target::Dim2d(32, 32) : tt_target::Dim2d(1, 1);
    auto memory = tt_target::CreateMemoryDescDirect(builder_, &shard, &tile, spec.type, spec.space,
                                                    spec.bytes() / (spec.grid_x * spec.grid_y));
    std::vector<tt_target::Dim2dRange> grid = {
        tt_target::Dim2dRange(tt_target::Dim2d(0, 0), tt_target::Dim2d(spec.grid_y, spec.grid_x))};
    auto layout = tt_target::CreateLayoutDescDirect(builder_, &stride, tt_target::OOBVal::Undef,
                                                    &grid, memory);
    auto desc = tt_target::CreateTensorDescDirect(
        builder_, &spec.shape, layout, spec.constant_data.empty() ? nullptr : &spec.constant_data);
    return tt_target::CreateTensorRef(builder_, spec.id, spec.address, spec.bytes(), desc);
  }

  flatbuffers::Offset<tt_target::EventRef> event(uint32_t id) {
    return tt_target::CreateEventRef(builder_, id);
  }

  void create_buffer(int queue, const TensorSpec& spec) {
    add(queue, tt_metal::CommandType::CreateBufferCommand,
        tt_metal::CreateCreateBufferCommand(builder_, tensor(spec)).Union());
  }
  void deallocate(int queue, const TensorSpec& spec) {
    add(queue, tt_metal::CommandType::DeallocateBufferCommand,
        tt_metal::CreateDeallocateBufferCommand(builder_, tensor(spec)).Union());
  }
  void write(int queue, const TensorSpec& src, const TensorSpec& dst) {
    add(queue, tt_metal::CommandType::EnqueueWriteBufferCommand,
        tt_metal::CreateEnqueueWriteBufferCommand(builder_, tensor(src), tensor(dst)).Union());
  }
  void read(int queue, const TensorSpec& src, const TensorSpec& dst) {
    add(queue, tt_metal::CommandType::EnqueueReadBufferCommand,
        tt_metal::CreateEnqueueReadBufferCommand(builder_, tensor(src), tensor(dst)).Union());
  }
  void create_event(int queue, uint32_t id) {
    add(queue, tt_metal::CommandType::CreateEventCommand,
        tt_metal::CreateCreateEventCommand(builder_, event(id)).Union());
  }
  void record_event(int queue, uint32_t id) {
    add(queue, tt_metal::CommandType::EnqueueRecordEventCommand,
        tt_metal::CreateEnqueueRecordEventCommand(builder_, event(id)).Union());
  }
  void wait_for_event(int queue, uint32_t id) {
    add(queue, tt_metal::CommandType::EnqueueWaitForEventCommand,
        tt_metal::CreateEnqueueWaitForEventCommand(builder_, event(id)).Union());
  }
  void event_synchronize(int queue, uint32_t id) {
    add(queue, tt_metal::CommandType::EventSynchronizeCommand,
        tt_metal::CreateEventSynchronizeCommand(builder_, event(id)).Union());
  }
  void event_query(int queue, uint32_t id) {
    add(queue, tt_metal::CommandType::EventQueryCommand,
        tt_metal::CreateEventQueryCommand(builder_, event(id)).Union());
  }
  // An EnqueueProgramCommand of one baseline data-movement kernel (Noc0)
  // on one core, with no CBs: it works on addresses baked into its source.
  // With `copies` > 1, the ProgramDesc lists that many such kernels.
  void reader_program(int queue, const std::string& source, int core_y = 0, int core_x = 0,
                      int copies = 1) {
    auto kernel_source =
        tt_metal::CreateKernelSourceDirect(builder_, tt_metal::SourceType::Noc0, source.c_str());
    std::vector<tt_target::Dim2dRange> cores = {
        tt_target::Dim2dRange(tt_target::Dim2d(core_y, core_x), tt_target::Dim2d(1, 1))};
    std::vector<flatbuffers::Offset<tt_metal::KernelDesc>> kernels(
        copies, tt_metal::CreateKernelDescDirect(builder_, tt_metal::Kernel::KernelSource,
                                                 kernel_source.Union(), &cores));
    auto program = tt_metal::CreateProgramDescDirect(builder_, &kernels);
    add(queue, tt_metal::CommandType::EnqueueProgramCommand,
        tt_metal::CreateEnqueueProgramCommandDirect(builder_, nullptr, program).Union());
  }
  // A kernel of a multi-kernel program: its source type (Noc0: BRISC,
  // Noc1: NCRISC, Tensix: compute) and the cores it runs on.
  struct ProgramKernel {
    tt_metal::SourceType type = tt_metal::SourceType::Noc0;
    std::string source;
    int core_y = 0, core_x = 0;  // first core
    int rows = 1, columns = 1;   // of cores from there
  };
  // An EnqueueProgramCommand of `kernels`, with no CBs.
  void program(int queue, const std::vector<ProgramKernel>& kernels) {
    std::vector<flatbuffers::Offset<tt_metal::KernelDesc>> descs;
    for (const ProgramKernel& kernel : kernels) {
      auto kernel_source =
          tt_metal::CreateKernelSourceDirect(builder_, kernel.type, kernel.source.c_str());
      std::vector<tt_target::Dim2dRange> cores = {
          tt_target::Dim2dRange(tt_target::Dim2d(kernel.core_y, kernel.core_x),
                                tt_target::Dim2d(kernel.rows, kernel.columns))};
      descs.push_back(tt_metal::CreateKernelDescDirect(builder_, tt_metal::Kernel::KernelSource,
                                                       kernel_source.Union(), &cores));
    }
    auto program = tt_metal::CreateProgramDescDirect(builder_, &descs);
    add(queue, tt_metal::CommandType::EnqueueProgramCommand,
        tt_metal::CreateEnqueueProgramCommandDirect(builder_, nullptr, program).Union());
  }
  void finish(int queue) {
    add(queue, tt_metal::CommandType::FinishCommand,
        tt_metal::CreateFinishCommand(builder_).Union());
  }

  // Finishes a one-program, one-device-program binary whose inputs and
  // outputs are host tensors the commands copy (System TensorRefs).
  std::vector<uint8_t> build(const std::vector<TensorSpec>& inputs,
                             const std::vector<TensorSpec>& outputs,
                             const std::string& name = "test") {
    std::vector<TensorSpec> host_inputs, host_outputs;
    for (const TensorSpec& spec : inputs) host_inputs.push_back(spec.host());
    for (const TensorSpec& spec : outputs) host_outputs.push_back(spec.host());
    return build_device_io(host_inputs, host_outputs, name, /*list_in_device_program=*/false);
  }

  // As the 2024 compiler wrote them: inputs and outputs as given (specs in
  // device memory stay device TensorRefs, which the runtime creates, fills
  // and reads back), listed by the program and its device program alike.
  std::vector<uint8_t> build_device_io(const std::vector<TensorSpec>& inputs,
                                       const std::vector<TensorSpec>& outputs,
                                       const std::string& name = "test",
                                       bool list_in_device_program = true) {
    std::vector<flatbuffers::Offset<tt_metal::CommandQueue>> queues;
    for (size_t q = 0; q < queues_.size(); ++q) {
      queues.push_back(tt_metal::CreateCommandQueueDirect(
          builder_, ("cq" + std::to_string(q)).c_str(), &queues_[q]));
    }
    auto refs = [&](const std::vector<TensorSpec>& specs) {
      std::vector<flatbuffers::Offset<tt_target::TensorRef>> out;
      for (const TensorSpec& spec : specs) out.push_back(tensor(spec));
      return out;
    };
    auto input_refs = refs(inputs);
    auto output_refs = refs(outputs);
    auto device_program = tt_metal::CreateDeviceProgramDirect(
        builder_, list_in_device_program ? &input_refs : nullptr,
        list_in_device_program ? &output_refs : nullptr, &queues);
    std::vector<flatbuffers::Offset<tt_metal::DeviceProgram>> device_programs = {device_program};
    auto program = tt_metal::CreateProgramDirect(builder_, name.c_str(), &input_refs, &output_refs,
                                                 &device_programs);
    std::vector<flatbuffers::Offset<tt_metal::Program>> programs = {program};
    tt_target::Version version(0, 0, 1);
    auto root = tt_metal::CreateTTMetalBinaryDirect(
        builder_, &version, "test", 0, &programs,
        format::schema_hash(format::BinaryKind::kMetal).c_str(), format::kChecksumPlaceholder);
    tt_metal::FinishSizePrefixedTTMetalBinaryBuffer(builder_, root);
    std::vector<uint8_t> bytes(builder_.GetBufferPointer(),
                               builder_.GetBufferPointer() + builder_.GetSize());
    if (!format::seal_binary(bytes, format::BinaryKind::kMetal).ok()) bytes.clear();
    return bytes;
  }

 private:
  void add(int queue, tt_metal::CommandType type, flatbuffers::Offset<void> body) {
    if (queues_.size() <= static_cast<size_t>(queue)) queues_.resize(queue + 1);
    queues_[queue].push_back(tt_metal::CreateCommand(builder_, type, body));
  }

  flatbuffers::FlatBufferBuilder builder_;
  std::vector<std::vector<Offset>> queues_;
};

}  // namespace tessera::testing
