// The TTM0 lowering driver: buffers and their live ranges, static addresses,
// then the command queue (create, write, one program per op, read, free).
#include <algorithm>

#include "flatbuffer/tensor_refs.h"
#include "metal/program_spec.h"
#include "tessera/builder/metal_lowering.h"
#include "tessera/format/integrity.h"
#include "tessera/format/schema.h"

namespace tessera::builder {
namespace {

namespace target = tt::target;
namespace tm = tt::target::metal;
namespace ttnn = tt::target::ttnn;
using metal_lowering::Buffer;
using metal_lowering::OpBuffers;
using metal_lowering::ProgramSpec;

// Program semaphores sit at the bottom of the unreserved L1 region.
constexpr uint64_t kSemaphoreReserve = 4096;
constexpr uint64_t kL1Alignment = 64;

Result<ProgramSpec> lower_op(const OpBuffers& op) {
  const bool move =
      op.op.kind == ttnn::OpType::ToLayoutOp || op.op.kind == ttnn::OpType::ToMemoryConfigOp;
  std::vector<const Buffer*> operands = op.inputs;
  operands.push_back(op.output);
  for (const Buffer* buffer : operands) {
    if (!move && buffer->node.placement.space != tt::target::MemorySpace::DeviceL1) {
      return make_error(ErrorCode::kUnimplemented, "'", buffer->node.name,
                        "' is in DRAM: compute ops of the TTM0 lowering work on L1 shards");
    }
  }
  switch (op.op.kind) {
    case ttnn::OpType::EltwiseOp:
      return metal_lowering::lower_eltwise(op);
    case ttnn::OpType::MatmulOp:
      return metal_lowering::lower_matmul(op);
    case ttnn::OpType::SoftmaxOp:
      return metal_lowering::lower_softmax(op);
    case ttnn::OpType::ReductionOp:
      return metal_lowering::lower_reduce(op);
    case ttnn::OpType::ToLayoutOp:
    case ttnn::OpType::ToMemoryConfigOp: {
      const Buffer& in = *op.inputs[0];
      if (in.node.placement.space != op.output->node.placement.space) {
        return metal_lowering::lower_dram_move(op);
      }
      if (in.node.placement.space == target::MemorySpace::DeviceDRAM) {
        return make_error(ErrorCode::kUnimplemented,
                          "relayout within DRAM (move to L1 to change layout)");
      }
      bool same_grid = in.layout.grid_y == op.output->layout.grid_y &&
                       in.layout.grid_x == op.output->layout.grid_x;
      if (same_grid && in.layout.tiled != op.output->layout.tiled) {
        return metal_lowering::lower_tilize_untilize(op);
      }
      if (!same_grid) return metal_lowering::lower_reblock(op);
      return make_error(ErrorCode::kUnimplemented,
                        "a relayout that changes neither layout nor grid");
    }
    default:
      return make_error(ErrorCode::kUnimplemented, "the TTM0 lowering has no kernels for ",
                        ttnn::EnumNameOpType(op.op.kind));
  }
}

class MetalWriter {
 public:
  MetalWriter(const Graph& graph, const sim::ChipDescriptor& chip,
              const MetalLoweringOptions& options)
      : graph_(graph), chip_(chip), runtime_io_(options.io == ProgramIo::kRuntime) {}

  Result<MetalLowering> write();

