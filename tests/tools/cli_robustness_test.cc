// End-to-end: the inputs that once crashed the fuzzers (fuzz/crashes) through
// `read`, `check` and `run`. Each command exits 0 or 1 with plain errors,
// never on a signal, and the run reports the binary and goes on.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <map>

#include "../support/cli_runner.h"

namespace tessera::testing {
namespace {

using ::testing::ContainsRegex;
using ::testing::HasSubstr;
namespace fs = std::filesystem;

// What each saved input must be reported as.
const std::map<std::string, std::string> kExpected = {
    {"invalid-utf8-program-name", "programs[0].name is not valid UTF-8 (byte 0xff at offset 3"},
    {"union-type-without-table-segfault", "but no table"},
    {"unknown-union-type-json-printer-abort", "which is not a member of"},
    {"huge-shape-bad-alloc", "past the limit of"},
    {"billion-element-input", "past the limit of"},
};

std::vector<fs::path> crash_inputs() {
  std::vector<fs::path> inputs;
  for (const auto& entry :
       fs::recursive_directory_iterator(fs::path(TESSERA_SOURCE_DIR) / "fuzz/crashes")) {
    if (entry.is_regular_file() && entry.path().filename() != "README.md") {
      inputs.push_back(entry.path());
    }
  }
  std::sort(inputs.begin(), inputs.end());
  return inputs;
}

TEST(CliRobustnessTest, SavedCrashInputsAreReportedNotFatal) {
  TempDir dir;
  std::vector<fs::path> inputs = crash_inputs();
  ASSERT_FALSE(inputs.empty());
  for (const fs::path& input : inputs) {
    const std::string name =
        input.parent_path().filename().string() + "-" + input.filename().string();
    fs::copy_file(input, dir / name);
    std::string expected;
    if (auto it = kExpected.find(input.filename().string()); it != kExpected.end()) {
      expected = it->second;
    }
    for (const char* command : {"read", "check", "run"}) {
      CliResult result = run_cli({command, name}, dir.path());
      EXPECT_EQ(result.signal, 0) << command << " " << name;
      EXPECT_TRUE(result.exit_code == 0 || result.exit_code == 1)
          << command << " " << name << " exited " << result.exit_code;
      if (result.exit_code == 1) {
        EXPECT_THAT(result.err, HasSubstr("error: " + name)) << command;
        if (!expected.empty()) {
          EXPECT_THAT(result.err, HasSubstr(expected)) << command << " " << name;
        }
      }
    }
  }
  // Good binaries around them still pass in the same run.
  fs::copy_file(fs::path(TESSERA_BINARY_DIR) / "examples/eltwise_multiply_64x128.ttm",
                dir / "good.ttm");
  std::vector<std::string> args = {"run"};
  for (const auto& entry : fs::directory_iterator(dir.path())) {
    args.push_back(entry.path().filename().string());
  }
  std::sort(args.begin() + 1, args.end());
  CliResult run = run_cli(args, dir.path());
  EXPECT_EQ(run.signal, 0);
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_THAT(run.out, ContainsRegex("PASS +good\\.ttm +0 "));
}

}  // namespace
}  // namespace tessera::testing
