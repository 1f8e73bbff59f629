// Test helper: writes TTM0 binaries in the compiler's current layout the way
// tt-mlir's TTMetal flatbuffer translation does (lib/Target/TTMetal in
// tt-mlir): host tensors as SystemBuffer BufferRefs at address 0, device
// buffers as MetalBuffers (interleaved DRAM, or sharded with a ShardSpecBuffer
// and a BufferDistributionSpec), CBs in the L1 of the buffers they belong to,
// kernels with NocConfig / ComputeConfig and KernelArgs, goldens in the
// program's golden map.
#pragma once

#include <cstdint>
#include <cstring>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "tessera/format/current_generated.h"
#include "tessera/format/schema.h"

namespace tessera::testing {

namespace cur = ::tt::target::current;
namespace cur_metal = ::tt::target::current::metal;

// A buffer as the compiler describes it.
struct CurrentBuffer {
  enum class Kind { kHost, kDramInterleaved, kL1Sharded, kDramSharded };

  uint32_t id = 0;
  Kind kind = Kind::kHost;
  uint64_t address = 0;
  std::vector<int> shape = {32, 32};  // the whole tensor, in elements
  cur::DataType type = cur::DataType::Float32;
  bool tiled = false;                  // 32x32 tile pages (else one shard row a page)
  int grid_y = 1, grid_x = 1;          // L1 shards: cores from (0, 0); DRAM shards: shard grid
  int dram_banks = 0;                  // DRAM shards: banks they are dealt to
  uint64_t interleaved_page = 0;       // DRAM interleaved page bytes (default: one row)
  int cb_buffers = 0;                  // > 0: the buffer backs a CB of that many buffers
  std::vector<int> host_strides = {};  // host buffers: padded strides (default: dense)
  uint64_t host_volume = 0;            // host buffers: elements incl. padding (default: dense)

  int64_t elements() const {
    int64_t count = 1;
    for (int dim : shape) count *= dim;
    return count;
  }
  uint32_t element_bytes() const {
    switch (type) {
      case cur::DataType::Float16:
      case cur::DataType::BFloat16:
      case cur::DataType::UInt16:
        return 2;
      case cur::DataType::UInt8:
        return 1;
      default:
        return 4;
    }
  }
  uint64_t bytes() const { return static_cast<uint64_t>(elements()) * element_bytes(); }
  int rows() const {
    int count = 1;
    for (size_t i = 0; i + 1 < shape.size(); ++i) count *= shape[i];
    return count;
  }
  int columns() const { return shape.empty() ? 1 : shape.back(); }
};

// One kernel argument: its kind and the command operand or literal it names.
struct CurrentArg {
  cur_metal::KernelArgType kind = cur_metal::KernelArgType::KernelArgNamedArgument;
  uint32_t operand = 0;  // into the command's cbs (CB port) or arg_refs (others)
  std::string name = {};
  uint32_t value = 0;  // a named argument's literal

  static CurrentArg cb_port(uint32_t cb) { return {cur_metal::KernelArgType::KernelArgCBPort, cb}; }
  static CurrentArg buffer_address(uint32_t ref) {
    return {cur_metal::KernelArgType::KernelArgBufferAddress, ref};
  }
  static CurrentArg local_semaphore(uint32_t ref) {
    return {cur_metal::KernelArgType::KernelArgLocalSemaphore, ref};
  }
  static CurrentArg global_semaphore(uint32_t ref) {
    return {cur_metal::KernelArgType::KernelArgGlobalSemaphore, ref};
  }
  static CurrentArg scalar(uint32_t ref) {
    return {cur_metal::KernelArgType::KernelArgScalar, ref};
  }
  static CurrentArg tensor_accessor_args(uint32_t ref) {
    return {cur_metal::KernelArgType::KernelArgTensorAccessorArgs, ref};
  }
  static CurrentArg named(std::string name, uint32_t value) {
    return {cur_metal::KernelArgType::KernelArgNamedArgument, 0, std::move(name), value};
  }
};

struct CurrentKernel {
  std::string source;
  enum class Type { kNoc0Reader, kNoc1Writer, kCompute } type = Type::kNoc0Reader;
  int core_y = 0, core_x = 0, rows = 1, columns = 1;
  std::vector<CurrentArg> ct_args = {}, crt_args = {}, rt_args = {};
  std::string symbol = {};
  bool precompiled = false;  // a KernelBinary instead of the source
};

// An entry of EnqueueProgramCommand.arg_refs.
struct CurrentArgRef {
  enum class Kind { kBuffer, kGlobalSemaphore, kLocalSemaphore } kind = Kind::kBuffer;
  CurrentBuffer buffer = {};
  uint32_t id = 0;       // semaphores
  uint64_t address = 0;  // global semaphore
  uint32_t initial = 0;  // local semaphore
};

class CurrentBinaryBuilder {
 public:
  using Ref = flatbuffers::Offset<cur_metal::BufferRef>;

