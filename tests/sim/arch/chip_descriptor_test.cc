#include "tessera/sim/arch/chip_descriptor.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>

namespace tessera::sim {
namespace {

struct ExpectedChip {
  Arch arch;
  CoreCoord grid;
  uint64_t l1_size;
  uint32_t dram_channels;
  uint64_t dram_channel_size;
};

class BuiltinChipTest : public testing::TestWithParam<ExpectedChip> {};

TEST_P(BuiltinChipTest, HasTheRealChipGeometry) {
  const ExpectedChip& expected = GetParam();
  Result<ChipDescriptor> chip = builtin_chip_descriptor(expected.arch);
  ASSERT_TRUE(chip.ok()) << chip.error().describe();
  EXPECT_EQ(chip->arch, expected.arch);
  EXPECT_EQ(chip->grid, expected.grid);
  EXPECT_EQ(chip->l1_size, expected.l1_size);
  EXPECT_EQ(chip->num_dram_channels, expected.dram_channels);
  EXPECT_EQ(chip->dram_channel_size, expected.dram_channel_size);
  EXPECT_EQ(chip->worker_cores.size(), expected.grid.x * expected.grid.y);
  EXPECT_TRUE(chip->validate().ok());
}

TEST_P(BuiltinChipTest, LogicalAndNocWorkerCoordinatesRoundTrip) {
  ChipDescriptor chip = *builtin_chip_descriptor(GetParam().arch);
  for (uint32_t y = 0; y < chip.grid.y; ++y) {
    for (uint32_t x = 0; x < chip.grid.x; ++x) {
      Result<CoreCoord> noc = chip.worker_noc_from_logical({x, y});
      ASSERT_TRUE(noc.ok());
      EXPECT_TRUE(chip.is_worker_noc(*noc));
      EXPECT_FALSE(chip.dram_channel_from_noc(*noc).has_value());
      Result<CoreCoord> logical = chip.worker_logical_from_noc(*noc);
      ASSERT_TRUE(logical.ok());
      EXPECT_EQ(*logical, (CoreCoord{x, y}));
    }
  }
  for (uint32_t channel = 0; channel < chip.num_dram_channels; ++channel) {
    Result<CoreCoord> noc = chip.dram_noc_from_channel(channel);
    ASSERT_TRUE(noc.ok());
    EXPECT_EQ(chip.dram_channel_from_noc(*noc), channel);
    EXPECT_FALSE(chip.is_worker_noc(*noc));
  }
}

INSTANTIATE_TEST_SUITE_P(
    AllArchs, BuiltinChipTest,
    testing::Values(ExpectedChip{Arch::kGrayskull, {12, 9}, 1048576, 8, 1ull << 30},
                    ExpectedChip{Arch::kWormholeB0, {8, 8}, 1499136, 12, 1ull << 30},
                    ExpectedChip{Arch::kBlackhole, {13, 10}, 1572864, 8, 4278190080ull}));

TEST(ChipDescriptorTest, WormholeUsesTheSocDescriptorNocCoordinates) {
  ChipDescriptor chip = *builtin_chip_descriptor(Arch::kWormholeB0);
  // Column x=5 of the NoC grid holds DRAM, row y=6 ethernet: workers skip them.
  EXPECT_EQ(*chip.worker_noc_from_logical({0, 0}), (CoreCoord{1, 1}));
  EXPECT_EQ(*chip.worker_noc_from_logical({4, 0}), (CoreCoord{6, 1}));
  EXPECT_EQ(*chip.worker_noc_from_logical({7, 5}), (CoreCoord{9, 7}));
  EXPECT_EQ(*chip.dram_noc_from_channel(0), (CoreCoord{0, 11}));
  EXPECT_EQ(chip.noc_l1_address_align, 16u);
  EXPECT_EQ(chip.noc_dram_address_align, 32u);
  EXPECT_EQ(chip.pcie_address_align, 32u);
  EXPECT_EQ(chip.eth_cores.size(), 16u);
}

TEST(ChipDescriptorTest, CoordinateErrorsNameTheCoordinate) {
  ChipDescriptor chip = *builtin_chip_descriptor(Arch::kWormholeB0);
  Result<CoreCoord> outside = chip.worker_noc_from_logical({8, 0});
  ASSERT_FALSE(outside.ok());
  EXPECT_EQ(outside.error().code(), ErrorCode::kOutOfRange);
  EXPECT_NE(outside.error().message().find("(8, 0)"), std::string::npos);
  Result<CoreCoord> not_worker = chip.worker_logical_from_noc({5, 0});
  ASSERT_FALSE(not_worker.ok());
  EXPECT_NE(not_worker.error().message().find("(5, 0)"), std::string::npos);
  EXPECT_FALSE(chip.dram_noc_from_channel(12).ok());
}

TEST(ChipDescriptorTest, BadJsonGivesErrorsNotCrashes) {
  EXPECT_FALSE(chip_descriptor_from_json("not json", "test").ok());
  EXPECT_FALSE(chip_descriptor_from_json("[]", "test").ok());
  Result<ChipDescriptor> missing = chip_descriptor_from_json(R"({"arch": "wormhole_b0"})", "t");
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().message().find("product"), std::string::npos);
  Result<ChipDescriptor> arch = chip_descriptor_from_json(R"({"arch": "quasar"})", "t");
  ASSERT_FALSE(arch.ok());
  EXPECT_NE(arch.error().message().find("quasar"), std::string::npos);
}

TEST(ChipDescriptorTest, ValidateRejectsInconsistentDescriptors) {
  ChipDescriptor chip = *builtin_chip_descriptor(Arch::kGrayskull);
  ChipDescriptor bad = chip;
  bad.worker_cores.pop_back();
  EXPECT_FALSE(bad.validate().ok());
  bad = chip;
  bad.noc_l1_address_align = 24;
  EXPECT_FALSE(bad.validate().ok());
  bad = chip;
  bad.l1_unreserved_base = static_cast<uint32_t>(chip.l1_size);
  EXPECT_FALSE(bad.validate().ok());
  bad = chip;
  bad.dram_cores.pop_back();
  EXPECT_FALSE(bad.validate().ok());
}

TEST(ChipDataFormatTest, NamesAndCodesRoundTrip) {
#define TESSERA_CHIP_DATA_FORMAT(name, code)                             \
  EXPECT_EQ(chip_data_format_from_name(#name), ChipDataFormat::k##name); \
  EXPECT_EQ(chip_data_format_name(ChipDataFormat::k##name), #name);      \
  EXPECT_EQ(chip_data_format_from_code(code), ChipDataFormat::k##name);
  TESSERA_CHIP_DATA_FORMAT_LIST(TESSERA_CHIP_DATA_FORMAT)
#undef TESSERA_CHIP_DATA_FORMAT
  EXPECT_FALSE(chip_data_format_from_name("BFloat16").has_value());
  EXPECT_FALSE(chip_data_format_from_code(4).has_value());
}

// The chip's data files name formats in tt-metal's terms; a schema name is
// refused, naming it and the field.
TEST(ChipDescriptorTest, JsonRefusesAnUnknownDataFormatName) {
  std::ifstream file(std::string(TESSERA_SOURCE_DIR) + "/src/sim/arch/data/grayskull.json");
  std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  ASSERT_TRUE(chip_descriptor_from_json(text, "grayskull.json").ok());
  size_t at = text.find("\"Bfp8_b\"");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, 8, "\"BFP_BFloat8\"");
  Result<ChipDescriptor> chip = chip_descriptor_from_json(text, "grayskull.json");
  ASSERT_FALSE(chip.ok());
  EXPECT_NE(chip.error().message().find("'BFP_BFloat8'"), std::string::npos);
  EXPECT_NE(chip.error().message().find("supported_data_formats"), std::string::npos);
}

TEST(ArchTest, NamesRoundTrip) {
  for (Arch arch : {Arch::kGrayskull, Arch::kWormholeB0, Arch::kBlackhole}) {
    EXPECT_EQ(arch_from_name(arch_name(arch)), arch);
  }
  EXPECT_FALSE(arch_from_name("wormhole").has_value());
}

}  // namespace
}  // namespace tessera::sim
