#include "tessera/format/binary_sections.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "../support/example_binaries.h"
#include "current_layout_json.h"

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

Binary current_add() {
  auto bytes = json_to_binary(testing::current_add_binary_json().dump(), BinaryKind::kMetal,
                              WireLayout::kCurrent);
  EXPECT_TRUE(bytes.ok()) << bytes.error().describe();
  auto binary = Binary::load_memory(*bytes, "add.ttm");
  EXPECT_TRUE(binary.ok()) << binary.error().describe();
  return std::move(binary).value();
}

TEST(BinarySectionsTest, VersionNamesTheLayout) {
  auto baseline = read_section(load_example("eltwise_multiply.ttm.json", BinaryKind::kMetal),
                               Section::kVersion);
  ASSERT_TRUE(baseline.ok());
  EXPECT_EQ((*baseline)["layout"], "2024");
  auto current = read_section(current_add(), Section::kVersion);
  ASSERT_TRUE(current.ok());
  EXPECT_EQ((*current)["layout"], "current");
  EXPECT_EQ((*current)["schema_hash"], testing::kCompilerSchemaHash);
  EXPECT_EQ((*current)["ttmlir_git_hash"], testing::kCompilerGitHash);
  EXPECT_EQ((*current)["checksum"], "none (the current layout has no field for one)");
  EXPECT_EQ((*current)["schema"], "another writer's current-layout schema (read by the layout)");
  EXPECT_EQ((*current)["version"]["patch"], 5123);
}

// The current layout's kernels: KernelConfig.kernel (KernelSource.source),
// with the config union filled in where the JSON form leaves defaults out.
TEST(BinarySectionsTest, CurrentLayoutKernelsWithTheirConfigs) {
  auto section = read_section(current_add(), Section::kKernels);
  ASSERT_TRUE(section.ok());
  const auto& kernels = (*section)["kernels"];
  ASSERT_EQ(kernels.size(), 3u);
  EXPECT_EQ(kernels[0]["program"], 0);
  EXPECT_EQ(kernels[0]["command"], 6);
  EXPECT_EQ(kernels[0]["symbol"], "datamovement_kernel0");
  EXPECT_EQ(kernels[0]["config"],
            nlohmann::ordered_json::parse(
                R"({"type": "NocConfig", "processor": "RISCV_1", "noc_index": "Noc0"})"));
  EXPECT_EQ(kernels[1]["config"]["processor"], "RISCV_0");
  EXPECT_EQ(kernels[1]["config"]["noc_index"], "Noc1");
  EXPECT_EQ(kernels[2]["config"]["type"], "ComputeConfig");
  EXPECT_EQ(kernels[2]["config"]["math_fidelity"], "HiFi4");
  EXPECT_EQ(kernels[2]["config"]["fp32_dest_acc_en"], true);
  EXPECT_EQ(kernels[2]["core_range_set"][0]["size"]["x"], 1);
  EXPECT_FALSE(kernels[0].contains("source_type"));
  EXPECT_EQ(kernels[2]["source"][2], "#include \"api/compute/tile_move_copy.h\"");
}

TEST(BinarySectionsTest, CurrentLayoutInputsAndOutputsPerProgram) {
  Binary binary = current_add();
  auto inputs = read_section(binary, Section::kInputs);
  ASSERT_TRUE(inputs.ok());
  EXPECT_EQ((*inputs)["inputs"][0]["inputs"].size(), 2u);
  EXPECT_EQ((*inputs)["inputs"][1]["name"], "const_eval_0");
  auto outputs = read_section(binary, Section::kOutputs);
  ASSERT_TRUE(outputs.ok());
  EXPECT_EQ((*outputs)["outputs"][0]["outputs"][0]["size"], 4096);
}

TEST(BinarySectionsTest, SectionsOfOneConversionMatchSectionsReadOneByOne) {
  Binary binary = load_example("eltwise_multiply.ttm.json", BinaryKind::kMetal);
  auto root = read_root(binary);
  ASSERT_TRUE(root.ok());
  EXPECT_FALSE(root->contains("content_checksum"));
  for (Section section :
       {Section::kAll, Section::kVersion, Section::kSystemDesc, Section::kPrograms,
        Section::kInputs, Section::kOutputs, Section::kKernels}) {
    auto one_by_one = read_section(binary, section);
    auto selected = section_of_root(binary, *root, section);
    ASSERT_TRUE(one_by_one.ok() && selected.ok()) << section_name(section);
    EXPECT_EQ(*selected, *one_by_one) << section_name(section);
  }
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