  Ref buffer_ref(const CurrentBuffer& buffer) {
    std::vector<int> strides = buffer.host_strides;
    if (strides.empty()) {
      strides.assign(buffer.shape.size(), 1);
      for (int i = static_cast<int>(buffer.shape.size()) - 2; i >= 0; --i) {
        strides[i] = strides[i + 1] * buffer.shape[i + 1];
      }
    }
    const uint64_t volume =
        buffer.host_volume ? buffer.host_volume : static_cast<uint64_t>(buffer.elements());
    cur::Dim2d element = buffer.tiled ? cur::Dim2d(32, 32) : cur::Dim2d(1, 1);
    flatbuffers::Offset<void> detail;
    cur_metal::BufferDetail detail_type = cur_metal::BufferDetail::SystemBuffer;
    if (buffer.kind == CurrentBuffer::Kind::kHost) {
      detail = cur_metal::CreateSystemBufferDirect(builder_, &strides).Union();
    } else {
      detail_type = cur_metal::BufferDetail::MetalBuffer;
      detail = metal_buffer(buffer).Union();
    }
    return cur_metal::CreateBufferRef(
        builder_, buffer.id, buffer.address,
        cur_metal::CreateBufferDescDirect(builder_, &buffer.shape, &strides, volume, buffer.type,
                                          &element, detail_type, detail));
  }

