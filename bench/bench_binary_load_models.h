// One compiled-model shape written in both TTM0 wire layouts, each to its
// compiler's conventions, so loading them compares per byte like for like:
// `weights` constant tensors of `weight_bytes` written to device DRAM, then
// `programs` EnqueueProgramCommands of three kernels (reader, writer,
// compute) with their CBs and arguments, then the output read back.
//
// - 2024: a constant is a TensorRef carrying constant_data, written by
//   EnqueueWriteBuffer; kernels are KernelDescs with their CBs, a
//   DataMovementConfig or ComputeConfig, common runtime args.
// - current: a constant is a host buffer made by HostAllocCommand with data
//   and written to a CreateBufferCommand's MetalBuffer; kernels are
//   KernelConfigs with KernelArgs (CB ports, buffer addresses, tensor
//   accessor args) and a NocConfig or ComputeConfig; CBs are CBRefs to L1
//   buffers with a CircularBufferConfig; the program ends in Return.
#pragma once

#include <flatbuffers/flatbuffers.h>

#include <cstdint>
#include <string>
#include <vector>

#include "tessera/format/current_generated.h"
#include "tessera/format/generated.h"
#include "tessera/format/integrity.h"
#include "tessera/format/schema.h"

namespace bench_models {

struct ModelShape {
  int weights = 0;
  size_t weight_bytes = 0;
  int programs = 0;
};

// A kernel source of about the length the compiler emits for one
// data movement or compute kernel.
inline std::string kernel_source(int program, const char* role) {
  std::string source =
      "#include <cstdint>\n#include \"api/dataflow/dataflow_api.h\"\n"
      "#include \"api/tensor/tensor_accessor.h\"\n// " +
      std::string(role) + " of program " + std::to_string(program) + "\nvoid kernel_main() {\n";
  for (int line = 0; line < 24; ++line) {
    source += "  uint32_t v" + std::to_string(line) + " = get_common_arg_val<uint32_t>(" +
              std::to_string(line % 3) + ");\n  cb_reserve_back(v" + std::to_string(line) +
              ", 1);\n";
  }
  return source + "}\n";
}

inline constexpr const char* kRoles[] = {"reader", "writer", "compute"};

// ---- 2024 layout -------------------------------------------------------

namespace target = tt::target;
namespace metal = tt::target::metal;

inline flatbuffers::Offset<target::TensorRef> tensor_2024(
    flatbuffers::FlatBufferBuilder& builder, uint32_t id, uint64_t address, uint64_t size,
    target::MemorySpace space, flatbuffers::Offset<flatbuffers::Vector<uint8_t>> data = 0) {
  std::vector<int32_t> shape = {static_cast<int32_t>(size / 4)};
  std::vector<target::Dim2dRange> cores = {target::Dim2dRange({0, 0}, {1, 1})};
  target::Dim2d tile(1, 1);
  auto memory = target::CreateMemoryDescDirect(builder, &shape, &tile, target::DataType::Float32,
                                               space, size);
  auto layout =
      target::CreateLayoutDescDirect(builder, nullptr, target::OOBVal::Undef, &cores, memory);
  auto shape_vector = builder.CreateVector(shape);
  auto desc = target::CreateTensorDesc(builder, shape_vector, layout, data);
  return target::CreateTensorRef(builder, id, address, size, desc);
}

inline std::vector<uint8_t> build_2024(const ModelShape& shape) {
  flatbuffers::FlatBufferBuilder builder(shape.weights * shape.weight_bytes + (16 << 20));
  const std::vector<uint8_t> payload(shape.weight_bytes, 0x5a);
  std::vector<flatbuffers::Offset<metal::Command>> commands;
  uint32_t id = 0;
  for (int w = 0; w < shape.weights; ++w) {
    auto data = builder.CreateVector(payload);
    auto src = tensor_2024(builder, id, 0, shape.weight_bytes, target::MemorySpace::System, data);
    auto dst = tensor_2024(builder, id + 1, 0x200000 + w * shape.weight_bytes, shape.weight_bytes,
                           target::MemorySpace::DeviceDRAM);
    id += 2;
    auto write = metal::CreateEnqueueWriteBufferCommand(builder, src, dst);
    commands.push_back(metal::CreateCommand(builder, metal::CommandType::EnqueueWriteBufferCommand,
                                            write.Union(), builder.CreateString("write")));
  }
  for (int p = 0; p < shape.programs; ++p) {
    std::vector<flatbuffers::Offset<target::TensorRef>> operands;
    for (int i = 0; i < 3; ++i) {
      operands.push_back(
          tensor_2024(builder, id++, 0x19000 + i * 0x1000, 4096, target::MemorySpace::DeviceL1));
    }
    std::vector<flatbuffers::Offset<metal::KernelDesc>> kernels;
    for (int k = 0; k < 3; ++k) {
      std::vector<flatbuffers::Offset<target::CBRef>> cbs;
      for (uint32_t port = 0; port < 3; ++port) {
        target::Dim2d tile(32, 32);
        auto memory = target::CreateMemoryDesc(builder, 0, &tile, target::DataType::Float32,
                                               target::MemorySpace::DeviceL1, 4096);
        auto cb_desc = target::CreateCBDesc(builder, port, memory, 4096, 1);
        cbs.push_back(
            target::CreateCBRef(builder, id++, operands[port], 0x19000 + port * 0x1000, cb_desc));
      }
      std::vector<target::Dim2dRange> cores = {target::Dim2dRange({0, 0}, {1, 1})};
      std::vector<uint32_t> common = {0, 1, 2};
      auto source = metal::CreateKernelSourceDirect(
          builder, k == 2 ? metal::SourceType::Tensix : metal::SourceType::Noc0,
          kernel_source(p, kRoles[k]).c_str());
      auto config = k == 2 ? metal::CreateComputeConfig(builder).Union()
                           : metal::CreateDataMovementConfig(
                                 builder, static_cast<metal::DataMovementProcessor>(k))
                                 .Union();
      kernels.push_back(metal::CreateKernelDescDirect(
          builder, metal::Kernel::KernelSource, source.Union(), &cores, &cbs, kRoles[k], kRoles[k],
          nullptr, nullptr, nullptr, nullptr, &common,
          k == 2 ? metal::KernelConfig::ComputeConfig : metal::KernelConfig::DataMovementConfig,
          config));
    }
    auto program = metal::CreateProgramDescDirect(builder, &kernels);
    auto enqueue = metal::CreateEnqueueProgramCommandDirect(builder, &operands, program);
    commands.push_back(metal::CreateCommand(builder, metal::CommandType::EnqueueProgramCommand,
                                            enqueue.Union(), builder.CreateString("program")));
  }
  auto queue = metal::CreateCommandQueueDirect(builder, "cq0", &commands);
  std::vector<flatbuffers::Offset<metal::CommandQueue>> queues = {queue};
  auto device_program = metal::CreateDeviceProgramDirect(builder, nullptr, nullptr, &queues);
  std::vector<flatbuffers::Offset<metal::DeviceProgram>> device_programs = {device_program};
  auto program = metal::CreateProgramDirect(builder, "model", nullptr, nullptr, &device_programs);
  std::vector<flatbuffers::Offset<metal::Program>> programs = {program};
  target::Version version(0, 0, 1);
  auto root = metal::CreateTTMetalBinaryDirect(
      builder, &version, "bench", 0, &programs,
      tessera::format::schema_hash(tessera::format::BinaryKind::kMetal).c_str(),
      tessera::format::kChecksumPlaceholder);
  metal::FinishSizePrefixedTTMetalBinaryBuffer(builder, root);
  std::vector<uint8_t> bytes(builder.GetBufferPointer(),
                             builder.GetBufferPointer() + builder.GetSize());
  if (!tessera::format::seal_binary(bytes, tessera::format::BinaryKind::kMetal).ok()) bytes.clear();
  return bytes;
}

// ---- current layout ----------------------------------------------------

namespace ct = tt::target::current;
namespace cm = tt::target::current::metal;

inline flatbuffers::Offset<cm::BufferRef> host_buffer(flatbuffers::FlatBufferBuilder& builder,
                                                      uint32_t id, int32_t elements) {
  std::vector<int32_t> shape = {elements};
  std::vector<int32_t> strides = {1};
  ct::Dim2d element(1, 1);
  auto detail = cm::CreateSystemBufferDirect(builder, &strides);
  auto desc = cm::CreateBufferDescDirect(builder, &shape, &strides, elements, ct::DataType::Float32,
                                         &element, cm::BufferDetail::SystemBuffer, detail.Union());
  return cm::CreateBufferRef(builder, id, 0, desc);
}

inline flatbuffers::Offset<cm::BufferRef> dram_buffer(flatbuffers::FlatBufferBuilder& builder,
                                                      uint32_t id, uint64_t address,
                                                      uint64_t size) {
  std::vector<int32_t> shape = {static_cast<int32_t>(size / 4096), 1};
  std::vector<int32_t> strides = {1, 1};
  ct::Dim2d tile(32, 32);
  auto config = cm::CreateInterleavedBufferConfig(builder, size, 4096);
  auto metal = cm::CreateMetalBuffer(builder, ct::BufferType::DRAM,
                                     cm::BufferConfig::InterleavedBufferConfig, config.Union());
  auto desc = cm::CreateBufferDescDirect(builder, &shape, &strides, shape[0], ct::DataType::Float32,
                                         &tile, cm::BufferDetail::MetalBuffer, metal.Union());
  return cm::CreateBufferRef(builder, id, address, desc);
}

// One tile in the L1 of core (0,0), a CB over the worker grid.
inline flatbuffers::Offset<cm::BufferRef> l1_buffer(flatbuffers::FlatBufferBuilder& builder,
                                                    uint32_t id, uint64_t address) {
  std::vector<ct::Dim2dRange> one_core = {ct::Dim2dRange({0, 0}, {1, 1})};
  std::vector<ct::Dim2dRange> grid = {ct::Dim2dRange({0, 0}, {8, 8})};
  ct::Dim2d tile(32, 32), pages(1, 1);
  auto spec = cm::CreateShardSpecDirect(builder, &one_core, &tile);
  auto spec_buffer = cm::CreateShardSpecBuffer(builder, spec, &tile, &pages);
  std::vector<uint32_t> page_shape = {1, 1};
  std::vector<ct::Dim2d> cores = {ct::Dim2d(0, 0)};
  auto distribution =
      cm::CreateBufferDistributionSpecDirect(builder, &page_shape, &page_shape, &cores);
  auto sharded = cm::CreateShardedBufferConfig(builder, 4096, 4096, spec_buffer, distribution);
  auto cb = cm::CreateCircularBufferConfigDirect(builder, &grid, 4096, 4096, 1);
  auto metal = cm::CreateMetalBuffer(builder, ct::BufferType::L1,
                                     cm::BufferConfig::ShardedBufferConfig, sharded.Union(), cb);
  std::vector<int32_t> shape = {1, 1, 1, 1};
  auto desc = cm::CreateBufferDescDirect(builder, &shape, &shape, 1, ct::DataType::Float32, &tile,
                                         cm::BufferDetail::MetalBuffer, metal.Union());
  return cm::CreateBufferRef(builder, id, address, desc);
}

inline flatbuffers::Offset<cm::Command> command(flatbuffers::FlatBufferBuilder& builder,
                                                cm::CommandType type,
                                                flatbuffers::Offset<void> body, const char* loc) {
  return cm::CreateCommandDirect(builder, type, body, loc);
}

inline flatbuffers::Offset<cm::KernelArg> arg(flatbuffers::FlatBufferBuilder& builder,
                                              cm::KernelArgType type, uint32_t operand) {
  flatbuffers::Offset<void> body;
  switch (type) {
    case cm::KernelArgType::KernelArgCBPort:
      body = cm::CreateKernelArgCBPort(builder, operand).Union();
      break;
    case cm::KernelArgType::KernelArgBufferAddress:
      body = cm::CreateKernelArgBufferAddress(builder, operand).Union();
      break;
    default:
      body = cm::CreateKernelArgTensorAccessorArgs(builder, operand).Union();
      break;
  }
  return cm::CreateKernelArg(builder, type, body);
}

inline std::vector<uint8_t> build_current(const ModelShape& shape) {
  flatbuffers::FlatBufferBuilder builder(shape.weights * shape.weight_bytes + (16 << 20));
  const std::vector<uint8_t> payload(shape.weight_bytes, 0x5a);
  std::vector<flatbuffers::Offset<cm::Command>> commands;
  uint32_t id = 0;
  const int32_t elements = static_cast<int32_t>(shape.weight_bytes / 4);
  for (int w = 0; w < shape.weights; ++w) {
    auto host = host_buffer(builder, id, elements);
    auto device =
        dram_buffer(builder, id + 1, 0x200000 + w * shape.weight_bytes, shape.weight_bytes);
    id += 2;
    auto data = builder.CreateVector(payload);
    commands.push_back(command(builder, cm::CommandType::HostAllocCommand,
                               cm::CreateHostAllocCommand(builder, host, data).Union(), "const"));
    commands.push_back(command(builder, cm::CommandType::CreateBufferCommand,
                               cm::CreateCreateBufferCommand(builder, device).Union(), "alloc"));
    commands.push_back(command(builder, cm::CommandType::EnqueueWriteBufferCommand,
                               cm::CreateEnqueueWriteBufferCommand(builder, host, device).Union(),
                               "write"));
  }
  flatbuffers::Offset<cm::BufferRef> last;
  for (int p = 0; p < shape.programs; ++p) {
    std::vector<flatbuffers::Offset<cm::BufferRef>> buffers;
    for (int i = 0; i < 3; ++i) buffers.push_back(l1_buffer(builder, id++, 0x19520 + i * 0x1000));
    last = buffers.back();
    std::vector<cm::ArgRef> arg_types(3, cm::ArgRef::BufferRef);
    std::vector<flatbuffers::Offset<void>> arg_refs;
    std::vector<flatbuffers::Offset<cm::CBRef>> cbs;
    for (uint32_t i = 0; i < 3; ++i) {
      arg_refs.push_back(buffers[i].Union());
      cbs.push_back(cm::CreateCBRef(builder, i, buffers[i]));
    }
    std::vector<flatbuffers::Offset<cm::KernelConfig>> kernels;
    for (int k = 0; k < 3; ++k) {
      std::vector<flatbuffers::Offset<cm::KernelArg>> common, runtime, compile;
      for (uint32_t port = 0; port < 3; ++port) {
        common.push_back(arg(builder, cm::KernelArgType::KernelArgCBPort, port));
      }
      runtime.push_back(arg(builder, cm::KernelArgType::KernelArgBufferAddress, 0));
      compile.push_back(arg(builder, cm::KernelArgType::KernelArgTensorAccessorArgs, 0));
      auto args = cm::CreateKernelArgsDirect(builder, &common, &runtime, &compile);
      std::vector<ct::Dim2dRange> cores = {ct::Dim2dRange({0, 0}, {1, 1})};
      std::vector<ct::UnpackToDestMode> unpack = {ct::UnpackToDestMode::Default};
      auto config =
          k == 2 ? cm::CreateComputeConfigDirect(builder, ct::MathFidelity::HiFi4, true, false,
                                                 false, &unpack)
                       .Union()
                 : cm::CreateNocConfig(builder, static_cast<ct::DataMovementProcessor>(1 - k),
                                       static_cast<ct::NocIndex>(k))
                       .Union();
      auto source = cm::CreateKernelSourceDirect(builder, kernel_source(p, kRoles[k]).c_str());
      kernels.push_back(cm::CreateKernelConfigDirect(
          builder, cm::Kernel::KernelSource, source.Union(), &cores, args,
          k == 2 ? cm::KernelConfigType::ComputeConfig : cm::KernelConfigType::NocConfig, config,
          kRoles[k], kRoles[k]));
    }
    auto program = cm::CreateProgramDescDirect(builder, &kernels);
    auto enqueue =
        cm::CreateEnqueueProgramCommandDirect(builder, &arg_types, &arg_refs, &cbs, program);
    commands.push_back(
        command(builder, cm::CommandType::EnqueueProgramCommand, enqueue.Union(), "program"));
  }
  auto output = host_buffer(builder, id++, 1024);
  commands.push_back(command(builder, cm::CommandType::HostAllocCommand,
                             cm::CreateHostAllocCommand(builder, output).Union(), "out"));
  commands.push_back(command(builder, cm::CommandType::EnqueueReadBufferCommand,
                             cm::CreateEnqueueReadBufferCommand(builder, last, output).Union(),
                             "read"));
  std::vector<flatbuffers::Offset<cm::BufferRef>> results = {output};
  commands.push_back(command(builder, cm::CommandType::ReturnCommand,
                             cm::CreateReturnCommandDirect(builder, &results).Union(), "return"));
  auto queue = cm::CreateCommandQueueDirect(builder, "model", 0, &commands);
  std::vector<flatbuffers::Offset<cm::CommandQueue>> queues = {queue};
  auto device_program = cm::CreateDeviceProgramDirect(builder, nullptr, &results, &queues);
  std::vector<flatbuffers::Offset<cm::DeviceProgram>> device_programs = {device_program};
  auto program = cm::CreateProgramDirect(builder, "model", nullptr, nullptr, &device_programs);
  std::vector<flatbuffers::Offset<cm::Program>> programs = {program};
  ct::Version version(0, 0, 1);
  auto root = cm::CreateTTMetalBinaryDirect(
      builder, &version,
      "3f9a1c27d54be80e6a1b9f0c2d7e4a58b1c6093e7f2a4d5c8b0e1f3a6d9c2b74",  // a SHA-256, as tt-mlir
      "19c86fca45ae7c3d8f886c0401d8b40a40d2f294", 0, 0, &programs);
  cm::FinishSizePrefixedTTMetalBinaryBuffer(builder, root);
  return std::vector<uint8_t>(builder.GetBufferPointer(),
                              builder.GetBufferPointer() + builder.GetSize());
}

}  // namespace bench_models
