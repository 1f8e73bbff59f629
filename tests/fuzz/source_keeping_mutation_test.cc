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

TEST(SourceKeepingMutationTest, InTextRunAgreesWithTheListedRuns) {
  std::vector<uint8_t> bytes = binary_with_source(kSource);
  const std::string name = "reader";  // text, but too short to keep
  bytes.insert(bytes.end(), name.begin(), name.end());
  bytes.push_back(0x01);
  const std::vector<ByteRange> runs = text_runs(bytes);
  ASSERT_EQ(runs.size(), 1u);
  for (size_t i = 0; i < bytes.size(); ++i) {
    EXPECT_EQ(in_text_run(bytes, i), i >= runs[0].begin && i < runs[0].end) << "byte " << i;
  }
  EXPECT_FALSE(in_text_run(bytes, bytes.size()));
}

// Both ways of choosing a byte outside text: from the listed runs, and by
// drawing positions (what the fuzzer uses).
using Mutation = bool (*)(std::span<uint8_t>, uint32_t);

bool listed(std::span<uint8_t> bytes, uint32_t seed) {
  return mutate_outside(bytes, text_runs(bytes), seed);
}

class SourceKeepingMutationWayTest : public ::testing::TestWithParam<Mutation> {};

// Which bytes of `original` the mutation changed for any seed 1..seeds.
std::vector<bool> changed_by_seeds(const std::vector<uint8_t>& original, Mutation mutation,
                                   uint32_t seeds) {
  std::vector<bool> changed(original.size(), false);
  for (uint32_t seed = 1; seed <= seeds; ++seed) {
    std::vector<uint8_t> bytes = original;
    EXPECT_TRUE(mutation(bytes, seed)) << "seed " << seed;
    for (size_t i = 0; i < bytes.size(); ++i) changed[i] = changed[i] || bytes[i] != original[i];
  }
  return changed;
}

TEST_P(SourceKeepingMutationWayTest, ChangesOnlyBytesOutsideTheSource) {
  const std::vector<uint8_t> original = binary_with_source(kSource);
  int changed_runs = 0;
  for (uint32_t seed = 1; seed <= 500; ++seed) {
    std::vector<uint8_t> bytes = original;
    ASSERT_TRUE(GetParam()(bytes, seed));
    EXPECT_EQ(std::string(bytes.begin() + 8, bytes.begin() + 8 + kSource.size()), kSource);
    changed_runs += bytes != original;
  }
  // A random value or bit flip may leave a byte as it was, but rarely.
  EXPECT_GT(changed_runs, 450);
}

// Two sources with table bytes before, between and after them: every
// byte outside both gets changed by some seed, and no byte inside either.
TEST_P(SourceKeepingMutationWayTest, ReachesEveryByteOutsideTheSources) {
  std::vector<uint8_t> original = binary_with_source(kSource);
  const std::vector<uint8_t> second = binary_with_source(kSource + "// second\n");
  original.insert(original.end(), second.begin(), second.end());
  const std::vector<ByteRange> kept = text_runs(original);
  ASSERT_EQ(kept.size(), 2u);
  const std::vector<bool> changed = changed_by_seeds(original, GetParam(), 3000);
  ASSERT_FALSE(HasFailure());
  for (size_t i = 0; i < original.size(); ++i) {
    const bool inside =
        (i >= kept[0].begin && i < kept[0].end) || (i >= kept[1].begin && i < kept[1].end);
    EXPECT_EQ(changed[i], !inside) << "byte " << i;
  }
}

// Two free bytes in a kilobyte of text: draws miss, and the listed runs
// still find them.
TEST_P(SourceKeepingMutationWayTest, FindsTheFewFreeBytesInMostlyText) {
  std::vector<uint8_t> original(1024, 'x');
  original[100] = 0x00;
  original[900] = 0xfe;
  const std::vector<bool> changed = changed_by_seeds(original, GetParam(), 200);
  ASSERT_FALSE(HasFailure());
  for (size_t i = 0; i < original.size(); ++i) {
    EXPECT_EQ(changed[i], i == 100 || i == 900) << "byte " << i;
  }
}

TEST_P(SourceKeepingMutationWayTest, AllTextLeavesNothingToMutate) {
  std::vector<uint8_t> bytes(kSource.begin(), kSource.end());
  EXPECT_FALSE(GetParam()(bytes, 7));
  EXPECT_EQ(std::string(bytes.begin(), bytes.end()), kSource);
  std::vector<uint8_t> empty;
  EXPECT_FALSE(GetParam()(empty, 7));
}

INSTANTIATE_TEST_SUITE_P(Ways, SourceKeepingMutationWayTest,
                         ::testing::Values(&listed, &mutate_outside_text),
                         [](const ::testing::TestParamInfo<Mutation>& info) {
                           return info.index == 0 ? std::string("Listed") : std::string("Drawn");
                         });

}  // namespace
}  // namespace tessera::fuzz
