// Matmul of tiled L1 matrices: on one core from resident shards, or on a
// square grid where each core gathers its in0 row panel and in1 column
// panel by multicast (matmul_multicast.cpp) before computing its block.
#include <array>

#include "kernels/kernel_library.h"
#include "metal/program_spec.h"

namespace tessera::builder::metal_lowering {
namespace {

struct MatmulShape {
  int grid = 1;                       // the grid is grid x grid
  int64_t rows = 0, cols = 0, k = 0;  // per-core block, in tiles
};

Result<MatmulShape> matmul_shape(const TensorNode& lhs, const TensorNode& rhs,
                                 const TensorNode& out) {
  auto fail = [](const char* why) {
    return make_error(ErrorCode::kUnimplemented, "matmul in the TTM0 lowering: ", why);
  };
  if (lhs.shape.size() != 2 || rhs.shape.size() != 2) return fail("operands must be 2-D");
  for (const TensorNode* t : {&lhs, &rhs, &out}) {
    if (t->placement.layout != Layout::kTile) return fail("operands must be tiled");
    if (t->placement.grid_y != t->placement.grid_x || t->placement.grid_y != out.placement.grid_y)
      return fail("operands and output must share one square grid");
  }
  MatmulShape shape;
  shape.grid = out.placement.grid_y;
  const int64_t g = shape.grid;
  if (lhs.shape[0] % (32 * g) || lhs.shape[1] % (32 * g) || rhs.shape[1] % (32 * g))
    return fail("every dimension must split into whole tiles per core");
  shape.rows = lhs.shape[0] / 32 / g;
  shape.k = lhs.shape[1] / 32 / g;
  shape.cols = rhs.shape[1] / 32 / g;
  return shape;
}

// The NoC rectangle of a row or column of the grid; it must hold exactly
// those cores, since a multicast reaches every worker inside it.
Result<std::array<uint32_t, 4>> rectangle(const sim::ChipDescriptor& chip, sim::CoreCoord first,
                                          sim::CoreCoord last, int cores) {
  TESSERA_ASSIGN_OR_RETURN(sim::CoreCoord a, chip.worker_noc_from_logical(first));
  TESSERA_ASSIGN_OR_RETURN(sim::CoreCoord b, chip.worker_noc_from_logical(last));
  std::array<uint32_t, 4> box = {std::min(a.x, b.x), std::min(a.y, b.y), std::max(a.x, b.x),
                                 std::max(a.y, b.y)};
  int inside = 0;
  for (sim::CoreCoord noc : chip.worker_cores) {
    inside += noc.x >= box[0] && noc.x <= box[2] && noc.y >= box[1] && noc.y <= box[3];
  }
  if (inside != cores) {
    return make_error(ErrorCode::kUnimplemented, "the multicast rectangle of this grid line holds ",
                      inside, " worker cores, not ", cores);
  }
  return box;
}

}  // namespace

Result<std::vector<TensorNode>> matmul_scratch(const Graph& graph, const OpNode& op) {
  const TensorNode& lhs = graph.tensor(op.inputs[0]);
  TESSERA_ASSIGN_OR_RETURN(MatmulShape shape,
                           matmul_shape(lhs, graph.tensor(op.inputs[1]), graph.tensor(op.output)));
  if (shape.grid == 1) return std::vector<TensorNode>{};
  const int g = shape.grid;
  return std::vector<TensorNode>{
      scratch_tiles("in0_panel", lhs.type, g, g, g * shape.rows * shape.k),
      scratch_tiles("in1_panel", lhs.type, g, g, g * shape.k * shape.cols)};
}

Result<ProgramSpec> lower_matmul(const OpBuffers& op) {
  const Buffer& in0 = *op.inputs[0];
  const Buffer& in1 = *op.inputs[1];
  const Buffer& out = *op.output;
  TESSERA_ASSIGN_OR_RETURN(MatmulShape shape, matmul_shape(in0.node, in1.node, out.node));
  const int g = shape.grid;
  const uint64_t tile_bytes = out.layout.page_bytes;
  const uint64_t in0_block = static_cast<uint64_t>(shape.rows * shape.k);
  const uint64_t in1_block = static_cast<uint64_t>(shape.k * shape.cols);
  ProgramSpec program;
  program.grid_y = g;
  program.grid_x = g;
  KernelSpec compute;
  compute.name = "matmul";
  compute.source = kernels::matmul();
  compute.type = tt::target::metal::SourceType::Tensix;
  compute.compile_args = {literal("rows", shape.rows), literal("cols", shape.cols),
                          literal("block_k", shape.k), literal("blocks", g)};
  CbSpec result{kCbOut0, &out, tile_bytes, static_cast<uint64_t>(shape.rows * shape.cols)};
  if (g == 1) {
    CbSpec a{kCbIn0, &in0, tile_bytes, in0_block};
    CbSpec b{kCbIn1, &in1, tile_bytes, in1_block};
    program.cbs = {a, b, result};
    program.kernels = {shard_push_kernel({a, b}), std::move(compute), shard_wait_kernel(result)};
    return program;
  }
  if (op.scratch.size() != 2) return make_error(ErrorCode::kInternal, "matmul panels missing");
  const Buffer& in0_panel = *op.scratch[0];
  const Buffer& in1_panel = *op.scratch[1];
  CbSpec a{kCbIn0, &in0_panel, tile_bytes, in0_block * g};
  CbSpec b{kCbIn1, &in1_panel, tile_bytes, in1_block * g};
  program.cbs = {a, b, result};
  program.semaphores = 2;
  KernelSpec dataflow;
  dataflow.name = "matmul_multicast";
  dataflow.source = kernels::matmul_multicast();
  dataflow.type = tt::target::metal::SourceType::Noc0;
  dataflow.common_args = {address_of(in0),
                          address_of(in0_panel),
                          literal("in0_block_bytes", in0_block * tile_bytes),
                          address_of(in1),
                          address_of(in1_panel),
                          literal("in1_block_bytes", in1_block * tile_bytes),
                          literal("grid_y", g),
                          literal("grid_x", g),
                          literal("in0_pages", in0_block * g),
                          literal("in1_pages", in1_block * g),
                          semaphore(0),
                          semaphore(1)};
  const uint32_t last = static_cast<uint32_t>(g - 1);
  for (uint32_t y = 0; y < static_cast<uint32_t>(g); ++y) {
    for (uint32_t x = 0; x < static_cast<uint32_t>(g); ++x) {
      CoreArgs core{static_cast<int>(y),
                    static_cast<int>(x),
                    {literal("grid_row", y), literal("grid_col", x)}};
      TESSERA_ASSIGN_OR_RETURN(auto row, rectangle(op.chip, {0, y}, {last, y}, g));
      TESSERA_ASSIGN_OR_RETURN(auto column, rectangle(op.chip, {x, 0}, {x, last}, g));
      const char* corners[] = {"x0", "y0", "x1", "y1"};
      for (size_t i = 0; i < row.size(); ++i) {
        core.args.push_back(literal(std::string("row_") + corners[i], row[i]));
      }
      for (size_t i = 0; i < column.size(); ++i) {
        core.args.push_back(literal(std::string("column_") + corners[i], column[i]));
      }
      for (uint32_t i = 0; i < static_cast<uint32_t>(g); ++i) {
        TESSERA_ASSIGN_OR_RETURN(sim::CoreCoord noc, op.chip.worker_noc_from_logical({i, y}));
        core.args.push_back(literal("row_noc_x", noc.x));
        core.args.push_back(literal("row_noc_y", noc.y));
      }
      for (uint32_t i = 0; i < static_cast<uint32_t>(g); ++i) {
        TESSERA_ASSIGN_OR_RETURN(sim::CoreCoord noc, op.chip.worker_noc_from_logical({x, i}));
        core.args.push_back(literal("column_noc_x", noc.x));
        core.args.push_back(literal("column_noc_y", noc.y));
      }
      dataflow.core_args.push_back(std::move(core));
    }
  }
  program.kernels = {std::move(dataflow), std::move(compute), shard_wait_kernel(result)};
  return program;
}

}  // namespace tessera::builder::metal_lowering