 private:
  Status plan_buffers();
  // Bytes a buffer takes in each bank (an L1 core, or a DRAM channel):
  // every page starts at an aligned address; DRAM pages go round-robin.
  uint64_t footprint(const TensorNode& node, const DeviceLayout& layout) const {
    const bool dram = node.placement.space == target::MemorySpace::DeviceDRAM;
    const uint64_t align =
        std::max<uint32_t>(1, dram ? chip_.noc_dram_address_align : chip_.noc_l1_address_align);
    uint64_t pages = layout.shard_bytes / layout.page_bytes;
    if (dram) pages = (pages + chip_.num_dram_channels - 1) / chip_.num_dram_channels;
    return pages * ((layout.page_bytes + align - 1) / align * align);
  }
  static bool in_dram(const Buffer& buffer) {
    return buffer.node.placement.space == target::MemorySpace::DeviceDRAM;
  }
  Result<TensorRefOffset> ref(const Buffer& buffer) {
    return device_tensor_ref(fbb_, buffer.global_id, buffer.node, buffer.address, true);
  }
  void add(tm::CommandType type, flatbuffers::Offset<void> body, const std::string& debug) {
    commands_.push_back(tm::CreateCommandDirect(fbb_, type, body, debug.c_str()));
  }
  Status create(const Buffer& buffer);
  Status deallocate(const Buffer& buffer);
  Status enqueue_program(const ProgramSpec& program, const std::vector<const Buffer*>& operands,
                         const std::string& debug);

  // Whether `buffer` is a program input or output the runtime creates.
  bool runtime_owned(const Buffer& buffer) const {
    if (!runtime_io_ || buffer.global_id == 0 || buffer.global_id > graph_.tensors().size()) {
      return false;
    }
    const TensorId id = buffer.global_id - 1;
    auto is = [id](const std::vector<TensorId>& ids) {
      return std::find(ids.begin(), ids.end(), id) != ids.end();
    };
    return is(graph_.inputs()) || is(graph_.outputs());
  }

