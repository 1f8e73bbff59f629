// Scratch buffers: L1 space an op's kernels need while the op runs.
#include "metal/program_spec.h"

namespace tessera::builder::metal_lowering {

TensorNode scratch_tiles(const std::string& name, tt::target::DataType type, int grid_y, int grid_x,
                         int64_t tiles) {
  TensorNode node;
  node.name = name;
  node.type = type;
  node.placement = {tt::target::MemorySpace::DeviceL1, Layout::kTile, grid_y, grid_x};
  // A column of `tiles` tiles on each core.
  node.shape = {grid_y * tiles * kTileDim, grid_x * kTileDim};
  node.checkable = false;
  return node;
}

}  // namespace tessera::builder::metal_lowering
