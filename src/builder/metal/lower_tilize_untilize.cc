// ToLayout on one grid: tilize (row-major -> tiles) or untilize, per shard.
#include "kernels/kernel_library.h"
#include "metal/program_spec.h"

namespace tessera::builder::metal_lowering {

Result<ProgramSpec> lower_tilize_untilize(const OpBuffers& op) {
  const Buffer& in = *op.inputs[0];
  const Buffer& out = *op.output;
  if (in.layout.grid_y != out.layout.grid_y || in.layout.grid_x != out.layout.grid_x ||
      in.layout.tiled == out.layout.tiled || in.node.type != out.node.type) {
    return make_error(ErrorCode::kInternal, "tilize/untilize needs one grid and a layout change");
  }
  const DeviceLayout& tiled = in.layout.tiled ? in.layout : out.layout;
  const DeviceLayout& rows = in.layout.tiled ? out.layout : in.layout;
  if (rows.shard_height % kTileDim != 0 || rows.shard_width % kTileDim != 0) {
    return make_error(ErrorCode::kUnimplemented, "tilize/untilize: row-major shard ",
                      rows.shard_height, "x", rows.shard_width, " is not a whole number of tiles");
  }
  const uint64_t tile_bytes = tiled.page_bytes;
  const uint64_t tiles = static_cast<uint64_t>(tiled.shard_tiles_high() * tiled.shard_tiles_wide());
  ProgramSpec program;
  program.grid_y = out.layout.grid_y;
  program.grid_x = out.layout.grid_x;
  // Both CBs count tile-sized pages: a row of tiles is 32 shard rows either way.
  CbSpec source{kCbIn0, &in, tile_bytes, tiles};
  CbSpec result{kCbOut0, &out, tile_bytes, tiles};
  program.cbs = {source, result};
  KernelSpec compute;
  compute.name = in.layout.tiled ? "untilize" : "tilize";
  compute.source = in.layout.tiled ? kernels::untilize() : kernels::tilize();
  compute.type = tt::target::metal::SourceType::Tensix;
  compute.compile_args = {literal("tile_rows", tiled.shard_tiles_high()),
                          literal("tiles_wide", tiled.shard_tiles_wide())};
  program.kernels = {shard_push_kernel({source}), std::move(compute), shard_wait_kernel(result)};
  return program;
}

}  // namespace tessera::builder::metal_lowering
