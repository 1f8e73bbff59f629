// End-to-end: one `tessera run` over a directory holding TTM0 binaries of
// both conventions (inputs and outputs copied by the queue's commands, and
// created by the runtime at the compiler's addresses) and TTNN binaries.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "../support/cli_runner.h"

namespace tessera::testing {
namespace {

using ::testing::ContainsRegex;
using ::testing::HasSubstr;
namespace fs = std::filesystem;

TEST(RunConventionsTest, ADirectoryMixingBothConventionsRunsInOneRun) {
  TempDir dir;
  fs::create_directories(dir / "binaries");
  const fs::path examples = fs::path(TESSERA_BINARY_DIR) / "examples";
  for (const char* name : {"eltwise_multiply_64x128.ttm", "eltwise_multiply_64x128_device_io.ttm",
                           "reblock_64x128_device_io.ttm", "eltwise_add_64x128.ttnn"}) {
    fs::copy_file(examples / name, dir / "binaries" / name);
  }
  for (const char* name : {"add_l1", "scatter_2x2"}) {
    fs::path json = fs::path(TESSERA_CONFORMANCE_DIR) / name / (std::string(name) + ".ttm.json");
    CliResult built = run_cli(
        {"build", json.string(), "-o", (dir / "binaries" / (std::string(name) + ".ttm")).string()});
    ASSERT_EQ(built.exit_code, 0) << built.err;
  }
  CliResult result = run_cli({"run", "binaries"}, dir.path());
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  EXPECT_THAT(result.out, HasSubstr("6 program(s): 6 passed, 0 failed, 0 error(s), 0 skipped"));
  EXPECT_THAT(result.out, ContainsRegex("PASS +binaries/eltwise_multiply_64x128_device_io\\.ttm "));
  auto report = nlohmann::json::parse(read_text_file(dir / "run_results.json"));
  int with_golden = 0;
  for (const auto& entry : report["results"]) {
    EXPECT_EQ(entry["result"], "pass") << entry.dump();
    EXPECT_TRUE(entry["leaks"].empty()) << entry.dump();
    std::string message = entry["message"];
    if (message.find("match their golden") != std::string::npos) ++with_golden;
  }
  EXPECT_EQ(with_golden, 4);  // the builder's binaries carry goldens
}

}  // namespace
}  // namespace tessera::testing
