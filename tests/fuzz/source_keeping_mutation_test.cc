// The executor fuzzers' mutation: it finds kernel text, never changes it,
// and changes something else.
#include "targets/source_keeping_mutation.h"

#include <gtest/gtest.h>

#include <string>

namespace tessera::fuzz {
namespace {

// A binary-like buffer: table bytes, a kernel source, more table bytes.
std::vector<uint8_t> binary_with_source(const std::string& source) {
  std::vector<uint8_t> bytes = {0x10, 0x00, 0x00, 0x00, 0xff, 0x01, 0x02, 0x03};
  bytes.insert(bytes.end(), source.begin(), source.end());
  for (uint8_t tail : {0x00, 0x04, 0x00, 0x08, 0x90, 0x91}) bytes.push_back(tail);
  return bytes;
}

const std::string kSource =
    "#include \"dataflow_api.h\"\nvoid kernel_main() {\n  uint32_t src = "
    "get_arg_val<uint32_t>(0);\n}\n";

TEST(SourceKeepingMutationTest, FindsTheKernelSourceAndNotShortNames) {
  std::vector<uint8_t> bytes = binary_with_source(kSource);
  const std::string name = "reader";
  bytes.insert(bytes.end(), name.begin(), name.end());
  std::vector<ByteRange> runs = text_runs(bytes);
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].begin, 8u);
  EXPECT_EQ(runs[0].end, 8u + kSource.size());
}

TEST(SourceKeepingMutationTest, ChangesOnlyBytesOutsideTheSource) {
  const std::vector<uint8_t> original = binary_with_source(kSource);
  const std::vector<ByteRange> kept = text_runs(original);
  int changed_runs = 0;
  for (uint32_t seed = 1; seed <= 500; ++seed) {
    std::vector<uint8_t> bytes = original;
    ASSERT_TRUE(mutate_outside(bytes, kept, seed));
    EXPECT_EQ(std::string(bytes.begin() + 8, bytes.begin() + 8 + kSource.size()), kSource);
    changed_runs += bytes != original;
  }
  // A random value or bit flip may leave a byte as it was, but rarely.
  EXPECT_GT(changed_runs, 450);
}

TEST(SourceKeepingMutationTest, AllTextLeavesNothingToMutate) {
  std::vector<uint8_t> bytes(kSource.begin(), kSource.end());
  EXPECT_FALSE(mutate_outside(bytes, text_runs(bytes), 7));
  EXPECT_EQ(std::string(bytes.begin(), bytes.end()), kSource);
}

}  // namespace
}  // namespace tessera::fuzz
