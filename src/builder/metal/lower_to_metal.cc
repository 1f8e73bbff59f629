// The TTM0 lowering: one plan, written in the layout the options ask for.
#include "metal/layout_writers.h"
#include "metal/lowering_plan.h"
#include "tessera/builder/metal_lowering.h"

namespace tessera::builder {

Result<MetalLowering> lower_to_metal(const Graph& graph, const sim::ChipDescriptor& chip,
                                     const MetalLoweringOptions& options) {
  using format::WireLayout;
  if (options.layout == WireLayout::kCurrent && options.io == ProgramIo::kRuntime) {
    return make_error(ErrorCode::kInvalidArgument, "graph '", graph.name(),
                      "': the current layout has no runtime-created program inputs and outputs "
                      "(ProgramIo::kRuntime is the 2024 compiler's convention); its programs "
                      "take host tensors and move them with their own commands");
  }
  TESSERA_ASSIGN_OR_RETURN(metal_lowering::LoweringPlan plan,
                           metal_lowering::plan_lowering(graph, chip, options.io));
  MetalLowering lowering;
  if (options.layout == WireLayout::kCurrent) {
    TESSERA_ASSIGN_OR_RETURN(lowering.binary,
                             metal_lowering::write_current_layout(graph, chip, plan));
  } else {
    TESSERA_ASSIGN_OR_RETURN(lowering.binary,
                             metal_lowering::write_2024_layout(graph, chip, plan, options.io));
  }
  lowering.buffers = metal_lowering::lowered_buffers(plan);
  return lowering;
}

}  // namespace tessera::builder
