// Planning a TTM0 lowering: buffers and their live ranges, static addresses,
// each op's program, then the queue's steps in order.
#include "metal/lowering_plan.h"

#include <algorithm>

namespace tessera::builder::metal_lowering {
namespace {

namespace target = tt::target;
namespace ttnn = tt::target::ttnn;

// Program semaphores sit at the bottom of the unreserved L1 region.
constexpr uint64_t kSemaphoreReserve = 4096;
constexpr uint64_t kL1Alignment = 64;

bool in_dram(const Buffer& buffer) {
  return buffer.node.placement.space == target::MemorySpace::DeviceDRAM;
}

// Bytes a buffer takes in each bank (an L1 core, or a DRAM channel): every
// page starts at an aligned address; DRAM pages go round-robin.
uint64_t footprint(const sim::ChipDescriptor& chip, const TensorNode& node,
                   const DeviceLayout& layout) {
  const bool dram = node.placement.space == target::MemorySpace::DeviceDRAM;
  const uint64_t align =
      std::max<uint32_t>(1, dram ? chip.noc_dram_address_align : chip.noc_l1_address_align);
  uint64_t pages = layout.shard_bytes / layout.page_bytes;
  if (dram) pages = (pages + chip.num_dram_channels - 1) / chip.num_dram_channels;
  return pages * ((layout.page_bytes + align - 1) / align * align);
}

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
      return lower_eltwise(op);
    case ttnn::OpType::MatmulOp:
      return lower_matmul(op);
    case ttnn::OpType::SoftmaxOp:
      return lower_softmax(op);
    case ttnn::OpType::ReductionOp:
      return lower_reduce(op);
    case ttnn::OpType::ToLayoutOp:
    case ttnn::OpType::ToMemoryConfigOp: {
      const Buffer& in = *op.inputs[0];
      if (in.node.placement.space != op.output->node.placement.space) {
        return lower_dram_move(op);
      }
      if (in.node.placement.space == target::MemorySpace::DeviceDRAM) {
        return make_error(ErrorCode::kUnimplemented,
                          "relayout within DRAM (move to L1 to change layout)");
      }
      bool same_grid = in.layout.grid_y == op.output->layout.grid_y &&
                       in.layout.grid_x == op.output->layout.grid_x;
      if (same_grid && in.layout.tiled != op.output->layout.tiled) {
        return lower_tilize_untilize(op);
      }
      if (!same_grid) return lower_reblock(op);
      return make_error(ErrorCode::kUnimplemented,
                        "a relayout that changes neither layout nor grid");
    }
    default:
      return make_error(ErrorCode::kUnimplemented, "the TTM0 lowering has no kernels for ",
                        ttnn::EnumNameOpType(op.op.kind));
  }
}

class Planner {
 public:
  Planner(const Graph& graph, const sim::ChipDescriptor& chip, ProgramIo io)
      : graph_(graph), chip_(chip), io_(io) {}

  Result<LoweringPlan> plan();

 private:
  Status check_host_transfers() const;
  Status place_buffers();
  Status assign_addresses_in(bool dram);
  Status plan_op(size_t index);
  void step(QueueStep::Kind kind, const Buffer& buffer, size_t io_index = 0) {
    plan_.steps.push_back({kind, &buffer, 0, io_index});
  }
  // Creating and freeing skip the buffers the runtime owns.
  void create(const Buffer& buffer) {
    if (!plan_.runtime_owned[buffer.global_id - 1]) step(QueueStep::Kind::kCreate, buffer);
  }
  void free(const Buffer& buffer) {
    if (!plan_.runtime_owned[buffer.global_id - 1]) step(QueueStep::Kind::kFree, buffer);
  }

  const Graph& graph_;
  const sim::ChipDescriptor& chip_;
  const ProgramIo io_;
  LoweringPlan plan_;
  std::vector<std::vector<size_t>> scratch_;  // per op: indices into plan_.buffers
};

