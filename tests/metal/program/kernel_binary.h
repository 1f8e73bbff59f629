// Test helper: a TTM0 binary of one program whose kernels run on core
// (0, 0), in the 2024 compiler's convention: the queue creates the device
// buffers at given addresses, writes the (host) inputs, binds each CB to
// an L1 buffer of its own (CBRef: port, tensor, page size), runs the
// kernels, reads the outputs back and frees everything. Kernel arguments,
// defines and compute config use the fields tessera appends to KernelDesc.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "../../support/metal_program_builder.h"

namespace tessera::testing {

struct BinaryCircularBuffer {
  uint32_t port = 0;
  TensorSpec tensor;  // its L1 buffer, one core
  uint64_t page_size = 0;
};

struct BinaryKernel {
  tt_metal::SourceType type = tt_metal::SourceType::Noc0;
  std::string source;
  std::vector<BinaryCircularBuffer> cbs;
  std::vector<uint32_t> compile_args;
  std::vector<std::pair<std::string, std::string>> defines;
  std::vector<uint32_t> runtime_args;  // on core (0, 0)
  std::vector<uint32_t> common_runtime_args;
  bool fp32_dest_acc_en = false;
};

class KernelBinary {
 public:
  // Device tensors; program inputs and outputs are host tensors whose ids
  // are the device ids + 100.
  std::vector<uint8_t> build(const std::vector<TensorSpec>& inputs,
                             const std::vector<TensorSpec>& outputs,
                             const std::vector<BinaryKernel>& kernels) {
    std::vector<Offset> commands;
    std::vector<TensorSpec> buffers = inputs;
    buffers.insert(buffers.end(), outputs.begin(), outputs.end());
    for (const BinaryKernel& kernel : kernels) {
      for (const BinaryCircularBuffer& cb : kernel.cbs) buffers.push_back(cb.tensor);
    }
    for (const TensorSpec& buffer : buffers) {
      commands.push_back(command(tt_metal::CommandType::CreateBufferCommand,
                                 tt_metal::CreateCreateBufferCommand(b_, tensor(buffer)).Union()));
    }
    for (const TensorSpec& input : inputs) {
      commands.push_back(
          command(tt_metal::CommandType::EnqueueWriteBufferCommand,
                  tt_metal::CreateEnqueueWriteBufferCommand(b_, tensor(host(input)), tensor(input))
                      .Union()));
    }
    commands.push_back(command(tt_metal::CommandType::EnqueueProgramCommand, program(kernels)));
    for (const TensorSpec& output : outputs) {
      commands.push_back(
          command(tt_metal::CommandType::EnqueueReadBufferCommand,
                  tt_metal::CreateEnqueueReadBufferCommand(b_, tensor(output), tensor(host(output)))
                      .Union()));
    }
    for (const TensorSpec& buffer : buffers) {
      commands.push_back(
          command(tt_metal::CommandType::DeallocateBufferCommand,
                  tt_metal::CreateDeallocateBufferCommand(b_, tensor(buffer)).Union()));
    }
    commands.push_back(
        command(tt_metal::CommandType::FinishCommand, tt_metal::CreateFinishCommand(b_).Union()));
    return finish(inputs, outputs, commands);
  }

  static TensorSpec host(const TensorSpec& device) {
    TensorSpec spec = device.host();
    spec.id += 100;
    spec.tiled = false;
    spec.shard_shape = {};
    return spec;
  }

 private:
  using Offset = flatbuffers::Offset<tt_metal::Command>;

  flatbuffers::Offset<tt_target::TensorRef> tensor(const TensorSpec& spec) {
    std::vector<int> shard = spec.shard_shape.empty() ? spec.shape : spec.shard_shape;
    std::vector<int> stride(spec.shape.size(), 1);
    for (int i = static_cast<int>(spec.shape.size()) - 2; i >= 0; --i) {
      stride[i] = stride[i + 1] * spec.shape[i + 1];
    }
    tt_target::Dim2d tile = spec.tiled ? tt_target::Dim2d(32, 32) : tt_target::Dim2d(1, 1);
    auto memory =
        tt_target::CreateMemoryDescDirect(b_, &shard, &tile, spec.type, spec.space, spec.bytes());
    std::vector<tt_target::Dim2dRange> grid = {
        tt_target::Dim2dRange(tt_target::Dim2d(0, 0), tt_target::Dim2d(1, 1))};
    auto layout =
        tt_target::CreateLayoutDescDirect(b_, &stride, tt_target::OOBVal::Undef, &grid, memory);
    auto desc = tt_target::CreateTensorDescDirect(b_, &spec.shape, layout, nullptr);
    return tt_target::CreateTensorRef(b_, spec.id, spec.address, spec.bytes(), desc);
  }