  const Graph& graph_;
  const sim::ChipDescriptor& chip_;
  const bool runtime_io_;
  flatbuffers::FlatBufferBuilder fbb_;
  std::vector<flatbuffers::Offset<tm::Command>> commands_;
  std::vector<Buffer> buffers_;               // graph tensors first, then scratch
  std::vector<std::vector<size_t>> scratch_;  // per op: indices into buffers_
  uint32_t next_cb_id_ = 1;
};

Status MetalWriter::plan_buffers() {
  const int steps = static_cast<int>(graph_.ops().size()) + 1;  // the step of the output reads
  for (TensorId id = 0; id < graph_.tensors().size(); ++id) {
    const TensorNode& node = graph_.tensor(id);
    if (node.placement.space != target::MemorySpace::DeviceL1 &&
        node.placement.space != target::MemorySpace::DeviceDRAM) {
      return make_error(ErrorCode::kUnimplemented, "tensor '", node.name,
                        "': the TTM0 lowering places tensors in L1 or DRAM");
    }
    TESSERA_ASSIGN_OR_RETURN(DeviceLayout layout, device_layout(node, true));
    buffers_.push_back({id + 1, node, layout, {footprint(node, layout), 0, 0}, 0});
  }
  for (size_t i = 0; i < graph_.ops().size(); ++i) {
    const OpNode& op = graph_.ops()[i];
    const int step = static_cast<int>(i) + 1;
    buffers_[op.output].live.first = buffers_[op.output].live.last = step;
    for (TensorId in : op.inputs) {
      buffers_[in].live.last = std::max(buffers_[in].live.last, step);
    }
    std::vector<TensorNode> scratch;
    if (op.kind == ttnn::OpType::MatmulOp) {
      TESSERA_ASSIGN_OR_RETURN(scratch, metal_lowering::matmul_scratch(graph_, op));
    } else if (op.kind == ttnn::OpType::SoftmaxOp) {
      TESSERA_ASSIGN_OR_RETURN(scratch, metal_lowering::softmax_scratch(graph_, op));
    } else if (op.kind == ttnn::OpType::ReductionOp) {
      TESSERA_ASSIGN_OR_RETURN(scratch, metal_lowering::reduce_scratch(graph_, op));
    }
    scratch_.emplace_back();
    for (TensorNode& node : scratch) {
      TESSERA_ASSIGN_OR_RETURN(DeviceLayout layout, device_layout(node, true));
      scratch_.back().push_back(buffers_.size());
      uint32_t id = static_cast<uint32_t>(buffers_.size()) + 1;
      const uint64_t size = footprint(node, layout);
      buffers_.push_back({id, std::move(node), layout, {size, step, step}, 0});
    }
  }
  for (TensorId out : graph_.outputs()) buffers_[out].live.last = steps;
  // Buffers the runtime creates exist from before the first command to
  // after the last.
  for (Buffer& buffer : buffers_) {
    if (runtime_owned(buffer)) buffer.live = {buffer.live.size, 0, steps};
  }
  // L1 shards have one address on every core and DRAM buffers one address
  // in every channel, so each memory is one address space.
  for (bool dram : {false, true}) {
    std::vector<LiveRange> ranges;
    std::vector<size_t> members;
    for (size_t i = 0; i < buffers_.size(); ++i) {
      if (in_dram(buffers_[i]) != dram) continue;
      ranges.push_back(buffers_[i].live);
      members.push_back(i);
    }
    auto plan =
        dram ? assign_addresses(ranges, chip_.dram_unreserved_base, chip_.dram_channel_size,
                                std::max<uint64_t>(kL1Alignment, chip_.noc_dram_address_align))
             : assign_addresses(ranges, chip_.l1_unreserved_base + kSemaphoreReserve, chip_.l1_size,
                                std::max<uint64_t>(kL1Alignment, chip_.noc_l1_address_align));
    if (!plan.ok()) return std::move(plan).error().add_context(dram ? "DRAM" : "L1");
    for (size_t i = 0; i < members.size(); ++i) buffers_[members[i]].address = plan->addresses[i];
  }
  return ok_status();
}

Status MetalWriter::create(const Buffer& buffer) {
  if (runtime_owned(buffer)) return ok_status();
  TESSERA_ASSIGN_OR_RETURN(TensorRefOffset r, ref(buffer));
  add(tm::CommandType::CreateBufferCommand, tm::CreateCreateBufferCommand(fbb_, r).Union(),
      "create " + buffer.node.name);
  return ok_status();
}

Status MetalWriter::deallocate(const Buffer& buffer) {
  if (runtime_owned(buffer)) return ok_status();
  TESSERA_ASSIGN_OR_RETURN(TensorRefOffset r, ref(buffer));
  add(tm::CommandType::DeallocateBufferCommand, tm::CreateDeallocateBufferCommand(fbb_, r).Union(),
      "free " + buffer.node.name);
  return ok_status();
}

Status MetalWriter::enqueue_program(const ProgramSpec& program,
                                    const std::vector<const Buffer*>& operands,
                                    const std::string& debug) {
  std::vector<target::Dim2dRange> cores = {
      target::Dim2dRange(target::Dim2d(0, 0), target::Dim2d(program.grid_y, program.grid_x))};
  std::vector<flatbuffers::Offset<target::CBRef>> cbs;
  for (const metal_lowering::CbSpec& cb : program.cbs) {
    TESSERA_ASSIGN_OR_RETURN(TensorRefOffset tensor, ref(*cb.buffer));
    std::vector<int> shape = {1, 1};
    target::Dim2d tile = cb.buffer->layout.tiled ? target::Dim2d(32, 32) : target::Dim2d(1, 1);
    auto memory = target::CreateMemoryDescDirect(fbb_, &shape, &tile, cb.buffer->node.type,
                                                 target::MemorySpace::DeviceL1, cb.page_bytes);
    auto desc = target::CreateCBDesc(fbb_, cb.port, memory, cb.page_bytes, cb.pages);
    cbs.push_back(target::CreateCBRef(fbb_, next_cb_id_++, tensor, cb.buffer->address, desc));
  }
  std::vector<flatbuffers::Offset<tm::KernelDesc>> kernels;
  for (const metal_lowering::KernelSpec& kernel : program.kernels) {
    auto source =
        tm::CreateKernelSourceDirect(fbb_, kernel.type, std::string(kernel.source).c_str());
    std::vector<flatbuffers::Offset<tm::KernelDefine>> defines;
    for (const auto& [name, value] : kernel.defines) {
      defines.push_back(tm::CreateKernelDefineDirect(fbb_, name.c_str(), value.c_str()));
    }
    std::vector<flatbuffers::Offset<tm::CoreRuntimeArgs>> runtime_args;
    for (const metal_lowering::CoreArgs& core : kernel.core_args) {
      target::Dim2d coord(core.y, core.x);
      runtime_args.push_back(tm::CreateCoreRuntimeArgsDirect(fbb_, &coord, &core.args));
    }
    kernels.push_back(tm::CreateKernelDescDirect(
        fbb_, tm::Kernel::KernelSource, source.Union(), &cores, &cbs, "", kernel.name.c_str(),
        &kernel.compile_args, nullptr, &defines, &runtime_args, &kernel.common_args));
  }
  std::vector<flatbuffers::Offset<tm::SemaphoreDesc>> semaphores;
  for (int i = 0; i < program.semaphores; ++i) {
    semaphores.push_back(tm::CreateSemaphoreDescDirect(fbb_, &cores, 0));
  }
  auto desc = tm::CreateProgramDescDirect(fbb_, &kernels, &semaphores);
  std::vector<TensorRefOffset> refs;
  for (const Buffer* operand : operands) {
    TESSERA_ASSIGN_OR_RETURN(TensorRefOffset r, ref(*operand));
    refs.push_back(r);
  }
  add(tm::CommandType::EnqueueProgramCommand,
      tm::CreateEnqueueProgramCommandDirect(fbb_, &refs, desc).Union(), debug);
  return ok_status();
}

Result<MetalLowering> MetalWriter::write() {
  TESSERA_RETURN_IF_ERROR(plan_buffers());
  std::vector<TensorRefOffset> program_inputs, program_outputs, device_inputs, device_outputs;
  std::vector<flatbuffers::Offset<target::GoldenTensor>> golden_inputs, golden_outputs;
  for (TensorId input : graph_.inputs()) {
    const Buffer& buffer = buffers_[input];
    TESSERA_ASSIGN_OR_RETURN(TensorRefOffset device, ref(buffer));
    TESSERA_ASSIGN_OR_RETURN(auto golden, golden_tensor(fbb_, buffer.node));
    golden_inputs.push_back(golden);
    if (runtime_io_) {
      program_inputs.push_back(device);
      device_inputs.push_back(device);
      continue;
    }
    TESSERA_RETURN_IF_ERROR(create(buffer));
    const TensorRefOffset host = host_tensor_ref(fbb_, buffer.global_id, buffer.node);
    add(tm::CommandType::EnqueueWriteBufferCommand,
        tm::CreateEnqueueWriteBufferCommand(fbb_, host, device).Union(),
        "write " + buffer.node.name);
    program_inputs.push_back(host);
    device_inputs.push_back(host);
  }
  // Inputs nobody reads die once written (their space is reused from step 1).
  for (TensorId input : graph_.inputs()) {
    if (buffers_[input].live.last == 0) TESSERA_RETURN_IF_ERROR(deallocate(buffers_[input]));
  }
  for (size_t i = 0; i < graph_.ops().size(); ++i) {
    const OpNode& op = graph_.ops()[i];
    const int step = static_cast<int>(i) + 1;
    OpBuffers buffers{graph_, op, chip_, {}, &buffers_[op.output], {}};
    for (TensorId in : op.inputs) buffers.inputs.push_back(&buffers_[in]);
    for (size_t s : scratch_[i]) buffers.scratch.push_back(&buffers_[s]);
    TESSERA_RETURN_IF_ERROR(create(buffers_[op.output]));
    for (const Buffer* scratch : buffers.scratch) TESSERA_RETURN_IF_ERROR(create(*scratch));
    auto program = lower_op(buffers);
    if (!program.ok()) {
      return std::move(program).error().add_context("graph '" + graph_.name() + "': op " +
                                                    std::to_string(i) + " (" +
                                                    buffers_[op.output].node.name + ")");
    }
    std::vector<const Buffer*> operands = buffers.inputs;
    operands.push_back(buffers.output);
    operands.insert(operands.end(), buffers.scratch.begin(), buffers.scratch.end());
    TESSERA_RETURN_IF_ERROR(enqueue_program(*program, operands, buffers_[op.output].node.name));
    for (const Buffer* scratch : buffers.scratch) TESSERA_RETURN_IF_ERROR(deallocate(*scratch));
    // A result nobody reads dies with its op.
    if (buffers_[op.output].live.last == step) {
      TESSERA_RETURN_IF_ERROR(deallocate(buffers_[op.output]));
    }
    std::vector<TensorId> freed;
    for (TensorId in : op.inputs) {
      if (buffers_[in].live.last == step &&
          std::find(freed.begin(), freed.end(), in) == freed.end()) {
        TESSERA_RETURN_IF_ERROR(deallocate(buffers_[in]));
        freed.push_back(in);
      }
    }
  }
  for (TensorId output : graph_.outputs()) {
    const Buffer& buffer = buffers_[output];
    TESSERA_ASSIGN_OR_RETURN(TensorRefOffset device, ref(buffer));
    TESSERA_ASSIGN_OR_RETURN(auto golden, golden_tensor(fbb_, buffer.node));
    golden_outputs.push_back(golden);
    if (runtime_io_) {
      program_outputs.push_back(device);
      device_outputs.push_back(device);
      continue;
    }
    const TensorRefOffset host = host_tensor_ref(fbb_, buffer.global_id, buffer.node);
    add(tm::CommandType::EnqueueReadBufferCommand,
        tm::CreateEnqueueReadBufferCommand(fbb_, device, host).Union(), "read " + buffer.node.name);
    program_outputs.push_back(host);
    device_outputs.push_back(host);
  }
  std::vector<TensorId> outputs = graph_.outputs();
  std::sort(outputs.begin(), outputs.end());
  outputs.erase(std::unique(outputs.begin(), outputs.end()), outputs.end());
  for (TensorId output : outputs) TESSERA_RETURN_IF_ERROR(deallocate(buffers_[output]));
  add(tm::CommandType::FinishCommand, tm::CreateFinishCommand(fbb_).Union(), "finish");

  std::vector<flatbuffers::Offset<tm::CommandQueue>> queues = {
      tm::CreateCommandQueueDirect(fbb_, "cq0", &commands_)};
  std::vector<flatbuffers::Offset<tm::DeviceProgram>> device_programs = {
      tm::CreateDeviceProgramDirect(fbb_, &device_inputs, &device_outputs, &queues)};
  std::vector<flatbuffers::Offset<tm::Program>> programs = {
      tm::CreateProgramDirect(fbb_, graph_.name().c_str(), &program_inputs, &program_outputs,
                              &device_programs, &golden_inputs, &golden_outputs)};
  target::Version version(0, 1, 0);
  auto root = tm::CreateTTMetalBinaryDirect(
      fbb_, &version, "tessera-builder", system_desc(fbb_, chip_), &programs,
      format::schema_hash(format::BinaryKind::kMetal).c_str(), format::kChecksumPlaceholder);
  tm::FinishSizePrefixedTTMetalBinaryBuffer(fbb_, root);
  MetalLowering lowering;
  lowering.binary.assign(fbb_.GetBufferPointer(), fbb_.GetBufferPointer() + fbb_.GetSize());
  TESSERA_RETURN_IF_ERROR(format::seal_binary(lowering.binary, format::BinaryKind::kMetal));
  for (const Buffer& buffer : buffers_) {
    lowering.buffers.push_back({buffer.global_id, buffer.node.name, buffer.live, buffer.address});
  }
  return lowering;
}

}  // namespace

Result<MetalLowering> lower_to_metal(const Graph& graph, const sim::ChipDescriptor& chip,
                                     const MetalLoweringOptions& options) {
  return MetalWriter(graph, chip, options).write();
}

}  // namespace tessera::builder