// Host transfers copy bytes in the device buffer's page order, and host
// bytes are row-major: a tiled program input or output would be scrambled,
// whoever moves it (the queue's commands or the runtime).
Status Planner::check_host_transfers() const {
  auto check = [&](TensorId id, const char* what) -> Status {
    const TensorNode& node = graph_.tensor(id);
    if (node.placement.layout != Layout::kTile) return ok_status();
    return make_error(ErrorCode::kUnimplemented, "program ", what, " '", node.name,
                      "' is tiled, but host transfers copy row-major host bytes in the device "
                      "buffer's page order (tiles); make it row-major and tilize / untilize on "
                      "the device (a ToLayout op)");
  };
  for (TensorId id : graph_.inputs()) TESSERA_RETURN_IF_ERROR(check(id, "input"));
  for (TensorId id : graph_.outputs()) TESSERA_RETURN_IF_ERROR(check(id, "output"));
  return ok_status();
}

Status Planner::place_buffers() {
  const int steps = static_cast<int>(graph_.ops().size()) + 1;  // the step of the output reads
  std::vector<Buffer>& buffers = plan_.buffers;
  for (TensorId id = 0; id < graph_.tensors().size(); ++id) {
    const TensorNode& node = graph_.tensor(id);
    if (node.placement.space != target::MemorySpace::DeviceL1 &&
        node.placement.space != target::MemorySpace::DeviceDRAM) {
      return make_error(ErrorCode::kUnimplemented, "tensor '", node.name,
                        "': the TTM0 lowering places tensors in L1 or DRAM");
    }
    TESSERA_ASSIGN_OR_RETURN(DeviceLayout layout, device_layout(node, true));
    buffers.push_back({id + 1, node, layout, {footprint(chip_, node, layout), 0, 0}, 0});
  }
  for (size_t i = 0; i < graph_.ops().size(); ++i) {
    const OpNode& op = graph_.ops()[i];
    const int step = static_cast<int>(i) + 1;
    buffers[op.output].live.first = buffers[op.output].live.last = step;
    for (TensorId in : op.inputs) {
      buffers[in].live.last = std::max(buffers[in].live.last, step);
    }
    std::vector<TensorNode> scratch;
    if (op.kind == ttnn::OpType::MatmulOp) {
      TESSERA_ASSIGN_OR_RETURN(scratch, matmul_scratch(graph_, op));
    } else if (op.kind == ttnn::OpType::SoftmaxOp) {
      TESSERA_ASSIGN_OR_RETURN(scratch, softmax_scratch(graph_, op));
    } else if (op.kind == ttnn::OpType::ReductionOp) {
      TESSERA_ASSIGN_OR_RETURN(scratch, reduce_scratch(graph_, op));
    }
    scratch_.emplace_back();
    for (TensorNode& node : scratch) {
      TESSERA_ASSIGN_OR_RETURN(DeviceLayout layout, device_layout(node, true));
      scratch_.back().push_back(buffers.size());
      uint32_t id = static_cast<uint32_t>(buffers.size()) + 1;
      const uint64_t size = footprint(chip_, node, layout);
      buffers.push_back({id, std::move(node), layout, {size, step, step}, 0});
    }
  }
  for (TensorId out : graph_.outputs()) buffers[out].live.last = steps;
  // Buffers the runtime creates exist from before the first command to
  // after the last.
  plan_.runtime_owned.assign(buffers.size(), false);
  if (io_ == ProgramIo::kRuntime) {
    for (const std::vector<TensorId>* ids : {&graph_.inputs(), &graph_.outputs()}) {
      for (TensorId id : *ids) {
        plan_.runtime_owned[id] = true;
        buffers[id].live = {buffers[id].live.size, 0, steps};
      }
    }
  }
  TESSERA_RETURN_IF_ERROR(assign_addresses_in(false));
  return assign_addresses_in(true);
}

// L1 shards have one address on every core and DRAM buffers one address in
// every channel, so each memory is one address space.
Status Planner::assign_addresses_in(bool dram) {
  std::vector<LiveRange> ranges;
  std::vector<size_t> members;
  for (size_t i = 0; i < plan_.buffers.size(); ++i) {
    if (in_dram(plan_.buffers[i]) != dram) continue;
    ranges.push_back(plan_.buffers[i].live);
    members.push_back(i);
  }
  auto addresses =
      dram ? assign_addresses(ranges, chip_.dram_unreserved_base, chip_.dram_channel_size,
                              std::max<uint64_t>(kL1Alignment, chip_.noc_dram_address_align))
           : assign_addresses(ranges, chip_.l1_unreserved_base + kSemaphoreReserve, chip_.l1_size,
                              std::max<uint64_t>(kL1Alignment, chip_.noc_l1_address_align));
  if (!addresses.ok()) return std::move(addresses).error().add_context(dram ? "DRAM" : "L1");
  for (size_t i = 0; i < members.size(); ++i) {
    plan_.buffers[members[i]].address = addresses->addresses[i];
  }
  return ok_status();
}

