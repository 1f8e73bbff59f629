// End-to-end: `check` and `run` refuse a binary whose major or minor version
// tessera does not support unless --ignore-version; `tessera --version`.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "../support/cli_runner.h"

namespace tessera::testing {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using Json = nlohmann::json;

std::vector<uint8_t> multiply_with_version(int major, int minor, int patch) {
  Json root = Json::parse(example_json("eltwise_multiply.ttm.json"));
  root["version"] = {{"major", major}, {"minor", minor}, {"patch", patch}};
  auto bytes = format::json_to_binary(root.dump(), format::BinaryKind::kMetal);
  if (!bytes.ok()) throw std::runtime_error(bytes.error().describe());
  return std::move(bytes).value();
}

class VersionGateTest : public ::testing::Test {
 protected:
  void SetUp() override {
    write_bytes(dir / "major.ttm", multiply_with_version(9, 0, 1));
    write_bytes(dir / "minor.ttm", multiply_with_version(0, 7, 0));
    write_bytes(dir / "patch.ttm", multiply_with_version(0, 1, 42));
  }
  CliResult cli(std::vector<std::string> args) { return run_cli(args, dir.path()); }
  Json report(const std::string& name) { return Json::parse(read_text_file(dir / name)); }

  TempDir dir;
};

TEST_F(VersionGateTest, CheckRejectsAnotherMajorOrMinorVersion) {
  CliResult result = cli({"check", "major.ttm", "minor.ttm", "patch.ttm"});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_THAT(result.err, HasSubstr("error: major.ttm: version 9.0.1 is not one tessera supports"));
  EXPECT_THAT(result.err, HasSubstr("error: minor.ttm: version 0.7.0 is not one tessera supports"));
  EXPECT_THAT(result.err, Not(HasSubstr("patch.ttm")));
  Json entries = report("check_results.json")["results"];
  EXPECT_EQ(entries[0]["result"], "fail");
  EXPECT_FALSE(entries[0]["version_supported"]);
  EXPECT_EQ(entries[1]["result"], "fail");
  EXPECT_EQ(entries[2]["result"], "pass");  // the patch version never matters

  CliResult ignored = cli({"check", "major.ttm", "minor.ttm", "--ignore-version"});
  EXPECT_EQ(ignored.exit_code, 0) << ignored.err;
  EXPECT_THAT(ignored.err, HasSubstr("warning: major.ttm: version 9.0.1"));
}

TEST_F(VersionGateTest, RunRefusesItUnlessIgnoreVersion) {
  CliResult result = cli({"run", "major.ttm", "patch.ttm"});
  EXPECT_EQ(result.exit_code, 1);
  Json entries = report("run_results.json")["results"];
  ASSERT_EQ(entries.size(), 2u);
  EXPECT_EQ(entries[0]["result"], "error");
  EXPECT_THAT(entries[0]["message"].get<std::string>(),
              HasSubstr("version 9.0.1 is not one tessera supports (0.0.x, 0.1.x)"));
  EXPECT_EQ(entries[1]["result"], "pass");

  CliResult ignored = cli({"run", "major.ttm", "minor.ttm", "--ignore-version"});
  EXPECT_EQ(ignored.exit_code, 0) << ignored.out << ignored.err;
  EXPECT_THAT(ignored.err, HasSubstr("warning: major.ttm: version 9.0.1"));
}

TEST(VersionFlagTest, PrintsTheToolAndTheBinaryVersionsItRuns) {
  CliResult result = run_cli({"--version"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_THAT(result.out, HasSubstr("tessera " TESSERA_VERSION));
  EXPECT_THAT(result.out, HasSubstr("binary versions 0.0.x, 0.1.x"));
}

}  // namespace
}  // namespace tessera::testing
