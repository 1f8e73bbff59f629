#include "tessera/format/data_types.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "tessera/format/data_type_codec.h"
#include "tessera/format/generated.h"

namespace tessera::format {
namespace {

using tt::target::DataType;

TEST(DataTypesTest, SizesAndTileFormatsOfListedTypes) {
  EXPECT_EQ(data_type_element_size(DataType::Float32), 4u);
  EXPECT_EQ(data_type_element_size(DataType::BFloat16), 2u);
  EXPECT_EQ(data_type_element_size(DataType::UInt8), 1u);
  EXPECT_EQ(data_type_element_size(DataType::BFP_BFloat8), 0u);
  EXPECT_EQ(data_type_tile_bytes(DataType::Float16), 2048u);
  EXPECT_EQ(data_type_tile_bytes(DataType::BFP_BFloat8), 1088u);
  // tt-metal's tt::DataFormat codes: Float16_b = 5, Bfp8_b = 6, UInt32 = 24.
  EXPECT_EQ(*data_type_tile_format(DataType::BFloat16), 5u);
  EXPECT_EQ(*data_type_tile_format(DataType::BFP_BFloat8), 6u);
  EXPECT_EQ(*data_type_tile_format(DataType::UInt32), 24u);
  EXPECT_EQ(*data_type_tile_format(DataType::UInt8), 30u);
}

TEST(DataTypesTest, UnlistedTypesHaveNoSizeAndSayWhy) {
  EXPECT_FALSE(is_listed_data_type(DataType::BFP_BFloat4));
  EXPECT_EQ(data_type_element_size(DataType::BFP_BFloat4), 0u);
  EXPECT_EQ(data_type_tile_bytes(DataType::BFP_BFloat4), 0u);
  Result<uint32_t> format = data_type_tile_format(DataType::BFP_BFloat4);
  ASSERT_FALSE(format.ok());
  EXPECT_NE(format.error().message().find("BFP_BFloat4"), std::string::npos);
  EXPECT_NE(format.error().message().find("supported: Float32, Float16, BFloat16"),
            std::string::npos);
}

// A listed type must have a size, a tile form and, unless it is a block
// float, a host codec: the list is the only place to add one.
TEST(DataTypesTest, EveryListedTypeIsComplete) {
  for (DataType type : tt::target::EnumValuesDataType()) {
    if (!is_listed_data_type(type)) continue;
    SCOPED_TRACE(tt::target::EnumNameDataType(type));
    EXPECT_GT(data_type_tile_bytes(type), 0u);
    EXPECT_TRUE(data_type_tile_format(type).ok());
    const uint32_t element = data_type_element_size(type);
    EXPECT_EQ(host_element_size(type).ok(), element != 0);
    if (element != 0) {
      EXPECT_EQ(*host_element_size(type), element);
      EXPECT_EQ(data_type_tile_bytes(type), 1024u * element);
    }
  }
}

TEST(DataTypeCodecTest, RoundTripsAndRounds) {
  const std::vector<double> values = {1.0, -2.5, 3.140625, 0.0};
  for (DataType type : {DataType::Float32, DataType::Float16, DataType::BFloat16}) {
    auto bytes = encode_values(type, values);
    ASSERT_TRUE(bytes.ok());
    EXPECT_EQ(*decode_values(type, *bytes), values);
  }
  const std::vector<double> unsigned_values = {-1.0, 2.5, 3.5, 70000.0, std::nan("")};
  auto bytes = encode_values(DataType::UInt16, unsigned_values);
  ASSERT_TRUE(bytes.ok());
  EXPECT_EQ(*decode_values(DataType::UInt16, *bytes),
            (std::vector<double>{0.0, 2.0, 4.0, 65535.0, 0.0}));
  // 1 + 2^-8 is a bfloat16 tie: it rounds to even (1.0).
  EXPECT_EQ(
      (*decode_values(DataType::BFloat16, *encode_values(DataType::BFloat16, {{1.00390625}})))[0],
      1.0);
}

TEST(DataTypeCodecTest, BlockFloatsAndRaggedBytesAreErrors) {
  Result<std::vector<double>> block = decode_values(DataType::BFP_BFloat8, std::vector<uint8_t>(4));
  ASSERT_FALSE(block.ok());
  EXPECT_NE(block.error().message().find("live only on the device"), std::string::npos);
  EXPECT_FALSE(decode_values(DataType::Float32, std::vector<uint8_t>(6)).ok());
  EXPECT_FALSE(encode_values(DataType::BFP_BFloat4, {{1.0}}).ok());
}

}  // namespace
}  // namespace tessera::format
