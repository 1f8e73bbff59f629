#include "tessera/format/binary_sections.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "../support/example_binaries.h"

namespace tessera::format {
namespace {

using ::testing::HasSubstr;

Binary load_example(const char* name, BinaryKind kind) {
  auto binary = Binary::load_memory(testing::example_binary(name, kind), name);
  EXPECT_TRUE(binary.ok());
  return std::move(binary).value();
}

TEST(BinarySectionsTest, KernelsListEachKernelWithItsLocationAndSourceLines) {
  Binary binary = load_example("eltwise_multiply.ttm.json", BinaryKind::kMetal);
  auto section = read_section(binary, Section::kKernels);
  ASSERT_TRUE(section.ok());
  const auto& kernels = (*section)["kernels"];
  ASSERT_EQ(kernels.size(), 3u);
  EXPECT_EQ(kernels[0]["command"], 8);
  EXPECT_EQ(kernels[0]["source_type"], "Noc0");
  EXPECT_EQ(kernels[1]["source_type"], "Tensix");
  EXPECT_EQ(kernels[2]["kernel"], 2);
  EXPECT_EQ(kernels[1]["source"][3], "namespace NAMESPACE {");
}

TEST(BinarySectionsTest, KernelsOfATtnnBinaryIsAnError) {
  Binary binary = load_example("eltwise_add.ttnn.json", BinaryKind::kTtnn);
  auto section = read_section(binary, Section::kKernels);
  ASSERT_FALSE(section.ok());
  EXPECT_THAT(section.error().describe(), HasSubstr("applies to TTMetal"));
}

TEST(BinarySectionsTest, InputsAndOutputsPerProgram) {
  Binary binary = load_example("eltwise_add.ttnn.json", BinaryKind::kTtnn);
  auto inputs = read_section(binary, Section::kInputs);
  ASSERT_TRUE(inputs.ok());
  EXPECT_EQ((*inputs)["inputs"][0]["name"], "eltwise_add");
  EXPECT_EQ((*inputs)["inputs"][0]["inputs"].size(), 2u);
  auto outputs = read_section(binary, Section::kOutputs);
  EXPECT_EQ((*outputs)["outputs"][0]["outputs"].size(), 1u);
}

TEST(BinarySectionsTest, VersionReportsSchemaStatus) {
  Binary binary = load_example("system_desc_wormhole_b0.json", BinaryKind::kSystemDesc);
  auto version = read_section(binary, Section::kVersion);
  ASSERT_TRUE(version.ok());
  EXPECT_EQ((*version)["schema"], "this tessera's schema");
  EXPECT_EQ((*version)["checksum"], "verified");
  EXPECT_EQ((*version)["version"]["patch"], 1);
}

TEST(BinarySectionsTest, SectionNamesRoundTrip) {
  for (const char* name :
       {"all", "version", "system_desc", "programs", "inputs", "outputs", "kernels"}) {
    auto section = section_from_name(name);
    ASSERT_TRUE(section.has_value()) << name;
    EXPECT_EQ(section_name(*section), name);
  }
  EXPECT_FALSE(section_from_name("everything").has_value());
}

}  // namespace
}  // namespace tessera::format
