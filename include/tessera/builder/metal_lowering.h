// Lowers a graph to a TTM0 binary (.ttm): one command queue that creates
// every buffer at a static address (L1 shards, or interleaved DRAM), enqueues
// one program of library kernels per op and frees buffers after their last
// use. Program inputs and outputs follow one of two conventions (ProgramIo).
// Host bytes of inputs and outputs are row-major. The binary is in either
// wire layout (MetalLoweringOptions::layout); both run the same kernels on
// the same buffers at the same addresses.
//
// Supported ops (compute on L1 shards): ToMemoryConfig between DRAM and L1
// (layout kept), Eltwise binary Add / Subtract / Multiply and unary ops,
// ToLayout (tilize / untilize on one grid), ToLayout / ToMemoryConfig
// between grids of tiled L1 tensors (reblock), Matmul (one core, or a
// square grid with in0/in1 multicast), Softmax and Sum / Mean reductions
// along the last dimension of tiled tensors split by rows.
#pragma once

#include <cstdint>
#include <vector>

#include "tessera/base/status.h"
#include "tessera/builder/address_assignment.h"
#include "tessera/builder/graph.h"
#include "tessera/format/wire_layout.h"
#include "tessera/sim/arch/chip_descriptor.h"

namespace tessera::builder {

// A device buffer of the lowered program and where it was placed.
struct LoweredBuffer {
  uint32_t global_id = 0;
  std::string name;
  LiveRange live;
  uint64_t address = 0;
};

struct MetalLowering {
  std::vector<uint8_t> binary;
  std::vector<LoweredBuffer> buffers;
};

// Who moves a program's inputs and outputs between host and device.
enum class ProgramIo {
  // The queue's own commands: inputs and outputs are System TensorRefs; the
  // queue creates their device buffers, writes the inputs, reads the outputs
  // and frees the buffers.
  kCommands,
  // The 2024 compiler's convention: inputs and outputs are device TensorRefs
  // at their addresses; the runtime creates and fills them before the queue
  // runs and reads the outputs back after it. The queue never touches them.
  kRuntime,
};

struct MetalLoweringOptions {
  ProgramIo io = ProgramIo::kCommands;
  // k2024: the 2024 compiler's layout (any ProgramIo). kCurrent: the
  // compiler's current layout, as tt-mlir writes it today (kCommands only:
  // host inputs written, outputs read into host buffers and returned).
  format::WireLayout layout = format::WireLayout::k2024;
};

Result<MetalLowering> lower_to_metal(const Graph& graph, const sim::ChipDescriptor& chip,
                                     const MetalLoweringOptions& options = {});

}  // namespace tessera::builder