  flatbuffers::Offset<tt_target::CBRef> circular_buffer(const BinaryCircularBuffer& cb) {
    std::vector<int> one = {1, 1};
    tt_target::Dim2d tile(32, 32);
    auto memory = tt_target::CreateMemoryDescDirect(
        b_, &one, &tile, cb.tensor.type, tt_target::MemorySpace::DeviceL1, cb.tensor.bytes());
    auto desc = tt_target::CreateCBDesc(b_, cb.port, memory, cb.page_size, 1);
    return tt_target::CreateCBRef(b_, 1000 + cb.tensor.id, tensor(cb.tensor), cb.tensor.address,
                                  desc);
  }

  flatbuffers::Offset<void> program(const std::vector<BinaryKernel>& kernels) {
    std::vector<flatbuffers::Offset<tt_metal::KernelDesc>> descs;
    for (const BinaryKernel& kernel : kernels) {
      auto source = tt_metal::CreateKernelSourceDirect(b_, kernel.type, kernel.source.c_str());
      std::vector<tt_target::Dim2dRange> cores = {
          tt_target::Dim2dRange(tt_target::Dim2d(0, 0), tt_target::Dim2d(1, 1))};
      std::vector<flatbuffers::Offset<tt_target::CBRef>> cbs;
      for (const BinaryCircularBuffer& cb : kernel.cbs) cbs.push_back(circular_buffer(cb));
      std::vector<flatbuffers::Offset<tt_metal::KernelDefine>> defines;
      for (const auto& [name, value] : kernel.defines) {
        defines.push_back(tt_metal::CreateKernelDefineDirect(b_, name.c_str(), value.c_str()));
      }
      tt_target::Dim2d core(0, 0);
      std::vector<flatbuffers::Offset<tt_metal::CoreRuntimeArgs>> runtime_args = {
          tt_metal::CreateCoreRuntimeArgsDirect(b_, &core, &kernel.runtime_args)};
      auto config_type = tt_metal::KernelConfig::NONE;
      flatbuffers::Offset<void> config = 0;
      if (kernel.type == tt_metal::SourceType::Tensix) {
        config_type = tt_metal::KernelConfig::ComputeConfig;
        config = tt_metal::CreateComputeConfig(b_, tt_metal::MathFidelity::HiFi4,
                                               kernel.fp32_dest_acc_en, false)
                     .Union();
      }
      descs.push_back(tt_metal::CreateKernelDescDirect(
          b_, tt_metal::Kernel::KernelSource, source.Union(), &cores, &cbs, nullptr, nullptr,
          &kernel.compile_args, nullptr, &defines, &runtime_args, &kernel.common_runtime_args,
          config_type, config));
    }
    auto program = tt_metal::CreateProgramDescDirect(b_, &descs);
    return tt_metal::CreateEnqueueProgramCommandDirect(b_, nullptr, program).Union();
  }

  Offset command(tt_metal::CommandType type, flatbuffers::Offset<void> body) {
    return tt_metal::CreateCommand(b_, type, body);
  }

  std::vector<uint8_t> finish(const std::vector<TensorSpec>& inputs,
                              const std::vector<TensorSpec>& outputs,
                              const std::vector<Offset>& commands) {
    std::vector<flatbuffers::Offset<tt_metal::CommandQueue>> queues = {
        tt_metal::CreateCommandQueueDirect(b_, "cq0", &commands)};
    auto refs = [&](const std::vector<TensorSpec>& specs) {
      std::vector<flatbuffers::Offset<tt_target::TensorRef>> out;
      for (const TensorSpec& spec : specs) out.push_back(tensor(host(spec)));
      return out;
    };
    auto input_refs = refs(inputs);
    auto output_refs = refs(outputs);
    std::vector<flatbuffers::Offset<tt_metal::DeviceProgram>> device_programs = {
        tt_metal::CreateDeviceProgramDirect(b_, nullptr, nullptr, &queues)};
    std::vector<flatbuffers::Offset<tt_metal::Program>> programs = {tt_metal::CreateProgramDirect(
        b_, "kernel_program", &input_refs, &output_refs, &device_programs)};
    tt_target::Version version(0, 0, 1);
    auto root = tt_metal::CreateTTMetalBinaryDirect(
        b_, &version, "test", 0, &programs, format::schema_hash(format::BinaryKind::kMetal).c_str(),
        format::kChecksumPlaceholder);
    tt_metal::FinishSizePrefixedTTMetalBinaryBuffer(b_, root);
    std::vector<uint8_t> bytes(b_.GetBufferPointer(), b_.GetBufferPointer() + b_.GetSize());
    if (!format::seal_binary(bytes, format::BinaryKind::kMetal).ok()) bytes.clear();
    return bytes;
  }

  flatbuffers::FlatBufferBuilder b_;
};

}  // namespace tessera::testing
