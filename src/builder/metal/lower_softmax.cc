// Softmax along the last dimension of a tiled L1 tensor (softmax_rows.cpp).
#include "kernels/kernel_library.h"
#include "metal/row_op_shape.h"

namespace tessera::builder::metal_lowering {

Result<std::vector<TensorNode>> softmax_scratch(const Graph& graph, const OpNode& op) {
  const TensorNode& in = graph.tensor(op.inputs[0]);
  TESSERA_ASSIGN_OR_RETURN(RowOpShape shape, row_op_shape(in, op.attributes.dim0, "softmax"));
  return std::vector<TensorNode>{
      scratch_tiles("softmax_scaler", tt::target::DataType::Float32, shape.grid_y, 1, 1),
      scratch_tiles("softmax_row_max", in.type, shape.grid_y, 1, 1),
      scratch_tiles("softmax_exps", in.type, shape.grid_y, 1, shape.tiles_wide),
      scratch_tiles("softmax_row_recip", in.type, shape.grid_y, 1, 1)};
}

Result<ProgramSpec> lower_softmax(const OpBuffers& op) {
  const Buffer& in = *op.inputs[0];
  const Buffer& out = *op.output;
  TESSERA_ASSIGN_OR_RETURN(RowOpShape shape,
                           row_op_shape(in.node, op.op.attributes.dim0, "softmax"));
  if (out.node.placement.layout != Layout::kTile || out.layout.grid_y != shape.grid_y ||
      out.layout.grid_x != 1 || out.node.type != in.node.type) {
    return make_error(ErrorCode::kUnimplemented,
                      "softmax in the TTM0 lowering: the output must be laid out like the input");
  }
  if (op.scratch.size() != 4) return make_error(ErrorCode::kInternal, "softmax scratch missing");
  const uint64_t tile_bytes = in.layout.page_bytes;
  const uint64_t tiles = static_cast<uint64_t>(shape.tile_rows * shape.tiles_wide);
  CbSpec input{kCbIn0, &in, tile_bytes, tiles};
  CbSpec scaler{kCbIn2, op.scratch[0], 4096, 1};
  CbSpec result{kCbOut0, &out, tile_bytes, tiles};
  ProgramSpec program;
  program.grid_y = shape.grid_y;
  program.grid_x = 1;
  program.cbs = {
      input,
      scaler,
      {kCbIntermediate0, op.scratch[1], tile_bytes, 1},
      {kCbIntermediate1, op.scratch[2], tile_bytes, static_cast<uint64_t>(shape.tiles_wide)},
      {kCbIntermediate2, op.scratch[3], tile_bytes, 1},
      result};
  KernelSpec compute;
  compute.name = "softmax_rows";
  compute.source = kernels::softmax_rows();
  compute.type = tt::target::metal::SourceType::Tensix;
  compute.compile_args = {literal("tile_rows", shape.tile_rows),
                          literal("tiles_wide", shape.tiles_wide)};
  program.kernels = {shard_push_scaler_kernel(scaler, 1.0f, {input}), std::move(compute),
                     shard_wait_kernel(result)};
  return program;
}

}  // namespace tessera::builder::metal_lowering
