// One graph, two wire layouts: every TTM0 example the builder writes in the
// 2024 layout and in the current one carries the same goldens and, run on
// the same inputs, gives byte-identical outputs.
#include <gtest/gtest.h>

#include <map>

#include "example_runner.h"
#include "tessera/builder/example_suite.h"
#include "tessera/runtime/device.h"

namespace tessera::builder::testing {
namespace {

struct Pair {
  std::string name;
  std::vector<uint8_t> baseline, current;
};

std::vector<Pair> example_pairs() {
  auto chip = sim::builtin_chip_descriptor(sim::Arch::kWormholeB0);
  auto suite = build_example_suite(*chip);
  EXPECT_TRUE(suite.ok()) << suite.error().describe();
  std::map<std::string, Pair> pairs;
  const std::string folder = example_folder(format::WireLayout::kCurrent);
  for (ExampleBinary& example : *suite) {
    if (!example.file_name.ends_with(".ttm")) continue;
    if (example.file_name.starts_with(folder)) {
      std::string name = example.file_name.substr(folder.size());
      pairs[name].name = name;
      pairs[name].current = std::move(example.bytes);
    } else {
      pairs[example.file_name].name = example.file_name;
      pairs[example.file_name].baseline = std::move(example.bytes);
    }
  }
  std::vector<Pair> out;
  for (auto& [name, pair] : pairs) {
    if (!pair.current.empty()) out.push_back(std::move(pair));
  }
  return out;
}

struct Run {
  runtime::Binary binary;  // the goldens point into it
  ProgramGoldenData goldens;
  std::vector<runtime::Tensor> outputs;
};

// Runs `bytes` on `inputs` (its own golden inputs when null).
Result<Run> run(const std::vector<uint8_t>& bytes, const std::string& name,
                const std::vector<GoldenData>* inputs) {
  TESSERA_ASSIGN_OR_RETURN(runtime::Binary binary, runtime::Binary::load_memory(bytes, name));
  TESSERA_ASSIGN_OR_RETURN(ProgramGoldenData goldens, program_goldens(binary));
  TESSERA_ASSIGN_OR_RETURN(auto tensors, golden_inputs(binary, inputs ? *inputs : goldens.inputs,
                                                       runtime::Runtime::kTtmetal));
  TESSERA_ASSIGN_OR_RETURN(runtime::Device device, runtime::open_device({}));
  auto result = runtime::submit(device, binary, 0, tensors);
  TESSERA_RETURN_IF_ERROR(runtime::close_device(device).status());
  if (!result.ok()) return std::move(result).error();
  return Run{std::move(binary), std::move(goldens), std::move(result->outputs)};
}

void PrintTo(const Pair& pair, std::ostream* out) {
  *out << pair.name;
}

class LayoutsAgreeTest : public ::testing::TestWithParam<Pair> {};

TEST_P(LayoutsAgreeTest, SameGoldensAndByteIdenticalOutputs) {
  const Pair& pair = GetParam();
  auto baseline = run(pair.baseline, pair.name, nullptr);
  ASSERT_TRUE(baseline.ok()) << baseline.error().describe();
  // The current binary runs on the 2024 binary's golden inputs.
  auto current = run(pair.current, "current/" + pair.name, &baseline->goldens.inputs);
  ASSERT_TRUE(current.ok()) << current.error().describe();
  for (auto side : {&ProgramGoldenData::inputs, &ProgramGoldenData::outputs}) {
    const auto& a = baseline->goldens.*side;
    const auto& b = current->goldens.*side;
    ASSERT_EQ(a.size(), b.size());
    for (size_t i = 0; i < a.size(); ++i) {
      EXPECT_EQ(a[i].shape, b[i].shape);
      EXPECT_EQ(a[i].type, b[i].type);
      EXPECT_TRUE(
          std::equal(a[i].bytes.begin(), a[i].bytes.end(), b[i].bytes.begin(), b[i].bytes.end()))
          << "golden " << i;
    }
  }
  ASSERT_EQ(baseline->outputs.size(), current->outputs.size());
  for (size_t i = 0; i < baseline->outputs.size(); ++i) {
    auto a = baseline->outputs[i].bytes();
    auto b = current->outputs[i].bytes();
    EXPECT_TRUE(std::equal(a.begin(), a.end(), b.begin(), b.end())) << "output " << i;
  }
  expect_matches_goldens(current->outputs, current->goldens.outputs, 1e-3);
}

std::string pair_name(const ::testing::TestParamInfo<Pair>& info) {
  std::string name = info.param.name.substr(0, info.param.name.size() - 4);
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

INSTANTIATE_TEST_SUITE_P(Examples, LayoutsAgreeTest, ::testing::ValuesIn(example_pairs()),
                         pair_name);

TEST(LayoutsAgree, EveryExampleHasBothLayouts) {
  EXPECT_GE(example_pairs().size(), 11u);
}

}  // namespace
}  // namespace tessera::builder::testing
