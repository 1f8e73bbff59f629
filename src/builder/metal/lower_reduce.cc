// Sum / Mean along the last dimension of a tiled L1 tensor: reduce_rows.cpp
// reduces each row of tiles, column_extract.cpp writes the row-major result.
// Max is not lowered: Dst starts at zero, so rows of negative values would
// reduce to 0.
#include "kernels/kernel_library.h"
#include "metal/row_op_shape.h"

namespace tessera::builder::metal_lowering {
namespace {

using tt::target::ttnn::ReductionOpType;

Result<RowOpShape> reduce_shape(const TensorNode& in, const OpAttributes& attributes) {
  if (attributes.dims.size() != 1) {
    return make_error(ErrorCode::kUnimplemented,
                      "reduction in the TTM0 lowering: exactly one (the last) dimension");
  }
  if (attributes.reduction == ReductionOpType::Max) {
    return make_error(ErrorCode::kUnimplemented,
                      "reduction Max in the TTM0 lowering (Dst accumulates from zero)");
  }
  return row_op_shape(in, attributes.dims[0], "reduction");
}

}  // namespace

Result<std::vector<TensorNode>> reduce_scratch(const Graph& graph, const OpNode& op) {
  const TensorNode& in = graph.tensor(op.inputs[0]);
  TESSERA_ASSIGN_OR_RETURN(RowOpShape shape, reduce_shape(in, op.attributes));
  return std::vector<TensorNode>{
      scratch_tiles("reduce_scaler", tt::target::DataType::Float32, shape.grid_y, 1, 1),
      scratch_tiles("reduce_tile", in.type, shape.grid_y, 1, 1),
      scratch_tiles("reduce_rows", in.type, shape.grid_y, 1, 1)};
}

Result<ProgramSpec> lower_reduce(const OpBuffers& op) {
  const Buffer& in = *op.inputs[0];
  const Buffer& out = *op.output;
  TESSERA_ASSIGN_OR_RETURN(RowOpShape shape, reduce_shape(in.node, op.op.attributes));
  if (out.node.placement.layout != Layout::kRowMajor || out.layout.grid_y != shape.grid_y ||
      out.layout.grid_x != 1 || out.node.type != in.node.type) {
    return make_error(ErrorCode::kUnimplemented,
                      "reduction in the TTM0 lowering: the output must be row-major, split by "
                      "rows like the input");
  }
  if (out.layout.shard_width != 1) {
    return make_error(ErrorCode::kUnimplemented,
                      "reduction in the TTM0 lowering: the result must keep a trailing "
                      "dimension of 1 (keep_dim)");
  }
  if (op.scratch.size() != 3) return make_error(ErrorCode::kInternal, "reduce scratch missing");
  const uint64_t tile_bytes = in.layout.page_bytes;
  const uint64_t tiles = static_cast<uint64_t>(shape.tile_rows * shape.tiles_wide);
  CbSpec input{kCbIn0, &in, tile_bytes, tiles};
  CbSpec scaler{kCbIn2, op.scratch[0], 4096, 1};
  ProgramSpec program;
  program.grid_y = shape.grid_y;
  program.grid_x = 1;
  program.cbs = {input,
                 scaler,
                 {kCbIntermediate0, op.scratch[1], tile_bytes, 1},
                 {kCbIntermediate1, op.scratch[2], tile_bytes, 1}};
  const bool mean = op.op.attributes.reduction == ReductionOpType::Mean;
  const float scale = mean ? 1.0f / static_cast<float>(in.node.shape.back()) : 1.0f;
  KernelSpec compute;
  compute.name = "reduce_rows";
  compute.source = kernels::reduce_rows();
  compute.type = tt::target::metal::SourceType::Tensix;
  compute.compile_args = {literal("tile_rows", shape.tile_rows),
                          literal("tiles_wide", shape.tiles_wide)};
  // Mean is a sum of elements scaled by 1/N.
  compute.defines = {{"REDUCE_OP", "PoolType::SUM"}, {"REDUCE_DIM", "ReduceDim::REDUCE_ROW"}};
  KernelSpec writer;
  writer.name = "column_extract";
  writer.source = kernels::column_extract();
  writer.type = tt::target::metal::SourceType::Noc1;
  // Each output row is its own page, and pages start at aligned addresses.
  const uint64_t align = std::max<uint32_t>(1, op.chip.noc_l1_address_align);
  const uint64_t row_stride = (out.layout.page_bytes + align - 1) / align * align;
  writer.common_args = {address_of(out), literal("tile_rows", shape.tile_rows),
                        literal("element_bytes", out.layout.element_bytes),
                        literal("row_stride", row_stride)};
  program.kernels = {shard_push_scaler_kernel(scaler, scale, {input}), std::move(compute),
                     std::move(writer)};
  return program;
}

}  // namespace tessera::builder::metal_lowering
