// Replays every input the fuzzers once crashed on (fuzz/crashes/<target>/)
// through its target: each must now come back normally. A crash here is a
// regression of a fixed bug.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "targets/fuzz_targets.h"

namespace tessera::fuzz {
namespace {

namespace fs = std::filesystem;

struct Replay {
  std::string target;
  fs::path input;
};

std::vector<Replay> saved_inputs() {
  std::vector<Replay> replays;
  for (const char* target : {"inspect_binary", "execute_metal", "execute_ttnn"}) {
    fs::path dir = fs::path(TESSERA_SOURCE_DIR) / "fuzz/crashes" / target;
    std::error_code error;
    for (const auto& entry : fs::directory_iterator(dir, error)) {
      if (entry.is_regular_file() && entry.path().filename() != "README.md") {
        replays.push_back({target, entry.path()});
      }
    }
  }
  std::sort(replays.begin(), replays.end(),
            [](const Replay& a, const Replay& b) { return a.input < b.input; });
  return replays;
}

class CrashCorpusReplayTest : public ::testing::TestWithParam<Replay> {};

TEST_P(CrashCorpusReplayTest, ComesBackNormally) {
  std::ifstream file(GetParam().input, std::ios::binary);
  std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(file)),
                             std::istreambuf_iterator<char>());
  ASSERT_FALSE(bytes.empty()) << GetParam().input;
  if (GetParam().target == "inspect_binary") inspect_binary(bytes.data(), bytes.size());
  if (GetParam().target == "execute_metal") execute_metal(bytes.data(), bytes.size());
  if (GetParam().target == "execute_ttnn") execute_ttnn(bytes.data(), bytes.size());
}

INSTANTIATE_TEST_SUITE_P(Crashes, CrashCorpusReplayTest, ::testing::ValuesIn(saved_inputs()),
                         [](const auto& info) {
                           std::string name =
                               info.param.target + "_" + info.param.input.stem().string();
                           std::replace_if(
                               name.begin(), name.end(),
                               [](char c) { return !std::isalnum(static_cast<unsigned char>(c)); },
                               '_');
                           return name;
                         });

TEST(CrashCorpusTest, HasSavedInputs) {
  // The corpus holds the crashes fixed so far; an empty one means the
  // directory moved and the replay above checks nothing.
  EXPECT_FALSE(saved_inputs().empty());
}

}  // namespace
}  // namespace tessera::fuzz
