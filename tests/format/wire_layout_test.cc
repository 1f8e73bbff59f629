// Telling the two TTM0/TTSY wire layouts apart: by which schema verifies a
// buffer and, when both do, by the first string field (the current layout's
// 64-digit schema SHA-256, the 2024 layout's 40-digit compiler git hash).
// Neither layout is ever read as the other.
#include "tessera/format/wire_layout.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstring>
#include <random>

#include "../support/example_binaries.h"
#include "current_layout_json.h"
#include "tessera/format/binary.h"
#include "tessera/format/current_generated.h"
#include "tessera/format/current_system_desc.h"
#include "tessera/format/json.h"
#include "tessera/format/schema.h"

namespace tessera::format {
namespace {

using ::testing::HasSubstr;
using Json = nlohmann::ordered_json;

constexpr const char* kSha256 = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
constexpr const char* kGitHash = "0123456789abcdef0123456789abcdef01234567";

std::vector<uint8_t> build(const Json& json, BinaryKind kind, WireLayout layout,
                           SchemaHashStamp stamp = SchemaHashStamp::kStampIfAbsent) {
  auto bytes = json_to_binary(json.dump(), kind, layout, stamp);
  EXPECT_TRUE(bytes.ok()) << bytes.error().describe();
  return bytes.ok() ? std::move(bytes).value() : std::vector<uint8_t>{};
}

std::vector<uint8_t> current_add() {
  return build(testing::current_add_binary_json(), BinaryKind::kMetal, WireLayout::kCurrent);
}

std::vector<uint8_t> example_2024() {
  return testing::example_binary("eltwise_multiply.ttm.json", BinaryKind::kMetal);
}

// The size-prefixed flatbuffer without trailing bytes.
std::span<const uint8_t> framed(const std::vector<uint8_t>& bytes) {
  uint32_t prefix = 0;
  std::memcpy(&prefix, bytes.data(), 4);
  return std::span<const uint8_t>(bytes).first(prefix + 4);
}

TEST(WireLayoutTest, NamesRoundTrip) {
  EXPECT_EQ(layout_name(WireLayout::k2024), "2024");
  EXPECT_EQ(layout_name(WireLayout::kCurrent), "current");
  EXPECT_EQ(layout_from_name("current"), WireLayout::kCurrent);
  EXPECT_EQ(layout_from_name("2025"), std::nullopt);
  EXPECT_FALSE(has_layout(BinaryKind::kTtnn, WireLayout::kCurrent));
}

TEST(WireLayoutTest, EachLayoutLoadsAsItself) {
  auto current = Binary::load_memory(current_add(), "add.ttm");
  ASSERT_TRUE(current.ok()) << current.error().describe();
  EXPECT_EQ(current->layout(), WireLayout::kCurrent);
  EXPECT_EQ(current->metal(), nullptr);
  ASSERT_NE(current->current_metal(), nullptr);
  EXPECT_EQ(current->current_metal()->programs()->size(), 2u);
  EXPECT_EQ(current->schema_hash(), std::string(testing::kCompilerSchemaHash));
  // The compiler's own schema hash is not tessera's, and that is no warning.
  EXPECT_FALSE(current->schema_matches());
  EXPECT_TRUE(current->warnings().empty());

  auto baseline = Binary::load_memory(example_2024(), "mul.ttm");
  ASSERT_TRUE(baseline.ok());
  EXPECT_EQ(baseline->layout(), WireLayout::k2024);
  EXPECT_EQ(baseline->current_metal(), nullptr);
  EXPECT_NE(baseline->metal(), nullptr);
}

TEST(WireLayoutTest, SystemDescriptorsOfBothLayouts) {
  auto baseline = Binary::load_memory(
      testing::example_binary("system_desc_wormhole_b0.json", BinaryKind::kSystemDesc));
  ASSERT_TRUE(baseline.ok());
  EXPECT_EQ(baseline->layout(), WireLayout::k2024);
  auto converted = system_desc_to_current(*baseline);
  ASSERT_TRUE(converted.ok()) << converted.error().describe();
  auto current = Binary::load_memory(*converted, "current.ttsys");
  ASSERT_TRUE(current.ok()) << current.error().describe();
  EXPECT_EQ(current->layout(), WireLayout::kCurrent);
  EXPECT_EQ(current->system_desc(), nullptr);
  ASSERT_NE(current->current_system_desc(), nullptr);
  EXPECT_TRUE(current->schema_matches());
}

// The whole binaries verify only as what they are.
TEST(WireLayoutTest, RealBinariesVerifyInOneLayoutOnly) {
  const std::vector<uint8_t> current = current_add();
  const std::vector<uint8_t> baseline = example_2024();
  EXPECT_TRUE(verifies_in_layout(BinaryKind::kMetal, WireLayout::kCurrent, framed(current)));
  EXPECT_FALSE(verifies_in_layout(BinaryKind::kMetal, WireLayout::k2024, framed(current)));
  EXPECT_TRUE(verifies_in_layout(BinaryKind::kMetal, WireLayout::k2024, framed(baseline)));
  EXPECT_FALSE(verifies_in_layout(BinaryKind::kMetal, WireLayout::kCurrent, framed(baseline)));
}

// Adversarial first fields: a 2024 binary whose git hash looks like a
// SHA-256 and a current one whose schema hash looks like a git hash are
// still read by the schema that verifies them.
TEST(WireLayoutTest, AMisleadingFirstFieldNeverFlipsAVerifiedLayout) {
  Json baseline = Json::parse(testing::example_json("eltwise_multiply.ttm.json"));
  baseline["ttmlir_git_hash"] = kSha256;
  auto as_2024 = Binary::load_memory(build(baseline, BinaryKind::kMetal, WireLayout::k2024));
  ASSERT_TRUE(as_2024.ok()) << as_2024.error().describe();
  EXPECT_EQ(as_2024->layout(), WireLayout::k2024);

  Json current = testing::current_add_binary_json();
  current["schema_hash"] = kGitHash;
  auto as_current = Binary::load_memory(build(current, BinaryKind::kMetal, WireLayout::kCurrent));
  ASSERT_TRUE(as_current.ok()) << as_current.error().describe();
  EXPECT_EQ(as_current->layout(), WireLayout::kCurrent);
}

// {version, one string}: the same bytes in both layouts (the 2024 root's
// ttmlir_git_hash and the current root's schema_hash share the slot).
std::vector<uint8_t> tiny(const char* first_string) {
  Json json = {{"version", {{"major", 0}, {"minor", 0}, {"patch", 1}}},
               {"ttmlir_git_hash", first_string}};
  return build(json, BinaryKind::kMetal, WireLayout::k2024, SchemaHashStamp::kLeaveAsIs);
}

TEST(WireLayoutTest, ATinyBinaryBothSchemasVerifyIsDecidedByItsFirstField) {
  for (const char* text : {kSha256, kGitHash, "x"}) {
    const std::vector<uint8_t> bytes = tiny(text);
    EXPECT_TRUE(verifies_in_layout(BinaryKind::kMetal, WireLayout::k2024, framed(bytes)));
    EXPECT_TRUE(verifies_in_layout(BinaryKind::kMetal, WireLayout::kCurrent, framed(bytes)));
  }
  EXPECT_EQ(*detect_wire_layout(BinaryKind::kMetal, framed(tiny(kSha256))), WireLayout::kCurrent);
  EXPECT_EQ(*detect_wire_layout(BinaryKind::kMetal, framed(tiny(kGitHash))), WireLayout::k2024);
  // tessera's own current-layout schema hash (16 hex digits) is known too.
  const std::string& own = schema_hash(BinaryKind::kMetal, WireLayout::kCurrent);
  EXPECT_EQ(*detect_wire_layout(BinaryKind::kMetal, framed(tiny(own.c_str()))),
            WireLayout::kCurrent);

  auto loaded = Binary::load_memory(tiny(kSha256), "tiny.ttm");
  ASSERT_TRUE(loaded.ok()) << loaded.error().describe();
  EXPECT_EQ(loaded->layout(), WireLayout::kCurrent);
  EXPECT_EQ(loaded->schema_hash(), std::string(kSha256));
  auto old = Binary::load_memory(tiny(kGitHash), "tiny.ttm");
  ASSERT_TRUE(old.ok()) << old.error().describe();
  EXPECT_EQ(old->layout(), WireLayout::k2024);
  EXPECT_EQ(old->schema_hash(), std::nullopt);
}

TEST(WireLayoutTest, ATinyBinaryWhoseFirstFieldTellsNothingIsAnError) {
  auto binary = Binary::load_memory(tiny("not a hash"), "tiny.ttm");
  ASSERT_FALSE(binary.ok());
  const std::string error = binary.error().describe();
  EXPECT_THAT(error, HasSubstr("tiny.ttm"));
  EXPECT_THAT(error, HasSubstr("verifies in both the 2024 and the current layout"));
  EXPECT_THAT(error, HasSubstr("\"not a hash\""));
  EXPECT_THAT(error, HasSubstr("tessera build --layout 2024|current"));
}

TEST(WireLayoutTest, ABufferNeitherVerifiesIsAnErrorNamingBoth) {
  std::mt19937 random(5);
  std::vector<uint8_t> bytes(2048);
  for (uint8_t& byte : bytes) byte = static_cast<uint8_t>(random());
  const uint32_t prefix = static_cast<uint32_t>(bytes.size() - 4);
  std::memcpy(bytes.data(), &prefix, 4);
  std::copy_n("TTM0", 4, bytes.begin() + 8);
  auto binary = Binary::load_memory(bytes, "noise.ttm");
  ASSERT_FALSE(binary.ok());
  EXPECT_THAT(binary.error().describe(),
              HasSubstr("failed flatbuffers verification as TTMetal (TTM0) in both the 2024 and "
                        "the current layout"));
  // A TTNN buffer has one layout to fail in.
  std::copy_n("TTNN", 4, bytes.begin() + 8);
  auto ttnn = Binary::load_memory(bytes, "noise.ttnn");
  ASSERT_FALSE(ttnn.ok());
  EXPECT_THAT(ttnn.error().describe(), HasSubstr("in the 2024 layout"));
}

}  // namespace
}  // namespace tessera::format
