// The two writers of a planned TTM0 lowering, one per wire layout
// (tessera/format/wire_layout.h). Both write the same buffers, addresses,
// kernels and step order; they differ in how the binary says it.
#pragma once

#include <cstdint>
#include <vector>

#include "metal/lowering_plan.h"

namespace tessera::builder::metal_lowering {

// The 2024 compiler's layout: TensorRefs, CBDescs, per-core runtime args and
// defines, program semaphores, goldens in golden_inputs / golden_outputs,
// sealed with tessera's content checksum.
Result<std::vector<uint8_t>> write_2024_layout(const Graph& graph, const sim::ChipDescriptor& chip,
                                               const LoweringPlan& plan, ProgramIo io);

// The compiler's current layout, as tt-mlir's TTMetal flatbuffer writer
// lays it out: host inputs and outputs, BufferRefs with MetalBuffer configs,
// kernel arguments that name their sources, goldens in the golden map.
Result<std::vector<uint8_t>> write_current_layout(const Graph& graph,
                                                  const sim::ChipDescriptor& chip,
                                                  const LoweringPlan& plan);

}  // namespace tessera::builder::metal_lowering
