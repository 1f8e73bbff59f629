// End-to-end: `tessera run --shard K/N` splits a run by path, and
// `tessera merge-results` puts the shards back together as the one run.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <set>

#include "../support/cli_runner.h"
#include "../support/golden_binaries.h"

namespace tessera::testing {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using Json = nlohmann::json;

// A result file's entries without what differs between any two runs.
Json without_timings(Json results) {
  for (Json& entry : results) entry.erase("timings_ms");
  return results;
}

class RunShardsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    fs::create_directories(dir / "binaries/nested");
    write_bytes(dir / "binaries/golden.ttm", multiply_binary());
    write_bytes(dir / "binaries/wrong.ttm", multiply_binary(true, -1.0f));
    write_bytes(dir / "binaries/nested/plain.ttm", multiply_binary(false));
    write_bytes(dir / "binaries/nested/again.ttm", multiply_binary());
    write_bytes(dir / "binaries/add.ttnn",
                example_binary("eltwise_add.ttnn.json", format::BinaryKind::kTtnn));
    write_bytes(dir / "binaries/system_desc.ttsys",
                example_binary("system_desc_wormhole_b0.json", format::BinaryKind::kSystemDesc));
    std::vector<uint8_t> corrupt = multiply_binary();
    corrupt.resize(corrupt.size() / 2);
    write_bytes(dir / "binaries/corrupt.ttm", corrupt);
  }
  CliResult cli(std::vector<std::string> args) { return run_cli(args, dir.path()); }
  Json json(const std::string& name) { return Json::parse(read_text_file(dir / name)); }

  TempDir dir;
};

TEST_F(RunShardsTest, NShardsMergedEqualOneRun) {
  CliResult whole = cli({"run", "binaries", "--result-file", "whole.json", "--quiet"});
  ASSERT_EQ(whole.exit_code, 1) << whole.err;  // the corrupt binary is an error
  Json expected = json("whole.json");

  for (uint32_t count : {1u, 3u, 10u}) {
    std::vector<std::string> merge = {"merge-results"};
    std::multiset<std::string> seen;
    for (uint32_t k = 1; k <= count; ++k) {
      const std::string name = "shard_" + std::to_string(k) + ".json";
      CliResult shard =
          cli({"run", "binaries", "--shard", std::to_string(k) + "/" + std::to_string(count),
               "--result-file", name, "--quiet"});
      EXPECT_NE(shard.exit_code, 2) << shard.err;
      Json report = json(name);
      EXPECT_EQ(report["shard"]["index"], k);
      for (const Json& entry : report["results"]) seen.insert(entry["file"].get<std::string>());
      merge.push_back(name);
    }
    // Every binary ran in exactly one shard.
    std::multiset<std::string> all;
    for (const Json& entry : expected["results"]) all.insert(entry["file"].get<std::string>());
    EXPECT_EQ(seen, all) << count << " shards";

    merge.insert(merge.end(), {"-o", "merged.json", "--quiet"});
    CliResult merged = cli(merge);
    EXPECT_EQ(merged.exit_code, whole.exit_code) << merged.err;
    EXPECT_EQ(merged.out, whole.out);
    Json report = json("merged.json");
    EXPECT_EQ(report["command"], expected["command"]);
    EXPECT_EQ(report["summary"], expected["summary"]);
    EXPECT_EQ(without_timings(report["results"]), without_timings(expected["results"]));
    EXPECT_FALSE(report.contains("shard"));
    std::string junit = read_text_file(dir / "merged.xml");
    std::string header = read_text_file(dir / "whole.xml").substr(0, 140);
    EXPECT_EQ(junit.substr(0, 140), header);
  }
}

TEST_F(RunShardsTest, TheMergedExitCodeIsTheWholeRunsOne) {
  fs::remove(dir / "binaries/corrupt.ttm");
  ASSERT_EQ(cli({"run", "binaries", "--quiet"}).exit_code, 42);  // wrong.ttm
  std::vector<std::string> merge = {"merge-results"};
  for (int k = 1; k <= 2; ++k) {
    const std::string name = "s" + std::to_string(k) + ".json";
    cli({"run", "binaries", "--shard", std::to_string(k) + "/2", "--result-file", name});
    merge.push_back(name);
  }
  merge.insert(merge.end(), {"-o", "merged.json"});
  EXPECT_EQ(cli(merge).exit_code, 42);
}

TEST_F(RunShardsTest, BadShardsAndIncompleteMergesAreRefused) {
  for (const char* bad : {"0/3", "4/3", "3", "a/b", "1/0"}) {
    CliResult result = cli({"run", "binaries", "--shard", bad});
    EXPECT_EQ(result.exit_code, 2) << bad;
    EXPECT_THAT(result.err, HasSubstr("--shard")) << bad;
  }
  cli({"run", "binaries", "--shard", "1/3", "--result-file", "a.json"});
  cli({"run", "binaries", "--shard", "3/3", "--result-file", "c.json"});
  CliResult missing = cli({"merge-results", "a.json", "c.json", "-o", "m.json"});
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_THAT(missing.err, HasSubstr("shard(s) 2 of 3 are missing"));
  CliResult twice = cli({"merge-results", "a.json", "a.json", "-o", "m.json"});
  EXPECT_EQ(twice.exit_code, 1);
  EXPECT_THAT(twice.err, HasSubstr("is given twice"));
  cli({"run", "binaries", "--result-file", "plain.json"});
  CliResult unsharded = cli({"merge-results", "plain.json", "-o", "m.json"});
  EXPECT_EQ(unsharded.exit_code, 1);
  EXPECT_THAT(unsharded.err, HasSubstr("has no \"shard\" table"));
}

}  // namespace
}  // namespace tessera::testing