  void create_buffer(const CurrentBuffer& buffer) {
    add(cur_metal::CommandType::CreateBufferCommand,
        cur_metal::CreateCreateBufferCommand(builder_, buffer_ref(buffer)).Union());
  }
  void deallocate(const CurrentBuffer& buffer) {
    add(cur_metal::CommandType::DeallocateBufferCommand,
        cur_metal::CreateDeallocateBufferCommand(builder_, buffer_ref(buffer)).Union());
  }
  void write(const CurrentBuffer& host, const CurrentBuffer& device) {
    add(cur_metal::CommandType::EnqueueWriteBufferCommand,
        cur_metal::CreateEnqueueWriteBufferCommand(builder_, buffer_ref(host), buffer_ref(device))
            .Union());
  }
  void read(const CurrentBuffer& device, const CurrentBuffer& host) {
    add(cur_metal::CommandType::EnqueueReadBufferCommand,
        cur_metal::CreateEnqueueReadBufferCommand(builder_, buffer_ref(device), buffer_ref(host))
            .Union());
  }
  void host_alloc(const CurrentBuffer& host, const std::vector<uint8_t>* data = nullptr) {
    add(cur_metal::CommandType::HostAllocCommand,
        cur_metal::CreateHostAllocCommandDirect(builder_, buffer_ref(host), data).Union());
  }
  void memref_copy(const CurrentBuffer& src, const CurrentBuffer& dst) {
    add(cur_metal::CommandType::MemrefCopyCommand,
        cur_metal::CreateMemrefCopyCommand(builder_, buffer_ref(src), buffer_ref(dst)).Union());
  }
  void mesh_shard(const CurrentBuffer& src, const CurrentBuffer& dst, cur::MeshShardType type,
                  cur::MeshShardDirection direction, std::vector<int64_t> shard_shape) {
    std::vector<int64_t> dims = {0};
    add(cur_metal::CommandType::MeshShardCommand,
        cur_metal::CreateMeshShardCommandDirect(builder_, buffer_ref(src), buffer_ref(dst), type,
                                                direction, &shard_shape, &dims)
            .Union());
  }
  void cpu(const std::vector<CurrentBuffer>& ins, const std::vector<CurrentBuffer>& outs,
           const std::string& function, uint32_t dylib) {
    std::vector<Ref> in_refs, out_refs;
    for (const CurrentBuffer& buffer : ins) in_refs.push_back(buffer_ref(buffer));
    for (const CurrentBuffer& buffer : outs) out_refs.push_back(buffer_ref(buffer));
    add(cur_metal::CommandType::CpuCommand,
        cur_metal::CreateCpuCommandDirect(builder_, &in_refs, &out_refs, function.c_str(), dylib)
            .Union());
  }
  void returns(const std::vector<CurrentBuffer>& results) {
    std::vector<Ref> refs;
    for (const CurrentBuffer& buffer : results) refs.push_back(buffer_ref(buffer));
    add(cur_metal::CommandType::ReturnCommand,
        cur_metal::CreateReturnCommandDirect(builder_, &refs).Union());
  }
  // The compiler's whole round trip of a host tensor through a device
  // buffer: create, write `in`, allocate `out`, read back, free, return.
  void round_trip(const CurrentBuffer& in, const CurrentBuffer& device, const CurrentBuffer& out) {
    create_buffer(device);
    write(in, device);
    host_alloc(out);
    read(device, out);
    deallocate(device);
    returns({out});
  }
  void finish() {
    add(cur_metal::CommandType::FinishCommand, cur_metal::CreateFinishCommand(builder_).Union());
  }
  void record_event(uint32_t id) {
    add(cur_metal::CommandType::EnqueueRecordEventCommand,
        cur_metal::CreateEnqueueRecordEventCommand(builder_, cur::CreateEventRef(builder_, id))
            .Union());
  }
  void wait_for_event(uint32_t id) {
    add(cur_metal::CommandType::EnqueueWaitForEventCommand,
        cur_metal::CreateEnqueueWaitForEventCommand(builder_, cur::CreateEventRef(builder_, id))
            .Union());
  }
  void event_synchronize(uint32_t id) {
    add(cur_metal::CommandType::EventSynchronizeCommand,
        cur_metal::CreateEventSynchronizeCommand(builder_, cur::CreateEventRef(builder_, id))
            .Union());
  }
  void create_global_semaphore(uint32_t id, uint64_t address, uint32_t initial, int core_y,
                               int core_x, int rows, int columns) {
    std::vector<cur::Dim2dRange> cores = {
        cur::Dim2dRange(cur::Dim2d(core_y, core_x), cur::Dim2d(rows, columns))};
    add(cur_metal::CommandType::CreateGlobalSemaphoreCommand,
        cur_metal::CreateCreateGlobalSemaphoreCommandDirect(
            builder_, cur_metal::CreateGlobalSemaphoreRef(builder_, id, address), initial, &cores)
            .Union());
  }
  void reset_global_semaphore(uint32_t id, uint64_t address, uint32_t value) {
    add(cur_metal::CommandType::ResetGlobalSemaphoreCommand,
        cur_metal::CreateResetGlobalSemaphoreCommand(
            builder_, cur_metal::CreateGlobalSemaphoreRef(builder_, id, address), value)
            .Union());
  }
  void create_local_semaphore(uint32_t id, uint32_t initial) {
    add(cur_metal::CommandType::CreateLocalSemaphoreCommand,
        cur_metal::CreateCreateLocalSemaphoreCommand(
            builder_, cur_metal::CreateLocalSemaphoreRef(builder_, id, initial))
            .Union());
  }