// Create the op's output and scratch, run its program, then free what died.
Status Planner::plan_op(size_t index) {
  std::vector<Buffer>& buffers = plan_.buffers;
  const OpNode& op = graph_.ops()[index];
  const int step = static_cast<int>(index) + 1;
  OpBuffers operands{graph_, op, chip_, {}, &buffers[op.output], {}};
  for (TensorId in : op.inputs) operands.inputs.push_back(&buffers[in]);
  for (size_t s : scratch_[index]) operands.scratch.push_back(&buffers[s]);
  auto spec = lower_op(operands);
  if (!spec.ok()) {
    return std::move(spec).error().add_context("graph '" + graph_.name() + "': op " +
                                               std::to_string(index) + " (" +
                                               buffers[op.output].node.name + ")");
  }
  create(buffers[op.output]);
  for (const Buffer* scratch : operands.scratch) create(*scratch);
  PlannedProgram program{index, std::move(spec).value(), operands.inputs};
  program.operands.push_back(operands.output);
  program.operands.insert(program.operands.end(), operands.scratch.begin(), operands.scratch.end());
  plan_.steps.push_back({QueueStep::Kind::kProgram, nullptr, plan_.programs.size(), 0});
  plan_.programs.push_back(std::move(program));
  for (const Buffer* scratch : operands.scratch) free(*scratch);
  // A result nobody reads dies with its op.
  if (buffers[op.output].live.last == step) free(buffers[op.output]);
  std::vector<TensorId> freed;
  for (TensorId in : op.inputs) {
    if (buffers[in].live.last == step && std::find(freed.begin(), freed.end(), in) == freed.end()) {
      free(buffers[in]);
      freed.push_back(in);
    }
  }
  return ok_status();
}

Result<LoweringPlan> Planner::plan() {
  TESSERA_RETURN_IF_ERROR(check_host_transfers());
  TESSERA_RETURN_IF_ERROR(place_buffers());
  std::vector<Buffer>& buffers = plan_.buffers;
  for (size_t i = 0; i < graph_.inputs().size(); ++i) {
    const Buffer& buffer = buffers[graph_.inputs()[i]];
    plan_.inputs.push_back(&buffer);
    if (io_ == ProgramIo::kRuntime) continue;
    create(buffer);
    step(QueueStep::Kind::kWriteInput, buffer, i);
  }
  // Inputs nobody reads die once written (their space is reused from step 1).
  for (TensorId input : graph_.inputs()) {
    if (buffers[input].live.last == 0) free(buffers[input]);
  }
  for (size_t i = 0; i < graph_.ops().size(); ++i) TESSERA_RETURN_IF_ERROR(plan_op(i));
  for (size_t i = 0; i < graph_.outputs().size(); ++i) {
    const Buffer& buffer = buffers[graph_.outputs()[i]];
    plan_.outputs.push_back(&buffer);
    if (io_ == ProgramIo::kCommands) step(QueueStep::Kind::kReadOutput, buffer, i);
  }
  std::vector<TensorId> outputs = graph_.outputs();
  std::sort(outputs.begin(), outputs.end());
  outputs.erase(std::unique(outputs.begin(), outputs.end()), outputs.end());
  for (TensorId output : outputs) free(buffers[output]);
  return std::move(plan_);
}

}  // namespace

Result<LoweringPlan> plan_lowering(const Graph& graph, const sim::ChipDescriptor& chip,
                                   ProgramIo io) {
  return Planner(graph, chip, io).plan();
}

std::vector<LoweredBuffer> lowered_buffers(const LoweringPlan& plan) {
  std::vector<LoweredBuffer> buffers;
  for (const Buffer& buffer : plan.buffers) {
    buffers.push_back({buffer.global_id, buffer.node.name, buffer.live, buffer.address});
  }
  return buffers;
}

}  // namespace tessera::builder::metal_lowering
