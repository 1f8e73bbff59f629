// End-to-end: `tessera run --dump-kernels` writes every TTM0 kernel source to
// files, and `--load-kernels` runs the binary with edited files instead, so a
// kernel can be debugged without recompiling.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "../support/cli_runner.h"
#include "../support/golden_binaries.h"

namespace tessera::testing {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using Json = nlohmann::json;

class RunKernelSourcesTest : public ::testing::Test {
 protected:
  void SetUp() override { write_bytes(dir / "golden.ttm", multiply_binary()); }
  CliResult run(std::vector<std::string> args) {
    args.insert(args.begin(), "run");
    return run_cli(args, dir.path());
  }
  std::vector<fs::path> dumped() {
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(dir / "kernels/golden.ttm")) {
      files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    return files;
  }

  TempDir dir;
};

TEST_F(RunKernelSourcesTest, DumpedSourcesAreTheBinarysAndEditedOnesRun) {
  CliResult dump = run({"golden.ttm", "--dump-kernels", "--kernel-source-dir", "kernels"});
  ASSERT_EQ(dump.exit_code, 0) << dump.err;
  std::vector<fs::path> files = dumped();
  ASSERT_FALSE(files.empty());
  EXPECT_THAT(dump.err, HasSubstr("wrote " + std::to_string(files.size()) + " kernel source(s)"));
  // Each file is a kernel of the binary, as `read --section kernels` shows it.
  CliResult read = run_cli({"read", "golden.ttm", "--section", "kernels"}, dir.path());
  std::string listed;
  const Json kernels = Json::parse(read.out)["kernels"];
  for (const Json& kernel : kernels) {
    for (const Json& line : kernel["source"]) listed += line.get<std::string>() + "\n";
  }
  std::string first = read_text_file(files[0]);
  EXPECT_THAT(listed, HasSubstr(first.substr(0, first.find('\n'))));

  // Unchanged sources run as before.
  CliResult same = run({"golden.ttm", "--load-kernels", "--kernel-source-dir", "kernels"});
  EXPECT_EQ(same.exit_code, 0) << same.err;
  EXPECT_THAT(same.err, HasSubstr(std::to_string(files.size()) + " kernel source(s) from"));

  // A kernel edited to read an address no buffer covers fails the way the
  // same change in the binary does.
  bool edited = false;
  for (const fs::path& file : files) {
    std::string text = read_text_file(file);
    const std::string from = "constexpr uint32_t lhs_address = 0x40000;";
    size_t at = text.find(from);
    if (at == std::string::npos) continue;
    text.replace(at, from.size(), "constexpr uint32_t lhs_address = 0x90000;");
    std::ofstream(file, std::ios::trunc) << text;
    edited = true;
  }
  ASSERT_TRUE(edited) << "no kernel reads lhs_address";
  CliResult broken = run({"golden.ttm", "--load-kernels", "--kernel-source-dir", "kernels"});
  EXPECT_EQ(broken.exit_code, 1);
  EXPECT_THAT(broken.err, HasSubstr("0x90000"));
  EXPECT_EQ(run({"golden.ttm"}).exit_code, 0);  // the binary itself is untouched
}

TEST_F(RunKernelSourcesTest, LoadingWithoutSourcesSaysWhere) {
  CliResult result = run({"golden.ttm", "--load-kernels", "--kernel-source-dir", "none"});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_THAT(result.err, HasSubstr("no kernel sources for golden.ttm in 'none/golden.ttm'"));
  EXPECT_EQ(run({"golden.ttm", "--load-kernels", "--dump-kernels"}).exit_code, 2);
}

}  // namespace
}  // namespace tessera::testing