  // An EnqueueProgramCommand; `cbs` are (port, buffer) pairs.
  void program(const std::vector<CurrentKernel>& kernels, const std::vector<CurrentArgRef>& refs,
               const std::vector<std::pair<uint32_t, CurrentBuffer>>& cbs = {}) {
    std::vector<cur_metal::ArgRef> ref_types;
    std::vector<flatbuffers::Offset<void>> ref_values;
    for (const CurrentArgRef& ref : refs) {
      switch (ref.kind) {
        case CurrentArgRef::Kind::kBuffer:
          ref_types.push_back(cur_metal::ArgRef::BufferRef);
          ref_values.push_back(buffer_ref(ref.buffer).Union());
          break;
        case CurrentArgRef::Kind::kGlobalSemaphore:
          ref_types.push_back(cur_metal::ArgRef::GlobalSemaphoreRef);
          ref_values.push_back(
              cur_metal::CreateGlobalSemaphoreRef(builder_, ref.id, ref.address).Union());
          break;
        case CurrentArgRef::Kind::kLocalSemaphore:
          ref_types.push_back(cur_metal::ArgRef::LocalSemaphoreRef);
          ref_values.push_back(
              cur_metal::CreateLocalSemaphoreRef(builder_, ref.id, ref.initial).Union());
          break;
      }
    }
    std::vector<flatbuffers::Offset<cur_metal::CBRef>> cb_refs;
    for (const auto& [port, buffer] : cbs) {
      cb_refs.push_back(cur_metal::CreateCBRef(builder_, port, buffer_ref(buffer)));
    }
    std::vector<flatbuffers::Offset<cur_metal::KernelConfig>> configs;
    for (const CurrentKernel& kernel : kernels) configs.push_back(kernel_config(kernel));
    auto desc = cur_metal::CreateProgramDescDirect(builder_, &configs);
    add(cur_metal::CommandType::EnqueueProgramCommand,
        cur_metal::CreateEnqueueProgramCommandDirect(builder_, &ref_types, &ref_values, &cb_refs,
                                                     desc)
            .Union());
  }

  // Golden data for "input_<i>" / "output_<i>" (float32 row-major bytes).
  void golden(const std::string& key, const std::vector<int64_t>& shape,
              const std::vector<float>& values) {
    goldens_[key] = {shape, values};
  }
  void set_private(bool is_private) { private_ = is_private; }

