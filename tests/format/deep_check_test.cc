// What loading checks beyond the flatbuffers Verifier: strings are UTF-8
// and unions name a known member with a table. Binaries are damaged in
// place and resealed, as a buggy writer would leave them.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstring>

#include "../support/example_binaries.h"
#include "tessera/format/binary.h"
#include "tessera/format/integrity.h"
#include "tessera/format/json.h"

namespace tessera::format {
namespace {

using ::testing::HasSubstr;

// The eltwise multiply example with its program named `name`, resealed.
std::vector<uint8_t> named(const std::string& name) {
  std::string json = testing::example_json("eltwise_multiply.ttm.json");
  const std::string from = "\"name\": \"eltwise_multiply\"";
  size_t at = json.find(from);
  EXPECT_NE(at, std::string::npos);
  json.replace(at, from.size(), "\"name\": \"" + name + "\"");
  auto bytes = json_to_binary(json, BinaryKind::kMetal);
  EXPECT_TRUE(bytes.ok()) << bytes.error().describe();
  return std::move(bytes).value();
}

// Overwrites the program name's first bytes and reseals.
std::vector<uint8_t> with_name_bytes(std::vector<uint8_t> bytes, std::vector<uint8_t> patch) {
  const std::string marker = "ABCDEFGH";
  auto at = std::search(bytes.begin(), bytes.end(), marker.begin(), marker.end());
  EXPECT_NE(at, bytes.end());
  std::copy(patch.begin(), patch.end(), at);
  EXPECT_TRUE(seal_binary(bytes, BinaryKind::kMetal).ok());
  return bytes;
}

TEST(DeepCheckTest, MultiByteUtf8Loads) {
  auto binary = Binary::load_memory(named("gr\u00fc\u00dfe \u20ac \U0001F600"), "ok.ttm");
  EXPECT_TRUE(binary.ok()) << binary.error().describe();
}

TEST(DeepCheckTest, MalformedUtf8IsALoadErrorNamingTheString) {
  const std::vector<std::vector<uint8_t>> malformed = {
      {0xff},                    // never a UTF-8 byte
      {0xc0, 0x80},              // overlong NUL
      {0xed, 0xa0, 0x80},        // a UTF-16 surrogate
      {0xf4, 0x90, 0x80, 0x80},  // past U+10FFFF
      {0xe2, 0x82, 0x41},        // truncated sequence
      {0x80},                    // a lone continuation byte
  };
  for (const auto& patch : malformed) {
    auto binary = Binary::load_memory(with_name_bytes(named("ABCDEFGH"), patch), "bad.ttm");
    ASSERT_FALSE(binary.ok()) << int{patch[0]};
    EXPECT_THAT(binary.error().describe(),
                HasSubstr("bad.ttm: string programs[0].name is not valid UTF-8 (byte"));
  }
}

TEST(DeepCheckTest, AUnionWithATypeButNoTableIsALoadError) {
  std::string json = testing::example_json("eltwise_multiply.ttm.json");
  const std::string finish = "\"type_type\": \"FinishCommand\",\n         \"type\": {},";
  size_t at = json.find(finish);
  ASSERT_NE(at, std::string::npos);
  json.replace(at, finish.size(), "\"type_type\": \"FinishCommand\",");
  auto bytes = json_to_binary(json, BinaryKind::kMetal);
  ASSERT_TRUE(bytes.ok()) << bytes.error().describe();
  auto binary = Binary::load_memory(*bytes, "notable.ttm");
  ASSERT_FALSE(binary.ok());
  EXPECT_THAT(binary.error().describe(),
              HasSubstr("notable.ttm: union programs[0].device_programs[0].command_queues[0]."));
  EXPECT_THAT(binary.error().describe(), HasSubstr(".type has type FinishCommand but no table"));
}

}  // namespace
}  // namespace tessera::format
