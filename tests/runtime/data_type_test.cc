// The runtime's DataType and MemorySpace against the schema's enums: every
// value the schema defines has a runtime name and converts both ways, and a
// value it does not define is an error where a binary is read.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tessera/format/generated.h"
#include "tessera/runtime/internal/tensor_ref_info.h"
#include "tessera/runtime/internal/wire_types.h"

namespace tessera::runtime {
namespace {

using ::testing::HasSubstr;

TEST(DataTypeTest, EverySchemaDataTypeHasTheSchemasName) {
  for (tt::target::DataType wire : tt::target::EnumValuesDataType()) {
    const auto type = from_wire(wire);
    ASSERT_TRUE(type.has_value()) << tt::target::EnumNameDataType(wire);
    EXPECT_EQ(data_type_name(*type), tt::target::EnumNameDataType(wire));
    EXPECT_EQ(to_wire(*type), wire);
  }
  EXPECT_EQ(data_type_name(DataType::kBfpBFloat8), "BFP_BFloat8");
  EXPECT_EQ(data_type_name(DataType::kInt32), "Int32");
}

TEST(DataTypeTest, EverySchemaMemorySpaceHasTheSchemasName) {
  for (tt::target::MemorySpace wire : tt::target::EnumValuesMemorySpace()) {
    const auto space = from_wire(wire);
    ASSERT_TRUE(space.has_value()) << tt::target::EnumNameMemorySpace(wire);
    EXPECT_EQ(memory_space_name(*space), tt::target::EnumNameMemorySpace(wire));
    EXPECT_EQ(to_wire(*space), wire);
  }
  EXPECT_EQ(memory_space_name(MemorySpace::kDeviceDram), "DeviceDRAM");
}

TEST(DataTypeTest, ValuesTheSchemaDoesNotDefineAreRefused) {
  EXPECT_FALSE(from_wire(static_cast<tt::target::DataType>(13)).has_value());
  EXPECT_FALSE(from_wire(static_cast<tt::target::DataType>(0xffff)).has_value());
  EXPECT_FALSE(from_wire(static_cast<tt::target::MemorySpace>(4)).has_value());
}

// A TensorRef of a 32x32 tensor whose memory desc carries raw enum values.
std::vector<uint8_t> tensor_ref_bytes(uint16_t data_type, uint16_t memory_space) {
  flatbuffers::FlatBufferBuilder fbb;
  auto memory =
      tt::target::CreateMemoryDesc(fbb, 0, nullptr, static_cast<tt::target::DataType>(data_type),
                                   static_cast<tt::target::MemorySpace>(memory_space), 4096);
  auto layout = tt::target::CreateLayoutDesc(fbb, fbb.CreateVector<int32_t>({32, 1}),
                                             tt::target::OOBVal::Undef, 0, memory);
  auto desc = tt::target::CreateTensorDesc(fbb, fbb.CreateVector<int32_t>({32, 32}), layout);
  fbb.Finish(tt::target::CreateTensorRef(fbb, 7, 0, 4096, desc));
  return {fbb.GetBufferPointer(), fbb.GetBufferPointer() + fbb.GetSize()};
}

TEST(DataTypeTest, TensorInfoReadsTheRuntimeTypes) {
  const auto bytes = tensor_ref_bytes(2, 2);  // BFloat16 in DeviceDRAM
  auto info = tensor_info(*flatbuffers::GetRoot<tt::target::TensorRef>(bytes.data()));
  ASSERT_TRUE(info.ok()) << info.error().message();
  EXPECT_EQ(info->data_type, DataType::kBFloat16);
  EXPECT_EQ(info->memory_space, MemorySpace::kDeviceDram);
  EXPECT_EQ(info->element_size, 2u);
  EXPECT_EQ(info->describe(), "tensor 7: 32x32 BFloat16 (4096 bytes)");
}

TEST(DataTypeTest, TensorInfoNamesAnUndefinedDataTypeOrMemorySpace) {
  const auto bad_type = tensor_ref_bytes(200, 2);
  auto info = tensor_info(*flatbuffers::GetRoot<tt::target::TensorRef>(bad_type.data()));
  ASSERT_FALSE(info.ok());
  EXPECT_THAT(info.error().message(),
              HasSubstr("tensor 7 has data type 200, which the schema does not define"));

  const auto bad_space = tensor_ref_bytes(0, 9);
  info = tensor_info(*flatbuffers::GetRoot<tt::target::TensorRef>(bad_space.data()));
  ASSERT_FALSE(info.ok());
  EXPECT_THAT(info.error().message(),
              HasSubstr("tensor 7 has memory space 9, which the schema does not define"));
}

}  // namespace
}  // namespace tessera::runtime