  // Finishes a one-program binary: `inputs` and `outputs` are the host
  // buffers the device program takes and returns.
  std::vector<uint8_t> build(const std::vector<CurrentBuffer>& inputs,
                             const std::vector<CurrentBuffer>& outputs,
                             const std::string& name = "main") {
    auto tensor_refs = [&](const std::vector<CurrentBuffer>& buffers) {
      std::vector<flatbuffers::Offset<cur_metal::TensorRef>> refs;
      for (const CurrentBuffer& buffer : buffers) {
        std::vector<int32_t> mesh = {1, 1};
        auto desc = cur_metal::CreateTensorDescDirect(
            builder_, &buffer.shape, &mesh,
            cur_metal::CreateLayoutDesc(builder_,
                                        cur_metal::CreateMemoryDesc(builder_, buffer.type)));
        refs.push_back(cur_metal::CreateTensorRef(builder_, buffer.bytes(), desc));
      }
      return refs;
    };
    auto buffer_refs = [&](const std::vector<CurrentBuffer>& buffers) {
      std::vector<Ref> refs;
      for (const CurrentBuffer& buffer : buffers) refs.push_back(buffer_ref(buffer));
      return refs;
    };
    auto program_inputs = tensor_refs(inputs);
    auto program_outputs = tensor_refs(outputs);
    auto device_inputs = buffer_refs(inputs);
    auto device_outputs = buffer_refs(outputs);
    std::vector<flatbuffers::Offset<cur_metal::CommandQueue>> queues = {
        cur_metal::CreateCommandQueueDirect(builder_, name.c_str(), 0, &commands_)};
    std::vector<int64_t> mesh_shape = {1, 1};
    auto mesh = cur_metal::CreateMeshDescDirect(builder_, "default_device", &mesh_shape);
    std::vector<flatbuffers::Offset<cur_metal::DeviceProgram>> device_programs = {
        cur_metal::CreateDeviceProgramDirect(builder_, &device_inputs, &device_outputs, &queues,
                                             mesh)};
    std::vector<flatbuffers::Offset<cur::GoldenKV>> golden_map;
    for (const auto& [key, golden] : goldens_) {
      std::vector<int64_t> stride(golden.first.size(), 1);
      for (int i = static_cast<int>(golden.first.size()) - 2; i >= 0; --i) {
        stride[i] = stride[i + 1] * golden.first[i + 1];
      }
      std::vector<uint8_t> data(golden.second.size() * sizeof(float));
      std::memcpy(data.data(), golden.second.data(), data.size());
      auto tensor = cur::CreateGoldenTensorDirect(builder_, key.c_str(), &golden.first, &stride,
                                                  cur::DataType::Float32, &data);
      std::vector<flatbuffers::Offset<cur::GoldenDeviceTensor>> devices = {
          cur::CreateGoldenDeviceTensor(builder_, 0, tensor)};
      golden_map.push_back(cur::CreateGoldenKVDirect(builder_, key.c_str(), &devices));
    }
    auto debug_info = cur::CreateDebugInfoDirect(
        builder_, nullptr, nullptr, cur::CreateGoldenInfoDirect(builder_, &golden_map));
    cur::Dim2d program_mesh(1, 1);
    std::vector<flatbuffers::Offset<cur_metal::Program>> programs = {
        cur_metal::CreateProgramDirect(builder_, name.c_str(), &program_inputs, &program_outputs,
                                       &device_programs, debug_info, private_, &program_mesh)};
    cur::Version version(0, 0, 2468);
    auto root = cur_metal::CreateTTMetalBinaryDirect(
        builder_, &version,
        format::schema_hash(format::BinaryKind::kMetal, format::WireLayout::kCurrent).c_str(),
        "19c86fca45ae7c3d8f886c0401d8b40a40d2f294", system_desc(), 0, &programs);
    cur_metal::FinishSizePrefixedTTMetalBinaryBuffer(builder_, root);
    return {builder_.GetBufferPointer(), builder_.GetBufferPointer() + builder_.GetSize()};
  }

 private:
  flatbuffers::Offset<cur::SystemDesc> system_desc() {
    cur::Dim2d grid(8, 8);
    std::vector<flatbuffers::Offset<cur::ChipDesc>> chips = {cur::CreateChipDesc(
        builder_, cur::Arch::Wormhole_b0, &grid, nullptr, 1499136, 12, 1073741824, 16, 32, 32)};
    std::vector<uint32_t> indices = {0};
    return cur::CreateSystemDescDirect(builder_, nullptr, &chips, &indices);
  }

