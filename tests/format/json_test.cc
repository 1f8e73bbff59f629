// JSON <-> binary round trips through the embedded schemas.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "../support/example_binaries.h"
#include "tessera/format/binary_sections.h"
#include "tessera/format/generated.h"
#include "tessera/format/json.h"

namespace tessera::format {
namespace {

using ::testing::HasSubstr;

std::string full_json(const std::vector<uint8_t>& bytes) {
  auto binary = Binary::load_memory(bytes);
  EXPECT_TRUE(binary.ok());
  auto json = read_section(*binary, Section::kAll);
  EXPECT_TRUE(json.ok());
  return json->dump(2);
}

class JsonRoundTripTest
    : public ::testing::TestWithParam<std::pair<const char*, BinaryKind>> {};

TEST_P(JsonRoundTripTest, JsonToBinaryToJsonIsByteIdentical) {
  auto [name, kind] = GetParam();
  std::string first = full_json(testing::example_binary(name, kind));
  auto rebuilt = json_to_binary(first, kind);
  ASSERT_TRUE(rebuilt.ok()) << rebuilt.error().describe();
  EXPECT_EQ(full_json(*rebuilt), first);
}

INSTANTIATE_TEST_SUITE_P(
    AllKinds, JsonRoundTripTest,
    ::testing::Values(std::pair{"eltwise_multiply.ttm.json", BinaryKind::kMetal},
                      std::pair{"eltwise_add.ttnn.json", BinaryKind::kTtnn},
                      std::pair{"system_desc_wormhole_b0.json", BinaryKind::kSystemDesc}));

TEST(JsonTest, RoundTripKeepsKernelSourcesExactly) {
  auto binary = Binary::load_memory(
      testing::example_binary("eltwise_multiply.ttm.json", BinaryKind::kMetal));
  ASSERT_TRUE(binary.ok());
  const auto* command = binary->metal()->programs()->Get(0)->device_programs()->Get(0)
                            ->command_queues()->Get(0)->commands()->Get(5);
  const auto* program = command->type_as_EnqueueProgramCommand();
  ASSERT_NE(program, nullptr);
  std::string source = program->program()->kernels()->Get(0)->kernel_as_KernelSource()
                           ->source()->str();
  EXPECT_THAT(source, HasSubstr("void kernel_main()"));
  EXPECT_THAT(source, HasSubstr("#include \"dataflow_api.h\""));
}

TEST(JsonTest, InvalidJsonIsRejected) {
  auto bytes = json_to_binary("{ not json", BinaryKind::kMetal);
  ASSERT_FALSE(bytes.ok());
  EXPECT_THAT(bytes.error().describe(), HasSubstr("not valid JSON"));
}

TEST(JsonTest, UnknownFieldIsRejectedWithItsName) {
  auto bytes = json_to_binary(R"({"programs": [{"nmae": "typo"}]})", BinaryKind::kMetal);
  ASSERT_FALSE(bytes.ok());
  EXPECT_THAT(bytes.error().describe(), HasSubstr("nmae"));
}

TEST(JsonTest, WrongRootTypeIsRejected) {
  auto bytes = json_to_binary("[1, 2]", BinaryKind::kTtnn);
  ASSERT_FALSE(bytes.ok());
  EXPECT_THAT(bytes.error().describe(), HasSubstr("expected a JSON object"));
}

TEST(JsonTest, BaselineJsonReadsBackWithoutSchemaHash) {
  auto bytes = testing::example_binary("eltwise_add.ttnn.json", BinaryKind::kTtnn,
                                       SchemaHashStamp::kLeaveAsIs);
  EXPECT_EQ(full_json(bytes).find("schema_hash"), std::string::npos);
}

}  // namespace
}  // namespace tessera::format
