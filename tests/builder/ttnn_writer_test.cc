// A graph with every TTNN op: the writer emits each op kind, the reference
// evaluator applied to the written binary reproduces the graph's goldens, and
// the TTNN runtime reproduces them too.
#include "tessera/builder/ttnn_writer.h"

#include <gtest/gtest.h>

#include <map>
#include <set>

#include "example_runner.h"
#include "tessera/builder/reference_evaluator.h"
#include "tessera/format/ttnn_operands.h"
#include "tessera/runtime/device.h"
#include "tessera/runtime/internal/binary_access.h"
#include "tessera/sim/arch/chip_descriptor.h"

namespace tessera::builder {
namespace {

namespace ttnn = tt::target::ttnn;
using tt::target::DataType;
using tt::target::MemorySpace;
using ttnn::EltwiseOpType;

#define ASSIGN_OR_FAIL(lhs, expr)                                    \
  auto lhs##_result = (expr);                                        \
  ASSERT_TRUE(lhs##_result.ok()) << lhs##_result.error().describe(); \
  TensorId lhs = *lhs##_result

// Every op kind once; op results become program outputs.
void build_every_op(Graph& graph) {
  Placement tiles{MemorySpace::DeviceDRAM, Layout::kTile, 1, 1};
  Placement rows{MemorySpace::DeviceDRAM, Layout::kRowMajor, 1, 1};
  TensorId x = graph.input("x", {2, 32, 64}, DataType::Float32, tiles, {.seed = 1});
  TensorId y =
      graph.input("y", {2, 32, 64}, DataType::Float32, tiles, {.seed = 2, .low = 0.5, .high = 1.5});
  std::vector<TensorId> results;
  auto keep = [&](Result<TensorId> id) {
    EXPECT_TRUE(id.ok()) << id.error().describe();
    if (id.ok()) results.push_back(*id);
    return id.ok() ? *id : x;
  };
  for (EltwiseOpType binary :
       {EltwiseOpType::Add, EltwiseOpType::Multiply, EltwiseOpType::Subtract, EltwiseOpType::Div,
        EltwiseOpType::Maximum, EltwiseOpType::Minimum}) {
    keep(graph.eltwise(binary, {x, y}));
  }
  TensorId ge = keep(graph.eltwise(EltwiseOpType::GreaterEqual, {x, y}));
  keep(graph.eltwise(EltwiseOpType::Where, {ge, x, y}));
  for (EltwiseOpType unary :
       {EltwiseOpType::Relu, EltwiseOpType::Sigmoid, EltwiseOpType::Exp, EltwiseOpType::Neg,
        EltwiseOpType::Abs, EltwiseOpType::Tanh, EltwiseOpType::Gelu}) {
    keep(graph.eltwise(unary, {x}));
  }
  for (EltwiseOpType positive :
       {EltwiseOpType::Sqrt, EltwiseOpType::Reciprocal, EltwiseOpType::Log}) {
    keep(graph.eltwise(positive, {y}));
  }
  keep(graph.eltwise(EltwiseOpType::Typecast, {x}, std::nullopt, DataType::BFloat16));
  keep(graph.reduce(ttnn::ReductionOpType::Sum, x, {-1}, true));
  keep(graph.reduce(ttnn::ReductionOpType::Mean, x, {1}, false));
  keep(graph.reduce(ttnn::ReductionOpType::Max, x, {}, false));
  keep(graph.softmax(x, -1));
  keep(graph.transpose(x, -2, -1));
  keep(graph.permute(x, {2, 0, 1}));
  keep(graph.slice(x, {0, 0, 0}, {2, 32, 64}, {1, 2, 4}));
  keep(graph.concat({x, y}, 1));
  keep(graph.pad(x, {0, 1, 2, 0, 3, 29}, -0.5f));
  keep(graph.reshape(x, {64, 64}));
  TensorId w = graph.input("w", {64, 32}, DataType::Float32, tiles, {.seed = 3});
  TensorId bias = graph.input("bias", {1, 32}, DataType::Float32, tiles, {.seed = 4});
  keep(graph.matmul(x, w));
  keep(graph.linear(x, w, bias));
  keep(graph.linear(x, w, std::nullopt));
  TensorId indices = graph.input("indices", {1, 8}, DataType::UInt32, rows,
                                 {.seed = 5, .low = 0, .high = 15, .integers = true});
  TensorId table = graph.input("table", {16, 64}, DataType::Float32, rows, {.seed = 6});
  keep(graph.embedding(indices, table));
  OpAttributes conv;
  conv.in_channels = 4;
  conv.out_channels = 8;
  conv.batch = 2;
  conv.height = conv.width = 6;
  conv.kernel_h = conv.kernel_w = 3;
  conv.pad_h = conv.pad_w = 1;
  conv.stride_h = conv.stride_w = 1;
  TensorId image = graph.input("image", {1, 1, 72, 4}, DataType::Float32, rows, {.seed = 7});
  TensorId filters = graph.input("filters", {8, 4, 3, 3}, DataType::Float32, rows, {.seed = 8});
  TensorId conv_bias = graph.input("conv_bias", {1, 1, 1, 8}, DataType::Float32, rows, {.seed = 9});
  keep(graph.conv2d(image, filters, conv_bias, conv));
  OpAttributes pool;
  pool.in_channels = 4;
  pool.batch = 2;
  pool.height = pool.width = 6;
  pool.kernel_h = pool.kernel_w = 2;
  pool.stride_h = pool.stride_w = 2;
  keep(graph.max_pool2d(image, pool));
  keep(graph.full({2, 32}, 1.5f, DataType::Float32, tiles));
  (void)graph.empty({2, 32}, DataType::Float32, tiles);  // values unspecified: not an output
  keep(graph.relayout(x, rows));
  keep(graph.relayout(x, Placement{MemorySpace::DeviceL1, Layout::kTile, 1, 1}));
  for (TensorId result : results) graph.output(result);
}

const sim::ChipDescriptor& chip() {
  static const sim::ChipDescriptor descriptor =
      *sim::builtin_chip_descriptor(sim::Arch::kWormholeB0);
  return descriptor;
}

std::vector<uint8_t> every_op_binary() {
  Graph graph("every_op");
  build_every_op(graph);
  auto bytes = write_ttnn_binary(graph, chip(), {.to_from_device_ops = true});
  EXPECT_TRUE(bytes.ok()) << bytes.error().describe();
  return bytes.ok() ? *bytes : std::vector<uint8_t>{};
}

TEST(TtnnWriter, WritesEveryOpKind) {
  auto binary = format::Binary::load_memory(every_op_binary(), "every_op.ttnn");
  ASSERT_TRUE(binary.ok()) << binary.error().describe();
  std::set<ttnn::OpType> written;
  for (const ttnn::Operation* op : *binary->ttnn()->programs()->Get(0)->operations()) {
    written.insert(op->type_type());
  }
  for (auto type : ttnn::EnumValuesOpType()) {
    if (type == ttnn::OpType::NONE) continue;
    EXPECT_TRUE(written.count(type)) << ttnn::EnumNameOpType(type) << " is never written";
  }
}

TEST(TtnnWriter, ReferenceEvaluatorOnTheBinaryReproducesTheGoldens) {
  auto binary = format::Binary::load_memory(every_op_binary(), "every_op.ttnn");
  ASSERT_TRUE(binary.ok()) << binary.error().describe();
  const auto* program = binary->ttnn()->programs()->Get(0);
  std::map<uint32_t, RefTensor> values;
  for (uint32_t i = 0; i < program->inputs()->size(); ++i) {
    auto golden = decode_golden(*program->golden_inputs()->Get(i));
    ASSERT_TRUE(golden.ok());
    values[program->inputs()->Get(i)->global_id()] = *golden;
  }
  for (const ttnn::Operation* op : *program->operations()) {
    const format::TtnnOperands operands = format::ttnn_operands(*op);
    std::vector<RefTensor> ins;
    for (const auto* ref : operands.inputs) ins.push_back(values.at(ref->global_id()));
    auto outs = evaluate_ttnn_operation(*op, ins);
    ASSERT_TRUE(outs.ok()) << outs.error().describe();
    if (!operands.outputs.empty()) values[operands.outputs.front()->global_id()] = outs->at(0);
  }
  ASSERT_EQ(program->outputs()->size(), program->golden_outputs()->size());
  for (uint32_t i = 0; i < program->outputs()->size(); ++i) {
    auto golden = decode_golden(*program->golden_outputs()->Get(i));
    ASSERT_TRUE(golden.ok());
    const RefTensor& computed = values.at(program->outputs()->Get(i)->global_id());
    EXPECT_EQ(computed.shape, golden->shape) << program->golden_outputs()->Get(i)->name()->str();
    EXPECT_EQ(computed.values, golden->values) << program->golden_outputs()->Get(i)->name()->str();
  }
}

TEST(TtnnWriter, RuntimeReproducesTheGoldens) {
  auto binary = runtime::Binary::load_memory(every_op_binary(), "every_op.ttnn");
  ASSERT_TRUE(binary.ok()) << binary.error().describe();
  const auto* program = runtime::format_binary(*binary).ttnn()->programs()->Get(0);
  auto inputs = testing::golden_inputs(*binary, program->golden_inputs(), runtime::Runtime::kTtnn);
  ASSERT_TRUE(inputs.ok()) << inputs.error().describe();
  auto device = runtime::open_device({});
  ASSERT_TRUE(device.ok());
  auto result = runtime::submit(*device, *binary, 0, *inputs);
  ASSERT_TRUE(runtime::close_device(*device).ok());
  if (!result.ok() && result.error().code() == ErrorCode::kUnimplemented) {
    GTEST_SKIP() << result.error().describe();
  }
  ASSERT_TRUE(result.ok()) << result.error().describe();
  EXPECT_TRUE(result->leaks.empty()) << result->leaks.front();
  testing::expect_matches_goldens(result->outputs, program->golden_outputs(), 2e-2);
}

}  // namespace
}  // namespace tessera::builder