  flatbuffers::Offset<cur_metal::MetalBuffer> metal_buffer(const CurrentBuffer& buffer) {
    const bool dram = buffer.kind != CurrentBuffer::Kind::kL1Sharded;
    flatbuffers::Offset<cur_metal::CircularBufferConfig> cb;
    const uint64_t element = buffer.element_bytes();
    if (buffer.kind == CurrentBuffer::Kind::kDramInterleaved) {
      const uint64_t page = buffer.interleaved_page ? buffer.interleaved_page
                            : buffer.tiled          ? 32 * 32 * element
                                                    : buffer.columns() * element;
      return cur_metal::CreateMetalBuffer(
          builder_, cur::BufferType::DRAM, cur_metal::BufferConfig::InterleavedBufferConfig,
          cur_metal::CreateInterleavedBufferConfig(builder_, buffer.bytes(), page).Union());
    }
    // Shards of shard_h x shard_w elements on a grid_y x grid_x grid.
    const int shard_h = buffer.rows() / buffer.grid_y;
    const int shard_w = buffer.columns() / buffer.grid_x;
    cur::Dim2d page_shape = buffer.tiled ? cur::Dim2d(32, 32) : cur::Dim2d(1, shard_w);
    const uint64_t page_bytes = uint64_t(page_shape.y()) * page_shape.x() * element;
    cur::Dim2d tensor_pages(buffer.rows() / page_shape.y(), buffer.columns() / page_shape.x());
    std::vector<uint32_t> shard_pages = {uint32_t(shard_h / page_shape.y()),
                                         uint32_t(shard_w / page_shape.x())};
    std::vector<uint32_t> tensor_pages_nd = {uint32_t(tensor_pages.y()),
                                             uint32_t(tensor_pages.x())};
    std::vector<cur::Dim2d> cores;
    std::vector<cur::Dim2dRange> range;
    if (dram) {
      for (int bank = 0; bank < buffer.dram_banks; ++bank) cores.emplace_back(0, bank);
      range.emplace_back(cur::Dim2d(0, 0), cur::Dim2d(1, buffer.dram_banks));
    } else {
      for (int y = 0; y < buffer.grid_y; ++y) {
        for (int x = 0; x < buffer.grid_x; ++x) cores.emplace_back(y, x);
      }
      range.emplace_back(cur::Dim2d(0, 0), cur::Dim2d(buffer.grid_y, buffer.grid_x));
    }
    cur::Dim2d shard_shape(shard_h, shard_w);
    auto spec = cur_metal::CreateShardSpecBuffer(
        builder_, cur_metal::CreateShardSpecDirect(builder_, &range, &shard_shape), &page_shape,
        &tensor_pages);
    auto distribution = cur_metal::CreateBufferDistributionSpecDirect(builder_, &tensor_pages_nd,
                                                                      &shard_pages, &cores);
    // As the compiler sizes it: every shard of the grid, buffered.
    const uint64_t shard_bytes = uint64_t(shard_h) * shard_w * element;
    const uint64_t size = uint64_t(buffer.grid_y) * buffer.grid_x * shard_bytes;
    if (buffer.cb_buffers > 0) {
      std::vector<cur::Dim2dRange> cb_cores = range;
      cb = cur_metal::CreateCircularBufferConfigDirect(builder_, &cb_cores, shard_bytes, page_bytes,
                                                       buffer.cb_buffers);
    }
    return cur_metal::CreateMetalBuffer(
        builder_, dram ? cur::BufferType::DRAM : cur::BufferType::L1,
        cur_metal::BufferConfig::ShardedBufferConfig,
        cur_metal::CreateShardedBufferConfig(builder_, size, page_bytes, spec, distribution)
            .Union(),
        cb);
  }

  flatbuffers::Offset<cur_metal::KernelArgs> kernel_args(const CurrentKernel& kernel) {
    auto list = [&](const std::vector<CurrentArg>& args) {
      std::vector<flatbuffers::Offset<cur_metal::KernelArg>> out;
      for (const CurrentArg& arg : args) {
        flatbuffers::Offset<void> body;
        switch (arg.kind) {
          case cur_metal::KernelArgType::KernelArgCBPort:
            body = cur_metal::CreateKernelArgCBPort(builder_, arg.operand).Union();
            break;
          case cur_metal::KernelArgType::KernelArgBufferAddress:
            body = cur_metal::CreateKernelArgBufferAddress(builder_, arg.operand).Union();
            break;
          case cur_metal::KernelArgType::KernelArgLocalSemaphore:
            body = cur_metal::CreateKernelArgLocalSemaphore(builder_, arg.operand).Union();
            break;
          case cur_metal::KernelArgType::KernelArgNamedArgument:
            body =
                cur_metal::CreateKernelArgNamedArgumentDirect(builder_, arg.name.c_str(), arg.value)
                    .Union();
            break;
          case cur_metal::KernelArgType::KernelArgGlobalSemaphore:
            body = cur_metal::CreateKernelArgGlobalSemaphore(builder_, arg.operand).Union();
            break;
          case cur_metal::KernelArgType::KernelArgScalar:
            body = cur_metal::CreateKernelArgScalar(builder_, arg.operand).Union();
            break;
          case cur_metal::KernelArgType::KernelArgTensorAccessorArgs:
            body = cur_metal::CreateKernelArgTensorAccessorArgs(builder_, arg.operand).Union();
            break;
          case cur_metal::KernelArgType::NONE:
            break;
        }
        out.push_back(cur_metal::CreateKernelArg(builder_, arg.kind, body));
      }
      return out;
    };
    auto crt = list(kernel.crt_args);
    auto rt = list(kernel.rt_args);
    auto ct = list(kernel.ct_args);
    return cur_metal::CreateKernelArgsDirect(builder_, &crt, &rt, &ct);
  }

