// End-to-end: `tessera query` for every architecture.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "../support/cli_runner.h"
#include "tessera/format/binary.h"

namespace tessera::testing {
namespace {

using ::testing::HasSubstr;
using Json = nlohmann::json;

struct ArchCase {
  std::string arch;
  std::string target_arch;
  int grid_x, grid_y;
  int dram_channels;
};

class QueryTest : public ::testing::TestWithParam<ArchCase> {};

TEST_P(QueryTest, PrintsTheChipGeometry) {
  const ArchCase& c = GetParam();
  CliResult result = run_cli({"query", "--arch", c.arch});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  Json root = Json::parse(result.out);
  const Json& chip = root["system_desc"]["chip_descs"][0];
  EXPECT_EQ(chip["arch"], c.target_arch);
  EXPECT_EQ(chip["grid_size"]["x"], c.grid_x);
  EXPECT_EQ(chip["grid_size"]["y"], c.grid_y);
  EXPECT_EQ(chip["num_dram_channels"], c.dram_channels);
  EXPECT_EQ(chip["physical_cores"]["worker"].size(), static_cast<size_t>(c.grid_x * c.grid_y));
  EXPECT_EQ(chip["physical_cores"]["dram"].size(), static_cast<size_t>(c.dram_channels));
}

INSTANTIATE_TEST_SUITE_P(AllArchs, QueryTest,
                         ::testing::Values(ArchCase{"grayskull", "Grayskull", 12, 9, 8},
                                           ArchCase{"wormhole_b0", "Wormhole_b0", 8, 8, 12},
                                           ArchCase{"blackhole", "Blackhole", 13, 10, 8}),
                         [](const auto& info) { return info.param.arch; });

TEST(QueryCommandTest, DefaultsToOneWormholeAndSavesALoadableTtsys) {
  TempDir dir;
  CliResult result = run_cli(
      {"query", "--devices", "2", "--save-artifacts", "--artifact-dir", dir.path().string()});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  Json root = Json::parse(result.out);
  EXPECT_EQ(root["system_desc"]["chip_descs"].size(), 2u);
  EXPECT_EQ(root["system_desc"]["chip_descs"][1]["arch"], "Wormhole_b0");
  auto saved = format::Binary::load_file((dir / "system_desc.ttsys").string());
  ASSERT_TRUE(saved.ok()) << saved.error().describe();
  EXPECT_EQ(saved->kind(), format::BinaryKind::kSystemDesc);
  EXPECT_TRUE(saved->schema_matches());
}

TEST(QueryCommandTest, RejectsBadOptions) {
  EXPECT_NE(run_cli({"query", "--arch", "quasar"}).exit_code, 0);
  EXPECT_NE(run_cli({"query", "--devices", "0"}).exit_code, 0);
  CliResult unwritable =
      run_cli({"query", "--save-artifacts", "--artifact-dir", "/proc/no/such/dir"});
  EXPECT_EQ(unwritable.exit_code, 1);
  EXPECT_THAT(unwritable.err, HasSubstr("error:"));
  // A value that is an option is a usage error, never a folder named "--devices".
  TempDir dir;
  CliResult swallowed = run_cli({"query", "--artifact-dir", "--devices", "2"}, dir.path());
  EXPECT_EQ(swallowed.exit_code, 2);
  EXPECT_THAT(swallowed.err, HasSubstr("'--devices' looks like an option"));
  EXPECT_FALSE(std::filesystem::exists(dir / "--devices"));
}

TEST(QueryCommandTest, SaveArtifactsIsASwitchWithADefaultFolder) {
  TempDir dir;
  CliResult result = run_cli({"query", "--save-artifacts", "--devices", "1"}, dir.path());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_TRUE(std::filesystem::exists(dir / "tessera-artifacts/system_desc.ttsys"));
}

}  // namespace
}  // namespace tessera::testing
