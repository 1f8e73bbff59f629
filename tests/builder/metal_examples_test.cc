// Every .ttm example runs on the TTM0 runtime and reproduces its goldens.
#include <gtest/gtest.h>

#include <cctype>

#include "example_runner.h"
#include "tessera/runtime/device.h"
#include "tessera/runtime/internal/binary_access.h"

namespace tessera::builder::testing {
namespace {

class MetalExampleTest : public ::testing::TestWithParam<std::filesystem::path> {};

TEST_P(MetalExampleTest, MatchesGoldens) {
  auto binary = runtime::Binary::load(GetParam().string());
  ASSERT_TRUE(binary.ok()) << binary.error().describe();
  const auto* program = runtime::format_binary(*binary).metal()->programs()->Get(0);
  if (!program->golden_inputs() || program->golden_inputs()->size() == 0) {
    GTEST_SKIP() << "no golden inputs (an example built from JSON)";
  }
  auto inputs = golden_inputs(*binary, program->golden_inputs(), runtime::Runtime::kTtmetal);
  ASSERT_TRUE(inputs.ok()) << inputs.error().describe();
  auto device = runtime::open_device({});
  ASSERT_TRUE(device.ok()) << device.error().describe();
  auto result = runtime::submit(*device, *binary, 0, *inputs);
  ASSERT_TRUE(result.ok()) << result.error().describe();
  EXPECT_TRUE(result->leaks.empty()) << result->leaks.front();
  expect_matches_goldens(result->outputs, program->golden_outputs(), 1e-3);
  auto closed = runtime::close_device(*device);
  ASSERT_TRUE(closed.ok());
  EXPECT_TRUE(closed->empty());
}

std::string test_name(const ::testing::TestParamInfo<std::filesystem::path>& info) {
  std::string name = info.param.stem().string();
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

INSTANTIATE_TEST_SUITE_P(Examples, MetalExampleTest, ::testing::ValuesIn(example_files(".ttm")),
                         test_name);

TEST(MetalExamples, SuiteIsPresent) {
  // The generated suite plus the JSON-built example.
  EXPECT_GE(example_files(".ttm").size(), 9u);
}

}  // namespace
}  // namespace tessera::builder::testing
