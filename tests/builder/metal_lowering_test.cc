// The TTM0 lowering on random op chains, run on the TTM0 runtime in both
// wire layouts: results match the reference and each other byte for byte,
// including when buffers reuse freed addresses; and what the lowering
// cannot do is reported, not miscompiled.
#include "tessera/builder/metal_lowering.h"

#include <gtest/gtest.h>

#include <random>

#include "example_runner.h"
#include "tessera/runtime/device.h"
#include "tessera/runtime/internal/binary_access.h"
#include "tessera/sim/arch/chip_descriptor.h"

namespace tessera::builder {
namespace {

using tt::target::DataType;
using tt::target::MemorySpace;
using tt::target::ttnn::EltwiseOpType;

const sim::ChipDescriptor& chip() {
  static const sim::ChipDescriptor descriptor =
      *sim::builtin_chip_descriptor(sim::Arch::kWormholeB0);
  return descriptor;
}

// Runs a lowered binary on its own golden inputs; checks the outputs against
// its golden outputs and that no buffer outlives the program.
std::vector<std::vector<uint8_t>> run_and_compare(const std::vector<uint8_t>& bytes) {
  auto binary = runtime::Binary::load_memory(bytes, "lowered.ttm");
  EXPECT_TRUE(binary.ok()) << binary.error().describe();
  if (!binary.ok()) return {};
  auto goldens = testing::program_goldens(*binary);
  EXPECT_TRUE(goldens.ok()) << goldens.error().describe();
  if (!goldens.ok()) return {};
  auto inputs = testing::golden_inputs(*binary, goldens->inputs, runtime::Runtime::kTtmetal);
  EXPECT_TRUE(inputs.ok()) << inputs.error().describe();
  auto device = runtime::open_device({});
  EXPECT_TRUE(device.ok());
  if (!inputs.ok() || !device.ok()) return {};
  auto result = runtime::submit(*device, *binary, 0, *inputs);
  auto closed = runtime::close_device(*device);
  EXPECT_TRUE(result.ok()) << result.error().describe();
  EXPECT_TRUE(closed.ok());
  if (!result.ok() || !closed.ok()) return {};
  EXPECT_TRUE(closed->empty()) << "a buffer outlived the program";
  testing::expect_matches_goldens(result->outputs, goldens->outputs, 1e-3);
  std::vector<std::vector<uint8_t>> outputs;
  for (const runtime::Tensor& output : result->outputs) {
    outputs.emplace_back(output.bytes().begin(), output.bytes().end());
  }
  return outputs;
}

TEST(MetalLowering, RandomChainsRunAndMatchTheReference) {
  Placement rows{MemorySpace::DeviceL1, Layout::kRowMajor, 2, 2};
  Placement tiles{MemorySpace::DeviceL1, Layout::kTile, 2, 2};
  std::mt19937 random(5);
  for (int trial = 0; trial < 4; ++trial) {
    Graph graph("chain_" + std::to_string(trial));
    std::vector<TensorId> pool = {
        graph.input("a", {64, 128}, DataType::Float32, rows, {.seed = 1u + trial}),
        graph.input("b", {64, 128}, DataType::Float32, rows, {.seed = 100u + trial})};
    for (int i = 0; i < 6; ++i) {
      TensorId a = pool[random() % pool.size()];
      TensorId b = pool[random() % pool.size()];
      Result<TensorId> next = make_error(ErrorCode::kInternal, "");
      bool same = graph.tensor(a).placement.layout == graph.tensor(b).placement.layout;
      switch (random() % 5) {
        case 0:
          next =
              graph.relayout(a, graph.tensor(a).placement.layout == Layout::kTile ? rows : tiles);
          break;
        case 1:
          next = same ? graph.eltwise(EltwiseOpType::Subtract, {a, b})
                      : graph.eltwise(EltwiseOpType::Relu, {a});
          break;
        case 2:
          next = same ? graph.eltwise(EltwiseOpType::Multiply, {a, b})
                      : graph.eltwise(EltwiseOpType::Neg, {b});
          break;
        case 3: {  // through DRAM and back, layout kept
          Placement dram{MemorySpace::DeviceDRAM, graph.tensor(a).placement.layout, 1, 1};
          auto stored = graph.relayout(a, dram);
          ASSERT_TRUE(stored.ok());
          next = graph.relayout(*stored, graph.tensor(a).placement);
          break;
        }
        default:
          next = graph.eltwise(EltwiseOpType::Abs, {a});
          break;
      }
      ASSERT_TRUE(next.ok()) << next.error().describe();
      pool.push_back(*next);
    }
    TensorId last = pool.back();
    if (graph.tensor(last).placement.layout == Layout::kTile) {
      auto untiled = graph.relayout(last, rows);
      ASSERT_TRUE(untiled.ok());
      last = *untiled;
    }
    graph.output(last);
    SCOPED_TRACE(graph.name());
    auto lowered = lower_to_metal(graph, chip());
    ASSERT_TRUE(lowered.ok()) << lowered.error().describe();
    auto current = lower_to_metal(graph, chip(), {.layout = format::WireLayout::kCurrent});
    ASSERT_TRUE(current.ok()) << current.error().describe();
    auto baseline_outputs = run_and_compare(lowered->binary);
    EXPECT_FALSE(baseline_outputs.empty());
    EXPECT_EQ(run_and_compare(current->binary), baseline_outputs) << "the layouts disagree";
  }
}

TEST(MetalLowering, UnsupportedOpsAreReported) {
  Graph graph("conv");
  Placement rows{MemorySpace::DeviceL1, Layout::kRowMajor, 1, 1};
  TensorId x = graph.input("x", {32, 32}, DataType::Float32, rows);
  auto y = graph.transpose(x, 0, 1);
  ASSERT_TRUE(y.ok());
  graph.output(*y);
  auto lowered = lower_to_metal(graph, chip());
  ASSERT_FALSE(lowered.ok());
  EXPECT_EQ(lowered.error().code(), ErrorCode::kUnimplemented);
  EXPECT_NE(lowered.error().describe().find("TransposeOp"), std::string::npos)
      << lowered.error().describe();
}

TEST(MetalLowering, BroadcastingEltwiseIsReported) {
  Graph graph("broadcast");
  Placement rows{MemorySpace::DeviceL1, Layout::kRowMajor, 1, 1};
  TensorId a = graph.input("a", {32, 32}, DataType::Float32, rows);
  TensorId b = graph.input("b", {1, 32}, DataType::Float32, rows);
  auto sum = graph.eltwise(EltwiseOpType::Add, {a, b});
  ASSERT_TRUE(sum.ok());
  graph.output(*sum);
  auto lowered = lower_to_metal(graph, chip());
  ASSERT_FALSE(lowered.ok());
  EXPECT_NE(lowered.error().describe().find("no broadcasting"), std::string::npos);
}

}  // namespace
}  // namespace tessera::builder
