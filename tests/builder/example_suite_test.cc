// The example suite: deterministic, listed in examples/CMakeLists.txt, and
// every example carries goldens.
#include "tessera/builder/example_suite.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "tessera/format/binary.h"
#include "tessera/format/current_generated.h"
#include "tessera/format/generated.h"
#include "tessera/format/json.h"

namespace tessera::builder {
namespace {

const sim::ChipDescriptor& chip() {
  static const sim::ChipDescriptor descriptor =
      *sim::builtin_chip_descriptor(sim::Arch::kWormholeB0);
  return descriptor;
}

TEST(ExampleSuite, IsDeterministic) {
  auto first = build_example_suite(chip());
  auto second = build_example_suite(chip());
  ASSERT_TRUE(first.ok()) << first.error().describe();
  ASSERT_TRUE(second.ok());
  ASSERT_EQ(first->size(), second->size());
  for (size_t i = 0; i < first->size(); ++i) {
    EXPECT_EQ((*first)[i].bytes, (*second)[i].bytes) << (*first)[i].file_name;
  }
}

TEST(ExampleSuite, EveryExampleIsListedForTheBuild) {
  std::ifstream file(std::filesystem::path(TESSERA_SOURCE_DIR) / "examples/CMakeLists.txt");
  std::stringstream text;
  text << file.rdbuf();
  auto suite = build_example_suite(chip());
  ASSERT_TRUE(suite.ok()) << suite.error().describe();
  for (const ExampleBinary& example : *suite) {
    const std::string listing = text.str();
    const size_t at = listing.find("  " + example.file_name);
    const size_t end = at + 2 + example.file_name.size();
    EXPECT_TRUE(at != std::string::npos && end < listing.size() &&
                (listing[end] == '\n' || listing[end] == ')'))
        << example.file_name << " is missing from examples/CMakeLists.txt";
  }
}

TEST(ExampleSuite, EveryExampleLoadsAndCarriesGoldens) {
  auto suite = build_example_suite(chip());
  ASSERT_TRUE(suite.ok()) << suite.error().describe();
  for (const ExampleBinary& example : *suite) {
    auto binary =
        format::Binary::load_memory(std::span<const uint8_t>(example.bytes), example.file_name);
    ASSERT_TRUE(binary.ok()) << binary.error().describe();
    const bool in_current_folder = example.file_name.starts_with("current/");
    EXPECT_EQ(binary->layout() == format::WireLayout::kCurrent, in_current_folder)
        << example.file_name;
    if (const auto* current = binary->current_metal()) {
      const auto* program = current->programs()->Get(0);
      const auto* map = program->debug_info()->golden_info()->golden_map();
      EXPECT_EQ(map->size(), program->inputs()->size() + program->outputs()->size());
    } else if (const auto* metal = binary->metal()) {
      const auto* program = metal->programs()->Get(0);
      EXPECT_EQ(program->golden_inputs()->size(), program->inputs()->size());
      EXPECT_EQ(program->golden_outputs()->size(), program->outputs()->size());
    } else {
      const auto* program = binary->ttnn()->programs()->Get(0);
      EXPECT_EQ(program->golden_inputs()->size(), program->inputs()->size());
      EXPECT_EQ(program->golden_outputs()->size(), program->outputs()->size());
    }
  }
}

// --layout of the example maker: only that layout's TTM0 programs, and the
// TTNN ones, which have one layout.
TEST(ExampleSuite, WritesTheTtmLayoutsAskedFor) {
  for (auto layout : {format::WireLayout::k2024, format::WireLayout::kCurrent}) {
    auto suite = build_example_suite(chip(), {.ttm_layouts = {layout}});
    ASSERT_TRUE(suite.ok()) << suite.error().describe();
    int ttm = 0, ttnn = 0;
    for (const ExampleBinary& example : *suite) {
      auto binary =
          format::Binary::load_memory(std::span<const uint8_t>(example.bytes), example.file_name);
      ASSERT_TRUE(binary.ok()) << binary.error().describe();
      if (binary->kind() == format::BinaryKind::kTtnn) {
        ++ttnn;
        continue;
      }
      ++ttm;
      EXPECT_EQ(binary->layout(), layout) << example.file_name;
    }
    EXPECT_GE(ttm, 11);
    EXPECT_GE(ttnn, 8);
  }
}

// What the builder writes is what `tessera build` would write from its JSON.
TEST(ExampleSuite, JsonRoundTripIsExact) {
  auto suite = build_example_suite(chip());
  ASSERT_TRUE(suite.ok()) << suite.error().describe();
  for (const ExampleBinary& example : *suite) {
    auto binary =
        format::Binary::load_memory(std::span<const uint8_t>(example.bytes), example.file_name);
    ASSERT_TRUE(binary.ok()) << binary.error().describe();
    auto json = format::binary_to_json(*binary);
    ASSERT_TRUE(json.ok()) << json.error().describe();
    auto rebuilt = format::json_to_binary(*json, binary->kind());
    ASSERT_TRUE(rebuilt.ok()) << rebuilt.error().describe();
    auto reloaded = format::Binary::load_memory(std::move(rebuilt).value(), example.file_name);
    ASSERT_TRUE(reloaded.ok()) << reloaded.error().describe();
    auto json_again = format::binary_to_json(*reloaded);
    ASSERT_TRUE(json_again.ok());
    // The checksum is stamped afresh by every build.
    auto without_checksum = [](std::string text) {
      return text.substr(0, text.find(",\"content_checksum\""));
    };
    EXPECT_EQ(without_checksum(*json), without_checksum(*json_again)) << example.file_name;
  }
}

}  // namespace
}  // namespace tessera::builder
