// Relayout of a tiled L1 tensor between core grids: every core of the new
// grid pulls the tiles of its shard from the cores of the old grid.
#include "kernels/kernel_library.h"
#include "metal/program_spec.h"

namespace tessera::builder::metal_lowering {

Result<ProgramSpec> lower_reblock(const OpBuffers& op) {
  const Buffer& in = *op.inputs[0];
  const Buffer& out = *op.output;
  if (!in.layout.tiled || !out.layout.tiled || in.node.type != out.node.type) {
    return make_error(ErrorCode::kUnimplemented,
                      "relayout between grids needs tiled input and output of one data type "
                      "(tilize first)");
  }
  const int64_t src_rows = in.layout.shard_tiles_high(), src_cols = in.layout.shard_tiles_wide();
  const int64_t dst_rows = out.layout.shard_tiles_high(), dst_cols = out.layout.shard_tiles_wide();
  const uint64_t tile_bytes = out.layout.page_bytes;
  ProgramSpec program;
  program.grid_y = out.layout.grid_y;
  program.grid_x = out.layout.grid_x;
  KernelSpec gather;
  gather.name = "reblock_gather";
  gather.source = kernels::reblock_gather();
  gather.type = tt::target::metal::SourceType::Noc0;
  gather.common_args = {address_of(out), literal("tile_bytes", tile_bytes), address_of(in)};
  for (int y = 0; y < out.layout.grid_y; ++y) {
    for (int x = 0; x < out.layout.grid_x; ++x) {
      CoreArgs core{y, x, {literal("tiles", dst_rows * dst_cols)}};
      for (int64_t r = 0; r < dst_rows; ++r) {
        for (int64_t c = 0; c < dst_cols; ++c) {
          const int64_t row = y * dst_rows + r, col = x * dst_cols + c;  // tensor tile
          sim::CoreCoord source{static_cast<uint32_t>(col / src_cols),
                                static_cast<uint32_t>(row / src_rows)};
          TESSERA_ASSIGN_OR_RETURN(sim::CoreCoord noc, op.chip.worker_noc_from_logical(source));
          const int64_t local = (row % src_rows) * src_cols + col % src_cols;
          core.args.push_back(literal("source_noc_x", noc.x));
          core.args.push_back(literal("source_noc_y", noc.y));
          core.args.push_back(literal("source_offset", local * tile_bytes));
        }
      }
      gather.core_args.push_back(std::move(core));
    }
  }
  program.kernels = {std::move(gather)};
  return program;
}

}  // namespace tessera::builder::metal_lowering
