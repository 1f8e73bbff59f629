// --per-op-golden's hooks, fed real TTNN ops with device outputs the test
// chooses: an op that is right for the inputs it was given passes on its
// own inputs, yet is named as the first divergence when the error an op
// upstream let through (within tolerance there) has grown past it along the
// chain from the program's inputs. Debug strings and locations are kept.
#include "../../src/tools/run/per_op_golden.h"

#include <gtest/gtest.h>

#include <cmath>

#include "../support/ttnn_program_writer.h"
#include "tessera/runtime/internal/operation_context.h"

namespace tessera::tools::run {
namespace {

namespace fb = ::tt::target;
namespace fbn = ::tt::target::ttnn;
using runtime::Tensor;

constexpr int kElements = 32 * 32;

Tensor float_tensor(uint32_t id, const std::vector<float>& values) {
  runtime::TensorInfo info;
  info.global_id = id;
  info.shape = {32, 32};
  info.stride = {32, 1};
  info.data_type = runtime::DataType::kFloat32;
  info.element_size = 4;
  info.size_bytes = values.size() * sizeof(float);
  std::span<const uint8_t> bytes(reinterpret_cast<const uint8_t*>(values.data()), info.size_bytes);
  return *Tensor::create_from_bytes(info, bytes, runtime::Runtime::kTtnn);
}

// One op as the hooks see it, with the operands the test gives.
class TestOp final : public runtime::OperationContext {
 public:
  TestOp(const fbn::Operation& op, uint32_t index, std::vector<std::pair<uint32_t, Tensor>> ins,
         std::pair<uint32_t, Tensor> out)
      : op_(op), index_(index), ins_(std::move(ins)), out_(std::move(out)) {}
  uint32_t op_index() const override { return index_; }
  std::string_view op_name() const override { return "EltwiseOp"; }
  std::string_view debug_string() const override {
    return op_.debug_info() ? op_.debug_info()->string_view() : std::string_view();
  }
  const fbn::Operation& operation() const override { return op_; }
  uint32_t num_inputs() const override { return static_cast<uint32_t>(ins_.size()); }
  Result<Tensor> input(uint32_t i) const override { return ins_.at(i).second; }
  uint32_t num_outputs() const override { return 1; }
  Result<Tensor> output(uint32_t) const override { return out_.second; }
  Result<uint32_t> input_id(uint32_t i) const override { return ins_.at(i).first; }
  Result<uint32_t> output_id(uint32_t) const override { return out_.first; }

