// Every .ttm example, in either layout (build/examples/ and
// build/examples/current/), runs on the TTM0 runtime and reproduces its
// goldens; every generated TTM0 program ships in both layouts.
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
  auto goldens = program_goldens(*binary);
  ASSERT_TRUE(goldens.ok()) << goldens.error().describe();
  ASSERT_FALSE(goldens->inputs.empty()) << "a generated example carries golden inputs";
  auto inputs = golden_inputs(*binary, goldens->inputs, runtime::Runtime::kTtmetal);
  ASSERT_TRUE(inputs.ok()) << inputs.error().describe();
  auto device = runtime::open_device({});
  ASSERT_TRUE(device.ok()) << device.error().describe();
  auto result = runtime::submit(*device, *binary, 0, *inputs);
  ASSERT_TRUE(result.ok()) << result.error().describe();
  EXPECT_TRUE(result->leaks.empty()) << result->leaks.front();
  expect_matches_goldens(result->outputs, goldens->outputs, 1e-3);
  auto closed = runtime::close_device(*device);
  ASSERT_TRUE(closed.ok());
  EXPECT_TRUE(closed->empty());
}

std::string test_name(const ::testing::TestParamInfo<std::filesystem::path>& info) {
  std::string name = info.param.stem().string();
  if (info.param.parent_path().filename() == "current") name = "current_" + name;
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

std::vector<std::filesystem::path> both_layouts() {
  std::vector<std::filesystem::path> files = generated_example_files(".ttm");
  for (const auto& file : generated_example_files(".ttm", "current")) files.push_back(file);
  return files;
}

INSTANTIATE_TEST_SUITE_P(Examples, MetalExampleTest, ::testing::ValuesIn(both_layouts()),
                         test_name);

TEST(MetalExamples, SuiteIsPresent) {
  // The generated suite plus the JSON-built example.
  EXPECT_GE(example_files(".ttm").size(), 9u);
  EXPECT_GE(example_files(".ttm", "current").size(), 9u);
}

// current/X.ttm for every X.ttm the builder writes (the device_io variants
// are the 2024 convention; JSON-built examples carry no goldens).
TEST(MetalExamples, EveryGeneratedProgramShipsInBothLayouts) {
  for (const auto& file : example_files(".ttm")) {
    if (file.stem().string().ends_with("_device_io")) continue;
    auto binary = runtime::Binary::load(file.string());
    ASSERT_TRUE(binary.ok()) << binary.error().describe();
    auto goldens = program_goldens(*binary);
    ASSERT_TRUE(goldens.ok());
    if (goldens->inputs.empty()) continue;
    const auto twin = file.parent_path() / "current" / file.filename();
    auto current = runtime::Binary::load(twin.string());
    ASSERT_TRUE(current.ok()) << twin << ": " << current.error().describe();
    EXPECT_EQ(runtime::format_binary(*current).layout(), format::WireLayout::kCurrent) << twin;
  }
}

}  // namespace
}  // namespace tessera::builder::testing