  flatbuffers::Offset<cur_metal::KernelConfig> kernel_config(const CurrentKernel& kernel) {
    flatbuffers::Offset<void> body;
    cur_metal::Kernel body_type = cur_metal::Kernel::KernelSource;
    if (kernel.precompiled) {
      std::vector<uint8_t> code = {0x13, 0x00, 0x00, 0x00};  // a RISC-V nop
      body_type = cur_metal::Kernel::KernelBinary;
      body = cur_metal::CreateKernelBinaryDirect(builder_, cur_metal::BinaryType::BRISC, &code)
                 .Union();
    } else {
      body = cur_metal::CreateKernelSourceDirect(builder_, kernel.source.c_str()).Union();
    }
    std::vector<cur::Dim2dRange> cores = {cur::Dim2dRange(cur::Dim2d(kernel.core_y, kernel.core_x),
                                                          cur::Dim2d(kernel.rows, kernel.columns))};
    auto args = kernel_args(kernel);
    flatbuffers::Offset<void> config;
    cur_metal::KernelConfigType config_type = cur_metal::KernelConfigType::NocConfig;
    switch (kernel.type) {
      case CurrentKernel::Type::kNoc0Reader:
        config = cur_metal::CreateNocConfig(builder_, cur::DataMovementProcessor::RISCV_1,
                                            cur::NocIndex::Noc0)
                     .Union();
        break;
      case CurrentKernel::Type::kNoc1Writer:
        config = cur_metal::CreateNocConfig(builder_, cur::DataMovementProcessor::RISCV_0,
                                            cur::NocIndex::Noc1)
                     .Union();
        break;
      case CurrentKernel::Type::kCompute:
        config_type = cur_metal::KernelConfigType::ComputeConfig;
        config = cur_metal::CreateComputeConfig(builder_, cur::MathFidelity::HiFi4).Union();
        break;
    }
    return cur_metal::CreateKernelConfigDirect(
        builder_, body_type, body, &cores, args, config_type, config, "kernel",
        kernel.symbol.empty() ? nullptr : kernel.symbol.c_str());
  }

  void add(cur_metal::CommandType type, flatbuffers::Offset<void> body) {
    commands_.push_back(cur_metal::CreateCommandDirect(
        builder_, type, body,
        ("loc(\"test.mlir\":" + std::to_string(commands_.size() + 1) + ")").c_str()));
  }

  flatbuffers::FlatBufferBuilder builder_;
  std::vector<flatbuffers::Offset<cur_metal::Command>> commands_;
  std::map<std::string, std::pair<std::vector<int64_t>, std::vector<float>>> goldens_;
  bool private_ = false;
};

// Shorthands for the buffers tests describe most: a float32 host tensor, the
// same as an interleaved DRAM buffer, and a buffer as a program's arg_ref.
inline CurrentBuffer host(uint32_t id, std::vector<int> shape = {32, 32}) {
  CurrentBuffer buffer;
  buffer.id = id;
  buffer.shape = std::move(shape);
  return buffer;
}

inline CurrentBuffer dram(uint32_t id, uint64_t address, std::vector<int> shape = {32, 32}) {
  CurrentBuffer buffer = host(id, std::move(shape));
  buffer.kind = CurrentBuffer::Kind::kDramInterleaved;
  buffer.address = address;
  return buffer;
}

inline CurrentArgRef buffer_arg(const CurrentBuffer& buffer) {
  CurrentArgRef ref;
  ref.buffer = buffer;
  return ref;
}

inline uint32_t float_bits(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  return bits;
}

}  // namespace tessera::testing
