// The example graphs. Inputs are generated from fixed seeds, so every build
// writes the same bytes.
#include "tessera/builder/example_suite.h"

#include <algorithm>
#include <functional>

#include "tessera/builder/graph.h"
#include "tessera/builder/metal_lowering.h"
#include "tessera/builder/ttnn_writer.h"

namespace tessera::builder {
namespace {

using tt::target::DataType;
using tt::target::MemorySpace;
using tt::target::ttnn::EltwiseOpType;

constexpr DataType kF32 = DataType::Float32;

Placement l1_rows(int grid_y = 1, int grid_x = 1) {
  return {MemorySpace::DeviceL1, Layout::kRowMajor, grid_y, grid_x};
}
Placement l1_tiles(int grid_y = 1, int grid_x = 1) {
  return {MemorySpace::DeviceL1, Layout::kTile, grid_y, grid_x};
}
Placement dram_tiles() {
  return {MemorySpace::DeviceDRAM, Layout::kTile, 1, 1};
}
Placement dram_rows() {
  return {MemorySpace::DeviceDRAM, Layout::kRowMajor, 1, 1};
}

// out = a * b, elementwise, 64x128 f32 in L1.
Result<Graph> eltwise_multiply() {
  Graph graph("eltwise_multiply_64x128");
  TensorId a = graph.input("lhs", {64, 128}, kF32, l1_rows(), {.seed = 11});
  TensorId b = graph.input("rhs", {64, 128}, kF32, l1_rows(), {.seed = 12});
  TESSERA_ASSIGN_OR_RETURN(TensorId out, graph.eltwise(EltwiseOpType::Multiply, {a, b}));
  graph.output(out);
  return graph;
}

// out = a + b on tiles: tilize both, add, untilize.
Result<Graph> eltwise_add() {
  Graph graph("eltwise_add_64x128");
  TensorId a = graph.input("lhs", {64, 128}, kF32, l1_rows(), {.seed = 21});
  TensorId b = graph.input("rhs", {64, 128}, kF32, l1_rows(), {.seed = 22});
  TESSERA_ASSIGN_OR_RETURN(TensorId a_tiles, graph.relayout(a, l1_tiles()));
  TESSERA_ASSIGN_OR_RETURN(TensorId b_tiles, graph.relayout(b, l1_tiles()));
  TESSERA_ASSIGN_OR_RETURN(TensorId sum, graph.eltwise(EltwiseOpType::Add, {a_tiles, b_tiles}));
  TESSERA_ASSIGN_OR_RETURN(TensorId out, graph.relayout(sum, l1_rows()));
  graph.output(out);
  return graph;
}

// Tilize then untilize: the values come back unchanged.
Result<Graph> to_layout() {
  Graph graph("to_layout_64x128");
  TensorId in = graph.input("input", {64, 128}, kF32, l1_rows(), {.seed = 31});
  TESSERA_ASSIGN_OR_RETURN(TensorId tiles, graph.relayout(in, l1_tiles()));
  TESSERA_ASSIGN_OR_RETURN(TensorId out, graph.relayout(tiles, l1_rows()));
  graph.output(out);
  return graph;
}

// Tilize on 1x1, reblock through `grids`, untilize on the last grid.
Result<Graph> reblock(std::string name, std::vector<int64_t> shape,
                      std::vector<std::pair<int, int>> grids, uint64_t seed) {
  Graph graph(std::move(name));
  TensorId current = graph.input("input", shape, kF32, l1_rows(), {.seed = seed});
  TESSERA_ASSIGN_OR_RETURN(current, graph.relayout(current, l1_tiles()));
  for (auto [y, x] : grids) {
    TESSERA_ASSIGN_OR_RETURN(current, graph.relayout(current, l1_tiles(y, x)));
  }
  auto [y, x] = grids.back();
  TESSERA_ASSIGN_OR_RETURN(TensorId out, graph.relayout(current, l1_rows(y, x)));
  graph.output(out);
  return graph;
}

// [M, K] x [K, N] on a g x g grid of cores: tilize, matmul, untilize.
Result<Graph> matmul(std::string name, int64_t m, int64_t k, int64_t n, int grid) {
  Graph graph(std::move(name));
  TensorId a = graph.input("in0", {m, k}, kF32, l1_rows(grid, grid), {.seed = 41});
  TensorId b = graph.input("in1", {k, n}, kF32, l1_rows(grid, grid), {.seed = 42});
  TESSERA_ASSIGN_OR_RETURN(TensorId a_tiles, graph.relayout(a, l1_tiles(grid, grid)));
  TESSERA_ASSIGN_OR_RETURN(TensorId b_tiles, graph.relayout(b, l1_tiles(grid, grid)));
  TESSERA_ASSIGN_OR_RETURN(TensorId product, graph.matmul(a_tiles, b_tiles));
  TESSERA_ASSIGN_OR_RETURN(TensorId out, graph.relayout(product, l1_rows(grid, grid)));
  graph.output(out);
  return graph;
}

// softmax(relu(x @ w1 + b1) @ w2 + b2), tensors in DRAM as tiles.
Result<Graph> mlp() {
  Graph graph("mlp");
  TensorId x = graph.input("x", {32, 64}, kF32, dram_tiles(), {.seed = 51});
  TensorId w1 =
      graph.input("w1", {64, 128}, kF32, dram_tiles(), {.seed = 52, .low = -0.2, .high = 0.2});
  TensorId b1 =
      graph.input("b1", {1, 128}, kF32, dram_tiles(), {.seed = 53, .low = -0.1, .high = 0.1});
  TensorId w2 =
      graph.input("w2", {128, 32}, kF32, dram_tiles(), {.seed = 54, .low = -0.2, .high = 0.2});
  TensorId b2 =
      graph.input("b2", {1, 32}, kF32, dram_tiles(), {.seed = 55, .low = -0.1, .high = 0.1});
  TESSERA_ASSIGN_OR_RETURN(TensorId h, graph.matmul(x, w1));
  TESSERA_ASSIGN_OR_RETURN(h, graph.eltwise(EltwiseOpType::Add, {h, b1}));
  TESSERA_ASSIGN_OR_RETURN(h, graph.eltwise(EltwiseOpType::Relu, {h}));
  TESSERA_ASSIGN_OR_RETURN(TensorId logits, graph.linear(h, w2, b2));
  TESSERA_ASSIGN_OR_RETURN(TensorId out, graph.softmax(logits, -1));
  graph.output(out);
  return graph;
}

// maxpool2x2(relu(conv3x3(x) + bias)) on an 8x8x16 NHWC image, flattened.
Result<Graph> conv_block() {
  Graph graph("conv_block");
  OpAttributes conv;
  conv.in_channels = 16;
  conv.out_channels = 32;
  conv.batch = 1;
  conv.height = 8;
  conv.width = 8;
  conv.kernel_h = conv.kernel_w = 3;
  conv.pad_h = conv.pad_w = 1;
  TensorId x = graph.input("input", {1, 1, 64, 16}, kF32, dram_rows(), {.seed = 61});
  TensorId w = graph.input("weight", {32, 16, 3, 3}, kF32, dram_rows(),
                           {.seed = 62, .low = -0.2, .high = 0.2});
  TensorId b =
      graph.input("bias", {1, 1, 1, 32}, kF32, dram_rows(), {.seed = 63, .low = -0.1, .high = 0.1});
  TESSERA_ASSIGN_OR_RETURN(TensorId y, graph.conv2d(x, w, b, conv));
  TESSERA_ASSIGN_OR_RETURN(y, graph.eltwise(EltwiseOpType::Relu, {y}));
  OpAttributes pool;
  pool.in_channels = 32;
  pool.batch = 1;
  pool.height = 8;
  pool.width = 8;
  pool.kernel_h = pool.kernel_w = 2;
  pool.stride_h = pool.stride_w = 2;
  TESSERA_ASSIGN_OR_RETURN(TensorId out, graph.max_pool2d(y, pool));
  graph.output(out);
  return graph;
}

// Softmax along rows of a tiled tensor split over two cores by rows.
Result<Graph> row_softmax() {
  Graph graph("softmax_64x128");
  TensorId in =
      graph.input("input", {64, 128}, kF32, l1_rows(2, 1), {.seed = 81, .low = -4, .high = 4});
  TESSERA_ASSIGN_OR_RETURN(TensorId tiles, graph.relayout(in, l1_tiles(2, 1)));
  TESSERA_ASSIGN_OR_RETURN(TensorId soft, graph.softmax(tiles, -1));
  TESSERA_ASSIGN_OR_RETURN(TensorId out, graph.relayout(soft, l1_rows(2, 1)));
  graph.output(out);
  return graph;
}

// Row sums and row means of one tensor: two outputs of shape [64, 1].
Result<Graph> row_reductions() {
  using tt::target::ttnn::ReductionOpType;
  Graph graph("reduce_rows_64x128");
  TensorId in = graph.input("input", {64, 128}, kF32, l1_rows(), {.seed = 91});
  TESSERA_ASSIGN_OR_RETURN(TensorId tiles, graph.relayout(in, l1_tiles()));
  TESSERA_ASSIGN_OR_RETURN(TensorId sum,
                           graph.reduce(ReductionOpType::Sum, tiles, {-1}, true, l1_rows()));
  TESSERA_ASSIGN_OR_RETURN(TensorId mean,
                           graph.reduce(ReductionOpType::Mean, tiles, {1}, true, l1_rows()));
  graph.output(sum);
  graph.output(mean);
  return graph;
}

// out = a * b with bfloat16 values (goldens stored as bf16).
Result<Graph> eltwise_multiply_bf16() {
  Graph graph("eltwise_multiply_bf16_64x128");
  TensorId a = graph.input("lhs", {64, 128}, DataType::BFloat16, l1_rows(), {.seed = 101});
  TensorId b = graph.input("rhs", {64, 128}, DataType::BFloat16, l1_rows(), {.seed = 102});
  TESSERA_ASSIGN_OR_RETURN(TensorId out, graph.eltwise(EltwiseOpType::Multiply, {a, b}));
  graph.output(out);
  return graph;
}

// a + b with inputs and output in DRAM: move to L1, tilize, add, untilize,
// move back.
Result<Graph> eltwise_add_dram() {
  Graph graph("eltwise_add_dram_64x128");
  TensorId a = graph.input("lhs", {64, 128}, kF32, dram_rows(), {.seed = 111});
  TensorId b = graph.input("rhs", {64, 128}, kF32, dram_rows(), {.seed = 112});
  std::vector<TensorId> tiles;
  for (TensorId in : {a, b}) {
    TESSERA_ASSIGN_OR_RETURN(TensorId l1, graph.relayout(in, l1_rows(2, 2)));
    TESSERA_ASSIGN_OR_RETURN(TensorId tiled, graph.relayout(l1, l1_tiles(2, 2)));
    tiles.push_back(tiled);
  }
  TESSERA_ASSIGN_OR_RETURN(TensorId sum, graph.eltwise(EltwiseOpType::Add, tiles));
  TESSERA_ASSIGN_OR_RETURN(TensorId rows, graph.relayout(sum, l1_rows(2, 2)));
  TESSERA_ASSIGN_OR_RETURN(TensorId out, graph.relayout(rows, dram_rows()));
  graph.output(out);
  return graph;
}

using GraphFactory = std::function<Result<Graph>()>;

struct Entry {
  GraphFactory graph;
  bool ttm = false;
  bool ttnn = false;
  // Also "<name>_device_io.ttm": the same program in the 2024 compiler's
  // convention, program inputs and outputs on device (ProgramIo::kRuntime).
  bool ttm_device_io = false;
};

std::vector<Entry> suite() {
  return {
      // The three historical silicon tests come in both conventions.
      {eltwise_multiply, true, false, true},
      {to_layout, true, false, true},
      {[] {
         return reblock("reblock_64x128", {64, 128}, {{2, 2}}, 71);
       },
       true, false, true},
      {[] {
         return reblock("reblock_2x3x64x128", {2, 3, 64, 128}, {{2, 2}}, 72);
       },
       true, false, true},
      {[] {
         return reblock("reblock_96x192", {96, 192}, {{3, 2}, {3, 6}, {1, 1}}, 73);
       },
       true, false, true},
      {eltwise_add, true, true},
      {[] { return matmul("matmul_64x128x96", 64, 128, 96, 1); }, true, true},
      {mlp, false, true},
      {conv_block, false, true},
      {[] { return matmul("matmul_multicast_2x2", 128, 128, 128, 2); }, true, false},
      {row_softmax, true, true},
      {row_reductions, true, true},
      {eltwise_multiply_bf16, true, true},
      {eltwise_add_dram, true, true},
  };
}

}  // namespace

std::string example_folder(format::WireLayout layout) {
  return layout == format::WireLayout::kCurrent ? "current/" : "";
}

Result<std::vector<ExampleBinary>> build_example_suite(const sim::ChipDescriptor& chip,
                                                       const ExampleSuiteOptions& options) {
  auto wants = [&](format::WireLayout layout) {
    return std::find(options.ttm_layouts.begin(), options.ttm_layouts.end(), layout) !=
           options.ttm_layouts.end();
  };
  std::vector<ExampleBinary> examples;
  auto add_ttm = [&](const Graph& graph, const std::string& name,
                     const MetalLoweringOptions& lowering) -> Status {
    auto lowered = lower_to_metal(graph, chip, lowering);
    if (!lowered.ok()) return std::move(lowered).error().add_context(name);
    examples.push_back({name, std::move(lowered->binary)});
    return ok_status();
  };
  for (const Entry& entry : suite()) {
    TESSERA_ASSIGN_OR_RETURN(Graph graph, entry.graph());
    for (format::WireLayout layout : {format::WireLayout::k2024, format::WireLayout::kCurrent}) {
      if (!entry.ttm || !wants(layout)) continue;
      TESSERA_RETURN_IF_ERROR(
          add_ttm(graph, example_folder(layout) + graph.name() + ".ttm", {.layout = layout}));
    }
    if (entry.ttm_device_io && wants(format::WireLayout::k2024)) {
      TESSERA_RETURN_IF_ERROR(
          add_ttm(graph, graph.name() + "_device_io.ttm", {.io = ProgramIo::kRuntime}));
    }
    if (entry.ttnn) {
      auto written = write_ttnn_binary(graph, chip);
      if (!written.ok()) return std::move(written).error().add_context(graph.name() + ".ttnn");
      examples.push_back({graph.name() + ".ttnn", std::move(written).value()});
    }
  }
  return examples;
}

}  // namespace tessera::builder
