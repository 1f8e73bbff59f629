// The plan of a TTM0 lowering, whichever wire layout writes it: the device
// buffers with their live ranges and static addresses, the program of every
// op, and the order of the queue's steps (create, write, run, free, read).
#pragma once

#include <cstddef>
#include <vector>

#include "metal/program_spec.h"
#include "tessera/builder/metal_lowering.h"

namespace tessera::builder::metal_lowering {

// One op's program and the buffers it names: its inputs, its output, then
// its scratch, in that order.
struct PlannedProgram {
  size_t op = 0;  // index into graph.ops()
  ProgramSpec spec;
  std::vector<const Buffer*> operands;
};

struct QueueStep {
  enum class Kind {
    kCreate,      // the buffer comes to life at its address
    kWriteInput,  // program input `io_index` from the host into the buffer
    kProgram,     // programs[program] runs
    kFree,        // the buffer's last use has passed
    kReadOutput,  // the buffer back to the host as program output `io_index`
  };
  Kind kind = Kind::kCreate;
  const Buffer* buffer = nullptr;
  size_t program = 0;
  size_t io_index = 0;
};

struct LoweringPlan {
  LoweringPlan() = default;
  LoweringPlan(LoweringPlan&&) = default;
  LoweringPlan& operator=(LoweringPlan&&) = default;
  // Programs and steps point into `buffers`: a copy would point into the original.
  LoweringPlan(const LoweringPlan&) = delete;
  LoweringPlan& operator=(const LoweringPlan&) = delete;

  std::vector<Buffer> buffers;  // graph tensors (global id = tensor id + 1), then scratch
  std::vector<PlannedProgram> programs;
  std::vector<QueueStep> steps;
  std::vector<const Buffer*> inputs;   // program inputs, in order
  std::vector<const Buffer*> outputs;  // program outputs, in order
  std::vector<bool> runtime_owned;     // per buffer: created and filled by the runtime (kRuntime)
};

Result<LoweringPlan> plan_lowering(const Graph& graph, const sim::ChipDescriptor& chip,
                                   ProgramIo io);

// The buffers `lower_to_metal` reports, from a plan.
std::vector<LoweredBuffer> lowered_buffers(const LoweringPlan& plan);

}  // namespace tessera::builder::metal_lowering
