// Every .ttnn example runs on the TTNN runtime and reproduces its goldens;
// and the reference evaluator, applied op by op to the binary itself,
// reproduces the golden outputs from the golden inputs.
#include <gtest/gtest.h>

#include <cctype>
#include <map>

#include "example_runner.h"
#include "tessera/builder/reference_evaluator.h"
#include "tessera/format/ttnn_operands.h"
#include "tessera/runtime/device.h"
#include "tessera/runtime/internal/binary_access.h"

namespace tessera::builder::testing {
namespace {

namespace ttnn = tt::target::ttnn;

class TtnnExampleTest : public ::testing::TestWithParam<std::filesystem::path> {};

TEST_P(TtnnExampleTest, MatchesGoldens) {
  auto binary = runtime::Binary::load(GetParam().string());
  ASSERT_TRUE(binary.ok()) << binary.error().describe();
  const auto* program = runtime::format_binary(*binary).ttnn()->programs()->Get(0);
  ASSERT_TRUE(program->golden_inputs() && program->golden_inputs()->size() > 0)
      << "a generated example carries golden inputs";
  auto inputs = golden_inputs(*binary, program->golden_inputs(), runtime::Runtime::kTtnn);
  ASSERT_TRUE(inputs.ok()) << inputs.error().describe();
  auto device = runtime::open_device({});
  ASSERT_TRUE(device.ok()) << device.error().describe();
  auto result = runtime::submit(*device, *binary, 0, *inputs);
  auto closed = runtime::close_device(*device);
  ASSERT_TRUE(closed.ok());
  if (!result.ok() && result.error().code() == ErrorCode::kUnimplemented) {
    GTEST_SKIP() << result.error().describe();
  }
  ASSERT_TRUE(result.ok()) << result.error().describe();
  expect_matches_goldens(result->outputs, program->golden_outputs(), 2e-3);
}

TEST_P(TtnnExampleTest, ReferenceEvaluatorReproducesGoldens) {
  auto binary = runtime::Binary::load(GetParam().string());
  ASSERT_TRUE(binary.ok()) << binary.error().describe();
  const auto* program = runtime::format_binary(*binary).ttnn()->programs()->Get(0);
  ASSERT_TRUE(program->golden_inputs() && program->golden_inputs()->size() > 0)
      << "a generated example carries golden inputs";
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
    if (!operands.outputs.empty()) {
      const auto* out = operands.outputs.front();
      ASSERT_EQ(outs->size(), 1u);
      values[out->global_id()] = outs->front();
    }
  }
  for (uint32_t i = 0; i < program->outputs()->size(); ++i) {
    auto golden = decode_golden(*program->golden_outputs()->Get(i));
    ASSERT_TRUE(golden.ok());
    const RefTensor& computed = values.at(program->outputs()->Get(i)->global_id());
    EXPECT_EQ(computed.shape, golden->shape);
    EXPECT_EQ(computed.values, golden->values);
  }
}

std::string test_name(const ::testing::TestParamInfo<std::filesystem::path>& info) {
  std::string name = info.param.stem().string();
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

INSTANTIATE_TEST_SUITE_P(Examples, TtnnExampleTest,
                         ::testing::ValuesIn(generated_example_files(".ttnn")), test_name);

}  // namespace
}  // namespace tessera::builder::testing
