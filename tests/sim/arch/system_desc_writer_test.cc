#include "tessera/sim/arch/system_desc_writer.h"

#include <gtest/gtest.h>

#include "system_desc_generated.h"
#include "tessera/format/schema.h"

namespace tessera::sim {
namespace {

const tt::target::SystemDescRoot* verified_root(const std::vector<uint8_t>& bytes) {
  flatbuffers::Verifier verifier(bytes.data(), bytes.size());
  if (!tt::target::VerifySizePrefixedSystemDescRootBuffer(verifier)) return nullptr;
  return tt::target::GetSizePrefixedSystemDescRoot(bytes.data());
}

void expect_same_chip(const ChipDescriptor& a, const ChipDescriptor& b) {
  EXPECT_EQ(a.arch, b.arch);
  EXPECT_EQ(a.grid, b.grid);
  EXPECT_EQ(a.l1_size, b.l1_size);
  EXPECT_EQ(a.num_dram_channels, b.num_dram_channels);
  EXPECT_EQ(a.dram_channel_size, b.dram_channel_size);
  EXPECT_EQ(a.noc_l1_address_align, b.noc_l1_address_align);
  EXPECT_EQ(a.pcie_address_align, b.pcie_address_align);
  EXPECT_EQ(a.noc_dram_address_align, b.noc_dram_address_align);
  EXPECT_EQ(a.l1_unreserved_base, b.l1_unreserved_base);
  EXPECT_EQ(a.erisc_l1_unreserved_base, b.erisc_l1_unreserved_base);
  EXPECT_EQ(a.dram_unreserved_base, b.dram_unreserved_base);
  EXPECT_EQ(a.worker_cores, b.worker_cores);
  EXPECT_EQ(a.dram_cores, b.dram_cores);
  EXPECT_EQ(a.eth_cores, b.eth_cores);
  EXPECT_EQ(a.supported_data_types, b.supported_data_types);
  EXPECT_EQ(a.supported_tile_shapes, b.supported_tile_shapes);
}

class SystemDescWriterTest : public testing::TestWithParam<Arch> {};

TEST_P(SystemDescWriterTest, WritesAVerifiableTtsyThatReadsBackTheSameChip) {
  ChipDescriptor chip = *builtin_chip_descriptor(GetParam());
  Result<std::vector<uint8_t>> bytes = write_system_desc(chip, 1);
  ASSERT_TRUE(bytes.ok()) << bytes.error().describe();
  ASSERT_GE(bytes->size(), 8u);
  EXPECT_TRUE(flatbuffers::BufferHasIdentifier(bytes->data(), "TTSY", /*size_prefixed=*/true));
  const tt::target::SystemDescRoot* root = verified_root(*bytes);
  ASSERT_NE(root, nullptr);
  ASSERT_NE(root->schema_hash(), nullptr);
  EXPECT_EQ(root->schema_hash()->str(), format::schema_hash(format::BinaryKind::kSystemDesc));
  const tt::target::SystemDesc* desc = root->system_desc();
  ASSERT_NE(desc, nullptr);
  ASSERT_EQ(desc->chip_descs()->size(), 1u);
  const tt::target::ChipDesc* chip_desc = desc->chip_descs()->Get(0);
  EXPECT_EQ(chip_desc->grid_size()->x(), static_cast<int>(chip.grid.x));
  EXPECT_EQ(chip_desc->grid_size()->y(), static_cast<int>(chip.grid.y));
  EXPECT_EQ(chip_desc->num_dram_channels(), chip.num_dram_channels);
  Result<ChipDescriptor> read_back = chip_descriptor_from_flatbuffer(*chip_desc);
  ASSERT_TRUE(read_back.ok()) << read_back.error().describe();
  expect_same_chip(*read_back, chip);
}

TEST_P(SystemDescWriterTest, DescribesEveryDevice) {
  ChipDescriptor chip = *builtin_chip_descriptor(GetParam());
  Result<std::vector<uint8_t>> bytes = write_system_desc(chip, 3);
  ASSERT_TRUE(bytes.ok());
  const tt::target::SystemDescRoot* root = verified_root(*bytes);
  ASSERT_NE(root, nullptr);
  const tt::target::SystemDesc* desc = root->system_desc();
  EXPECT_EQ(desc->chip_descs()->size(), 3u);
  EXPECT_EQ(desc->chip_desc_indices()->size(), 3u);
  EXPECT_EQ(desc->chip_capabilities()->size(), 3u);
  EXPECT_EQ(desc->chip_coords()->size(), 3u);
  // A ring over ethernet where the chip has ethernet cores.
  EXPECT_EQ(desc->chip_channels()->size(), chip.eth_cores.empty() ? 0u : 3u);
}

INSTANTIATE_TEST_SUITE_P(AllArchs, SystemDescWriterTest,
                         testing::Values(Arch::kGrayskull, Arch::kWormholeB0, Arch::kBlackhole));

TEST(SystemDescWriterTest, RejectsBadDeviceCounts) {
  ChipDescriptor chip = *builtin_chip_descriptor(Arch::kWormholeB0);
  EXPECT_FALSE(write_system_desc(chip, 0).ok());
  EXPECT_FALSE(write_system_desc(std::span<const ChipDescriptor>()).ok());
}

TEST(SystemDescReaderTest, RejectsAnInconsistentChipDesc) {
  flatbuffers::FlatBufferBuilder builder;
  tt::target::Dim2d grid(8, 8);
  auto chip_desc = tt::target::CreateChipDesc(builder, tt::target::Arch::Wormhole_b0, &grid,
                                              /*l1_size=*/1024, 12, 1 << 30, 16, 32, 32,
                                              /*l1_unreserved_base=*/4096);
  builder.Finish(chip_desc);
  auto* parsed = flatbuffers::GetRoot<tt::target::ChipDesc>(builder.GetBufferPointer());
  Result<ChipDescriptor> chip = chip_descriptor_from_flatbuffer(*parsed);
  ASSERT_FALSE(chip.ok());
  EXPECT_NE(chip.error().message().find("4096"), std::string::npos) << chip.error().describe();
}

TEST(SystemDescReaderTest, BorrowsBuiltinCoordinatesWhenTheBinaryHasNone) {
  flatbuffers::FlatBufferBuilder builder;
  tt::target::Dim2d grid(8, 8);
  auto chip_desc = tt::target::CreateChipDesc(builder, tt::target::Arch::Wormhole_b0, &grid,
                                              1499136, 12, 1 << 30, 16, 32, 32, 1024, 1024, 1024);
  builder.Finish(chip_desc);
  auto* parsed = flatbuffers::GetRoot<tt::target::ChipDesc>(builder.GetBufferPointer());
  Result<ChipDescriptor> chip = chip_descriptor_from_flatbuffer(*parsed);
  ASSERT_TRUE(chip.ok()) << chip.error().describe();
  EXPECT_EQ(chip->l1_unreserved_base, 1024u);
  EXPECT_EQ(chip->worker_cores.size(), 64u);
  EXPECT_EQ(chip->dram_cores.size(), 12u);
}

}  // namespace
}  // namespace tessera::sim
