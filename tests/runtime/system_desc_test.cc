// The chip in the wire format's terms: system descriptors written from chip
// descriptors and read back, and chip data formats against schema data types.
#include "tessera/runtime/internal/system_desc.h"

#include <gtest/gtest.h>

#include "system_desc_generated.h"
#include "tessera/format/schema.h"

namespace tessera::runtime {
namespace {

using sim::Arch;
using sim::builtin_chip_descriptor;
using sim::ChipDataFormat;
using sim::ChipDescriptor;

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
  EXPECT_EQ(a.supported_data_formats, b.supported_data_formats);
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

TEST(SystemDescReaderTest, NamesADataTypeTheChipCannotDescribe) {
  flatbuffers::FlatBufferBuilder builder;
  tt::target::Dim2d grid(8, 8);
  std::vector<tt::target::DataType> types = {tt::target::DataType::Float32,
                                             static_cast<tt::target::DataType>(40)};
  auto chip_desc =
      tt::target::CreateChipDescDirect(builder, tt::target::Arch::Wormhole_b0, &grid, 1499136, 12,
                                       1 << 30, 16, 32, 32, 1024, 1024, 1024, 0, &types);
  builder.Finish(chip_desc);
  auto* parsed = flatbuffers::GetRoot<tt::target::ChipDesc>(builder.GetBufferPointer());
  Result<ChipDescriptor> chip = chip_descriptor_from_flatbuffer(*parsed);
  ASSERT_FALSE(chip.ok());
  EXPECT_NE(chip.error().describe().find("supported_data_types"), std::string::npos)
      << chip.error().describe();
  EXPECT_NE(chip.error().describe().find("(40)"), std::string::npos) << chip.error().describe();
}

// Every data type of the schema is a chip data format and back, as tt-mlir
// maps them (BFloat16 is tt-metal's Float16_b, the BFP types its Bfp*).
TEST(TargetDataTypeTest, EverySchemaDataTypeRoundTrips) {
  for (tt::target::DataType type : tt::target::EnumValuesDataType()) {
    Result<ChipDataFormat> format = from_target_data_type(type);
    ASSERT_TRUE(format.ok()) << tt::target::EnumNameDataType(type);
    Result<tt::target::DataType> back = to_target_data_type(*format);
    ASSERT_TRUE(back.ok()) << back.error().describe();
    EXPECT_EQ(*back, type) << tt::target::EnumNameDataType(type);
  }
  EXPECT_EQ(*from_target_data_type(tt::target::DataType::BFloat16), ChipDataFormat::kFloat16_b);
  EXPECT_EQ(*from_target_data_type(tt::target::DataType::BFP_BFloat8), ChipDataFormat::kBfp8_b);
  EXPECT_EQ(*from_target_data_type(tt::target::DataType::BFP_Float2), ChipDataFormat::kBfp2);
  EXPECT_EQ(*from_target_data_type(tt::target::DataType::Int32), ChipDataFormat::kInt32);
}

TEST(TargetDataTypeTest, EveryChipDataFormatHasASchemaDataType) {
#define TESSERA_CHIP_DATA_FORMAT(name, code)                               \
  EXPECT_TRUE(to_target_data_type(ChipDataFormat::k##name).ok()) << #name; \
  EXPECT_EQ(static_cast<uint32_t>(ChipDataFormat::k##name), uint32_t{code}) << #name;
  TESSERA_CHIP_DATA_FORMAT_LIST(TESSERA_CHIP_DATA_FORMAT)
#undef TESSERA_CHIP_DATA_FORMAT
  Result<tt::target::DataType> unknown = to_target_data_type(static_cast<ChipDataFormat>(99));
  EXPECT_FALSE(unknown.ok());
}

// The built-in descriptors list the schema's data types in the order tt-mlir's
// default system descriptor gives them.
TEST(TargetDataTypeTest, BuiltinChipsListTheSchemasTypesInOrder) {
  ChipDescriptor chip = *builtin_chip_descriptor(Arch::kWormholeB0);
  Result<std::vector<tt::target::DataType>> types =
      to_target_data_types(chip.supported_data_formats);
  ASSERT_TRUE(types.ok()) << types.error().describe();
  using T = tt::target::DataType;
  std::vector<T> expected = {T::Float32,     T::Float16,    T::BFloat16,    T::BFP_Float8,
                             T::BFP_BFloat8, T::BFP_Float4, T::BFP_BFloat4, T::BFP_Float2,
                             T::BFP_BFloat2, T::UInt32,     T::UInt16,      T::UInt8};
  EXPECT_EQ(*types, expected);
}

}  // namespace
}  // namespace tessera::runtime
