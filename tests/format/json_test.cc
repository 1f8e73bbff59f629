// JSON <-> binary round trips through the embedded schemas.
#include "tessera/format/json.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <bit>
#include <nlohmann/json.hpp>

#include "../support/example_binaries.h"
#include "current_layout_json.h"
#include "tessera/format/binary_sections.h"
#include "tessera/format/generated.h"

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

class JsonRoundTripTest : public ::testing::TestWithParam<std::pair<const char*, BinaryKind>> {};

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
  auto binary =
      Binary::load_memory(testing::example_binary("eltwise_multiply.ttm.json", BinaryKind::kMetal));
  ASSERT_TRUE(binary.ok());
  const auto* command = binary->metal()
                            ->programs()
                            ->Get(0)
                            ->device_programs()
                            ->Get(0)
                            ->command_queues()
                            ->Get(0)
                            ->commands()
                            ->Get(8);
  const auto* program = command->type_as_EnqueueProgramCommand();
  ASSERT_NE(program, nullptr);
  std::string source =
      program->program()->kernels()->Get(0)->kernel_as_KernelSource()->source()->str();
  EXPECT_THAT(source, HasSubstr("void kernel_main()"));
  EXPECT_THAT(source, HasSubstr("#include \"dataflow_api.h\""));
}

TEST(JsonTest, FloatFieldsRoundTripExactly) {
  nlohmann::ordered_json root =
      nlohmann::ordered_json::parse(testing::example_json("eltwise_add.ttnn.json"));
  auto& operations = root["programs"][0]["operations"];
  const float value = 0.123456789f;
  operations.insert(operations.begin() + 1,
                    nlohmann::ordered_json{{"type_type", "FullOp"},
                                           {"type",
                                            {{"device", {{"global_id", 0}}},
                                             {"fill_value", value},
                                             {"out", operations[1]["type"]["out"]}}}});
  auto first = json_to_binary(root.dump(), BinaryKind::kTtnn);
  ASSERT_TRUE(first.ok()) << first.error().describe();
  auto second = json_to_binary(full_json(*first), BinaryKind::kTtnn);
  ASSERT_TRUE(second.ok()) << second.error().describe();
  auto binary = Binary::load_memory(*second);
  ASSERT_TRUE(binary.ok());
  float read_back =
      binary->ttnn()->programs()->Get(0)->operations()->Get(1)->type_as_FullOp()->fill_value();
  EXPECT_EQ(std::bit_cast<uint32_t>(read_back), std::bit_cast<uint32_t>(value));
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

// The current layout: JSON -> binary -> JSON is byte-identical, and the
// layout comes from the JSON when none is named.
TEST(JsonTest, CurrentLayoutRoundTripsAndIsFoundFromTheJson) {
  const std::string json = testing::current_add_binary_json().dump();
  auto named = json_to_binary(json, BinaryKind::kMetal, WireLayout::kCurrent);
  ASSERT_TRUE(named.ok()) << named.error().describe();
  auto found = json_to_binary(json, BinaryKind::kMetal);
  ASSERT_TRUE(found.ok()) << found.error().describe();
  EXPECT_EQ(*named, *found);
  auto binary = Binary::load_memory(*found, "add.ttm");
  ASSERT_TRUE(binary.ok());
  auto text = binary_to_json(*binary);
  ASSERT_TRUE(text.ok());
  auto again = json_to_binary(*text, BinaryKind::kMetal);
  ASSERT_TRUE(again.ok()) << again.error().describe();
  EXPECT_EQ(*again, *found);
  auto wrong = json_to_binary(json, BinaryKind::kMetal, WireLayout::k2024);
  ASSERT_FALSE(wrong.ok());
  EXPECT_THAT(wrong.error().describe(), HasSubstr("of the 2024 layout"));
}

TEST(JsonTest, JsonFittingBothLayoutsAsksForOne) {
  auto both =
      json_to_binary(R"({"version": {"major": 0, "minor": 0, "patch": 1}})", BinaryKind::kMetal);
  ASSERT_FALSE(both.ok());
  EXPECT_THAT(both.error().describe(), HasSubstr("tessera build --layout 2024|current"));
  auto neither = json_to_binary(R"({"no_such_field": 1})", BinaryKind::kSystemDesc);
  ASSERT_FALSE(neither.ok());
  EXPECT_THAT(neither.error().describe(), HasSubstr("matches neither layout"));
}

}  // namespace
}  // namespace tessera::format
