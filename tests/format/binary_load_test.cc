// Loading and verification: every kind of damage gets its own plain error.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstring>
#include <random>

#include "../support/example_binaries.h"
#include "tessera/format/binary.h"
#include "tessera/format/generated.h"
#include "tessera/format/schema.h"

namespace tessera::format {
namespace {

using testing::example_binary;
using ::testing::HasSubstr;
using testing::TempDir;
using testing::write_bytes;

std::vector<uint8_t> metal_example() {
  return example_binary("eltwise_multiply.ttm.json", BinaryKind::kMetal);
}

std::string load_error(const std::vector<uint8_t>& bytes, const std::string& name = "x.ttm") {
  auto binary = Binary::load_memory(bytes, name);
  if (binary.ok()) return "";
  return binary.error().describe();
}

TEST(BinaryLoadTest, LoadsEachKindByIdentifier) {
  auto metal = Binary::load_memory(metal_example(), "a.ttm");
  ASSERT_TRUE(metal.ok()) << metal.error().describe();
  EXPECT_EQ(metal->kind(), BinaryKind::kMetal);
  ASSERT_NE(metal->metal(), nullptr);
  EXPECT_EQ(metal->ttnn(), nullptr);
  EXPECT_EQ(metal->metal()->programs()->size(), 1u);
  EXPECT_TRUE(metal->warnings().empty());
  EXPECT_EQ(metal->schema_hash(), schema_hash(BinaryKind::kMetal));

  auto ttnn = Binary::load_memory(example_binary("eltwise_add.ttnn.json", BinaryKind::kTtnn));
  ASSERT_TRUE(ttnn.ok());
  EXPECT_EQ(ttnn->kind(), BinaryKind::kTtnn);
  auto system =
      Binary::load_memory(example_binary("system_desc_wormhole_b0.json", BinaryKind::kSystemDesc));
  ASSERT_TRUE(system.ok());
  EXPECT_EQ(system->system_desc()->chip_descs()->size(), 1u);
}

TEST(BinaryLoadTest, MissingFile) {
  auto binary = Binary::load_file("/nonexistent/dir/model.ttm");
  ASSERT_FALSE(binary.ok());
  EXPECT_EQ(binary.error().code(), ErrorCode::kNotFound);
  EXPECT_THAT(binary.error().describe(), HasSubstr("no such file"));
}

TEST(BinaryLoadTest, DirectoryIsNotABinary) {
  TempDir dir;
  auto binary = Binary::load_file(dir.path().string());
  ASSERT_FALSE(binary.ok());
  EXPECT_THAT(binary.error().describe(), HasSubstr("is a directory"));
}

TEST(BinaryLoadTest, EmptyFile) {
  EXPECT_THAT(load_error({}), HasSubstr("empty file"));
}

TEST(BinaryLoadTest, TooShort) {
  EXPECT_THAT(load_error({1, 2, 3}), HasSubstr("too short"));
}

TEST(BinaryLoadTest, TruncatedAtTenPoints) {
  std::vector<uint8_t> bytes = metal_example();
  for (int point = 1; point <= 10; ++point) {
    size_t length = bytes.size() * point / 11;
    std::vector<uint8_t> truncated(bytes.begin(), bytes.begin() + length);
    std::string error = load_error(truncated);
    EXPECT_FALSE(error.empty()) << "truncated to " << length << " bytes loaded";
    if (length >= 12) {
      EXPECT_THAT(error, HasSubstr("shorter than its size prefix"));
    }
  }
}

TEST(BinaryLoadTest, UnknownIdentifier) {
  std::vector<uint8_t> bytes = metal_example();
  std::copy_n("ABCD", 4, bytes.begin() + 8);
  EXPECT_THAT(load_error(bytes), HasSubstr("unknown file identifier 'ABCD'"));
}

TEST(BinaryLoadTest, RandomBytesFailVerification) {
  std::mt19937 random(7);
  std::vector<uint8_t> bytes(4096);
  for (uint8_t& byte : bytes) byte = static_cast<uint8_t>(random());
  // A plausible header so the check reaches the Verifier.
  uint32_t prefix = static_cast<uint32_t>(bytes.size() - 4);
  std::memcpy(bytes.data(), &prefix, 4);
  std::copy_n("TTM0", 4, bytes.begin() + 8);
  EXPECT_THAT(load_error(bytes), HasSubstr("failed flatbuffers verification"));
}

TEST(BinaryLoadTest, RandomBytesWithoutHeaderAreRejected) {
  std::mt19937 random(11);
  for (int trial = 0; trial < 20; ++trial) {
    std::vector<uint8_t> bytes(64 + trial * 37);
    for (uint8_t& byte : bytes) byte = static_cast<uint8_t>(random());
    EXPECT_FALSE(load_error(bytes).empty());
  }
}

TEST(BinaryLoadTest, SingleBitFlipsAtFiftyOffsetsAreRejected) {
  std::vector<uint8_t> bytes = metal_example();
  std::mt19937 random(3);
  for (int flip = 0; flip < 50; ++flip) {
    size_t offset = flip == 0 ? 0 : random() % bytes.size();
    int bit = static_cast<int>(random() % 8);
    std::vector<uint8_t> damaged = bytes;
    damaged[offset] ^= static_cast<uint8_t>(1u << bit);
    EXPECT_FALSE(load_error(damaged).empty()) << "flip of bit " << bit << " at " << offset;
  }
}

TEST(BinaryLoadTest, ChecksumCatchesDamageTheVerifierCannotSee) {
  std::vector<uint8_t> bytes = metal_example();
  // Change one character of a kernel source: structurally still valid.
  std::string needle = "kernel_main";
  auto at = std::search(bytes.begin(), bytes.end(), needle.begin(), needle.end());
  ASSERT_NE(at, bytes.end());
  *at = 'K';
  EXPECT_THAT(load_error(bytes), HasSubstr("content checksum mismatch"));
}

TEST(BinaryLoadTest, ExtensionDisagreeingWithIdentifierWarns) {
  auto binary = Binary::load_memory(example_binary("eltwise_add.ttnn.json", BinaryKind::kTtnn),
                                    "renamed.ttm");
  ASSERT_TRUE(binary.ok());
  EXPECT_EQ(binary->kind(), BinaryKind::kTtnn);
  ASSERT_EQ(binary->warnings().size(), 1u);
  EXPECT_THAT(binary->warnings()[0], HasSubstr("'.ttm' suggests a TTMetal binary"));
  EXPECT_THAT(binary->warnings()[0], HasSubstr("identifier TTNN"));
}

TEST(BinaryLoadTest, SchemaHashOfAnotherSchemaWarnsWithAWayForward) {
  std::string json = testing::example_json("eltwise_add.ttnn.json");
  json.insert(json.find('{') + 1, "\"schema_hash\": \"00000000deadbeef\",");
  auto bytes = json_to_binary(json, BinaryKind::kTtnn);
  ASSERT_TRUE(bytes.ok()) << bytes.error().describe();
  auto binary = Binary::load_memory(*bytes, "old.ttnn");
  ASSERT_TRUE(binary.ok()) << binary.error().describe();
  EXPECT_FALSE(binary->schema_matches());
  ASSERT_EQ(binary->warnings().size(), 1u);
  EXPECT_THAT(binary->warnings()[0], HasSubstr("another schema"));
  EXPECT_THAT(binary->warnings()[0], HasSubstr("To proceed"));
}

TEST(BinaryLoadTest, BaselineBinaryWithoutHashLoads) {
  auto bytes =
      example_binary("eltwise_multiply.ttm.json", BinaryKind::kMetal, SchemaHashStamp::kLeaveAsIs);
  auto binary = Binary::load_memory(bytes, "baseline.ttm");
  ASSERT_TRUE(binary.ok()) << binary.error().describe();
  EXPECT_FALSE(binary->schema_hash().has_value());
  EXPECT_TRUE(binary->schema_matches());
  EXPECT_TRUE(binary->warnings().empty());
}

TEST(BinaryLoadTest, LoadFileReadsWhatWasWritten) {
  TempDir dir;
  write_bytes(dir / "model.ttm", metal_example());
  auto binary = Binary::load_file((dir / "model.ttm").string());
  ASSERT_TRUE(binary.ok()) << binary.error().describe();
  EXPECT_EQ(binary->name(), (dir / "model.ttm").string());
}

}  // namespace
}  // namespace tessera::format