 private:
  const fbn::Operation& op_;
  uint32_t index_;
  std::vector<std::pair<uint32_t, Tensor>> ins_;
  std::pair<uint32_t, Tensor> out_;
};

TEST(PerOpGoldenTest, TheChainNamesTheOpWhereUpstreamErrorGrowsPastTheTolerance) {
  // y = relu(x); d = y - w, with w = relu(x) given as an input: exactly 0.
  testing::TtnnProgramWriter writer;
  const testing::TtnnTensor x{1}, w{2}, y{3}, d{4};
  const std::vector relu_inputs{writer.ref(x)};
  const std::vector subtract_inputs{writer.ref(y), writer.ref(w)};
  writer.add(fbn::OpType::EltwiseOp,
             fbn::CreateEltwiseOpDirect(writer.fbb(), fbn::EltwiseOpType::Relu, &relu_inputs,
                                        writer.ref(y))
                 .Union(),
             R"(%3 = "ttnn.relu"(%1) loc("mlp.py":7:3))");
  writer.add(fbn::OpType::EltwiseOp,
             fbn::CreateEltwiseOpDirect(writer.fbb(), fbn::EltwiseOpType::Subtract,
                                        &subtract_inputs, writer.ref(d))
                 .Union(),
             R"(%4 = "ttnn.subtract"(%3, %2) loc("mlp.py":8:3))");
  const std::vector<uint8_t> bytes = writer.build({x, w}, {d});
  ASSERT_FALSE(bytes.empty());
  const auto* ops = fbn::GetSizePrefixedTTNNBinary(bytes.data())->programs()->Get(0)->operations();

  std::vector<float> xs(kElements), relu(kElements), y_device(kElements), d_device(kElements);
  for (int i = 0; i < kElements; ++i) {
    xs[i] = std::sin(0.37f * static_cast<float>(i)) * 2.0f;
    relu[i] = std::max(xs[i], 0.0f);
    // The device's relu is off by a little: PCC about 0.999, which passes.
    y_device[i] = relu[i] + 0.05f * std::cos(1.3f * static_cast<float>(i));
    d_device[i] = y_device[i] - relu[i];  // subtract itself is exact
  }
  std::vector<OpCheck> checks;
  std::vector<std::string> notes;
  Tolerances tolerances;
  PerOpGoldenHooks hooks = per_op_golden_hooks(tolerances, checks, notes);
  TestOp relu_op(*ops->Get(0), 0, {{1, float_tensor(1, xs)}}, {3, float_tensor(3, y_device)});
  TestOp subtract_op(*ops->Get(1), 1, {{3, float_tensor(3, y_device)}, {2, float_tensor(2, relu)}},
                     {4, float_tensor(4, d_device)});
  for (const TestOp* op : {&relu_op, &subtract_op}) {
    ASSERT_TRUE(hooks.before(*op).ok());
    ASSERT_TRUE(hooks.after(*op).ok());
  }
  ASSERT_TRUE(notes.empty()) << notes.front();
  ASSERT_EQ(checks.size(), 2u);
  // relu: the same comparison either way (its input is a program input).
  EXPECT_TRUE(checks[0].comparison.passed) << checks[0].comparison.message;
  ASSERT_TRUE(checks[0].chained.has_value());
  EXPECT_TRUE(checks[0].chained->passed);
  EXPECT_DOUBLE_EQ(checks[0].chained->pcc, checks[0].comparison.pcc);
  // subtract: right for what it was given, wrong along the chain (0 expected).
  EXPECT_TRUE(checks[1].comparison.passed) << checks[1].comparison.message;
  ASSERT_TRUE(checks[1].chained.has_value());
  EXPECT_FALSE(checks[1].chained->passed) << checks[1].chained->message;
  const OpCheck* first = first_chained_divergence(checks);
  ASSERT_NE(first, nullptr);
  EXPECT_EQ(first->op_index, 1u);
  EXPECT_EQ(first->location, R"(loc("mlp.py":8:3))");
  EXPECT_EQ(first->debug_info, R"(%4 = "ttnn.subtract"(%3, %2) loc("mlp.py":8:3))");
}

TEST(PerOpGoldenTest, AnExactDeviceMatchesAlongTheChainToo) {
  testing::TtnnProgramWriter writer;
  const testing::TtnnTensor x{1}, y{2};
  writer.eltwise(fbn::EltwiseOpType::Relu, {x}, y);
  const std::vector<uint8_t> bytes = writer.build({x}, {y});
  const auto* ops = fbn::GetSizePrefixedTTNNBinary(bytes.data())->programs()->Get(0)->operations();
  std::vector<float> xs(kElements), ys(kElements);
  for (int i = 0; i < kElements; ++i) {
    xs[i] = static_cast<float>(i % 17) - 8.0f;
    ys[i] = std::max(xs[i], 0.0f);
  }
  std::vector<OpCheck> checks;
  std::vector<std::string> notes;
  PerOpGoldenHooks hooks = per_op_golden_hooks(Tolerances{}, checks, notes);
  TestOp op(*ops->Get(0), 0, {{1, float_tensor(1, xs)}}, {2, float_tensor(2, ys)});
  ASSERT_TRUE(hooks.before(op).ok());
  ASSERT_TRUE(hooks.after(op).ok());
  ASSERT_EQ(checks.size(), 1u);
  EXPECT_TRUE(checks[0].chained && checks[0].chained->passed);
  EXPECT_EQ(checks[0].location, "");
  EXPECT_EQ(first_chained_divergence(checks), nullptr);
}

}  // namespace
}  // namespace tessera::tools::run
