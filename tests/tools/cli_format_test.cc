// End-to-end: `tessera read`, `build` and `check` as a user runs them.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <random>

#include "../support/cli_runner.h"

namespace tessera::testing {
namespace {

using ::testing::HasSubstr;
using Json = nlohmann::json;

class CliFormatTest : public ::testing::Test {
 protected:
  void SetUp() override {
    write_bytes(dir / "model.ttm",
                example_binary("eltwise_multiply.ttm.json", format::BinaryKind::kMetal));
    write_bytes(dir / "model.ttnn",
                example_binary("eltwise_add.ttnn.json", format::BinaryKind::kTtnn));
    write_bytes(dir / "system.ttsys",
                example_binary("system_desc_wormhole_b0.json", format::BinaryKind::kSystemDesc));
  }
  std::string path(const std::string& name) { return (dir / name).string(); }

  TempDir dir;
};

TEST_F(CliFormatTest, ReadPrintsOneJsonObjectPerFile) {
  CliResult result = run_cli({"read", dir.path().string(), "--section", "version"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  // Three pretty-printed objects, one per binary, sorted by path.
  size_t objects = 0;
  for (size_t at = 0; (at = result.out.find("\n}\n", at)) != std::string::npos; at += 3) ++objects;
  EXPECT_EQ(objects, 3u);
  EXPECT_THAT(result.out, HasSubstr("\"kind\": \"TTM0\""));
  EXPECT_THAT(result.out, HasSubstr("\"kind\": \"TTSY\""));
}

TEST_F(CliFormatTest, ReadBuildReadRoundTripsByteIdenticalJson) {
  for (const char* name : {"model.ttm", "model.ttnn", "system.ttsys"}) {
    // --full: JSON that builds (a summary of tensor data would not).
    CliResult first = run_cli({"read", path(name), "--full"});
    ASSERT_EQ(first.exit_code, 0) << first.err;
    std::ofstream(dir / "dump.json") << first.out;
    std::string rebuilt = path(std::string("rebuilt_") + name);
    CliResult build = run_cli({"build", path("dump.json"), "-o", rebuilt});
    ASSERT_EQ(build.exit_code, 0) << build.err;
    CliResult second = run_cli({"read", rebuilt, "--full"});
    ASSERT_EQ(second.exit_code, 0) << second.err;
    EXPECT_EQ(second.out, first.out) << name;
  }
}

TEST_F(CliFormatTest, KernelsSectionShowsSources) {
  CliResult result = run_cli({"read", path("model.ttm"), "--section", "kernels"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  Json json = Json::parse(result.out);
  EXPECT_EQ(json["kernels"].size(), 3u);
  EXPECT_EQ(json["kernels"][1]["source_type"], "Tensix");
}

TEST_F(CliFormatTest, BuildNeedsAKindItCanTell) {
  std::ofstream(dir / "in.json") << "{}";
  CliResult result = run_cli({"build", path("in.json"), "-o", path("out.bin")});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_THAT(result.err, HasSubstr("pass --kind"));
  CliResult with_kind =
      run_cli({"build", path("in.json"), "-o", path("out.bin"), "--kind", "ttnn"});
  EXPECT_EQ(with_kind.exit_code, 0) << with_kind.err;
}

TEST_F(CliFormatTest, UsageErrorsExitTwo) {
  EXPECT_EQ(run_cli({"read"}).exit_code, 2);
  EXPECT_EQ(run_cli({"read", path("model.ttm"), "--section", "bogus"}).exit_code, 2);
  EXPECT_EQ(run_cli({"no-such-command"}).exit_code, 2);
  CliResult help = run_cli({"read", "--help"});
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_THAT(help.out, HasSubstr("--section"));
  EXPECT_THAT(help.out, HasSubstr("--full"));
}

TEST_F(CliFormatTest, MalformedCorpusIsRejectedWithExitOneAndNoSignal) {
  std::vector<uint8_t> good =
      example_binary("eltwise_multiply.ttm.json", format::BinaryKind::kMetal);
  std::vector<std::pair<std::string, std::vector<uint8_t>>> corpus;
  corpus.push_back({"empty.ttm", {}});
  std::mt19937 random(5);
  std::vector<uint8_t> noise(2000);
  for (uint8_t& byte : noise) byte = static_cast<uint8_t>(random());
  corpus.push_back({"noise.ttm", noise});
  for (int point = 1; point <= 10; ++point) {
    corpus.push_back({"truncated" + std::to_string(point) + ".ttm",
                      std::vector<uint8_t>(good.begin(), good.begin() + good.size() * point / 11)});
  }
  for (int flip = 0; flip < 50; ++flip) {
    std::vector<uint8_t> damaged = good;
    damaged[random() % damaged.size()] ^= static_cast<uint8_t>(1u << (random() % 8));
    corpus.push_back({"flip" + std::to_string(flip) + ".ttm", damaged});
  }
  std::vector<uint8_t> wrong_id = good;
  std::copy_n("XXXX", 4, wrong_id.begin() + 8);
  corpus.push_back({"wrong_id.ttm", wrong_id});

  for (const auto& [name, bytes] : corpus) {
    write_bytes(dir / name, bytes);
    std::vector<std::vector<std::string>> commands = {
        {"read", path(name)}, {"check", path(name), "--system-desc", path("system.ttsys")}};
    for (const auto& command : commands) {
      CliResult result = run_cli(command);
      EXPECT_EQ(result.signal, 0) << command[0] << " " << name;
      EXPECT_EQ(result.exit_code, 1) << command[0] << " " << name;
      EXPECT_THAT(result.err, HasSubstr("error: " + path(name))) << command[0] << " " << name;
    }
  }
}

TEST_F(CliFormatTest, RenamedBinaryWarnsAndLoadsByIdentifier) {
  std::filesystem::copy_file(dir / "model.ttnn", dir / "renamed.ttm");
  CliResult result = run_cli({"read", path("renamed.ttm"), "--section", "version"});
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_THAT(result.err, HasSubstr("warning: " + path("renamed.ttm")));
  EXPECT_THAT(result.out, HasSubstr("\"kind\": \"TTNN\""));
}

TEST_F(CliFormatTest, CheckWritesResultsAndRejectsANonSystemTarget) {
  CliResult result = run_cli(
      {"check", path("model.ttm"), path("model.ttnn"), "--system-desc", path("system.ttsys")},
      dir.path());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  Json report = Json::parse(read_text_file(dir / "check_results.json"));
  ASSERT_EQ(report["results"].size(), 2u);
  EXPECT_EQ(report["results"][0]["result"], "pass");
  EXPECT_EQ(report["results"][0]["kind"], "TTM0");
  EXPECT_TRUE(report["results"][1]["fits_target"]);

  CliResult wrong_target =
      run_cli({"check", path("model.ttm"), "--system-desc", path("model.ttnn")});
  EXPECT_EQ(wrong_target.exit_code, 1);
  EXPECT_THAT(wrong_target.err, HasSubstr("not a system descriptor"));
}

TEST_F(CliFormatTest, CheckDefaultsToTheSimulatedWormholeChip) {
  CliResult result = run_cli({"check", path("model.ttm")}, dir.path());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  Json report = Json::parse(read_text_file(dir / "check_results.json"));
  EXPECT_EQ(report["target"], "simulated wormhole_b0");

  // A binary compiled for a larger grid does not fit, and says why.
  Json json = Json::parse(run_cli({"read", path("model.ttnn"), "--full"}).out);
  json["system_desc"]["chip_descs"][0]["grid_size"] = Json{{"y", 10}, {"x", 12}};
  std::ofstream(dir / "big.json") << json.dump();
  ASSERT_EQ(run_cli({"build", path("big.json"), "-o", path("big.ttnn")}).exit_code, 0);
  CliResult big = run_cli({"check", path("big.ttnn")}, dir.path());
  EXPECT_EQ(big.exit_code, 1);
  EXPECT_THAT(big.err, HasSubstr("chip 0 grid: binary grid 10x12, target grid 8x8"));
}

// A TTM0 binary compiled for lower reserved bases than the simulated chip's
// fits when every buffer it places lies above the chip's bases (the
// descriptor difference is a warning), and does not when one falls below.
TEST_F(CliFormatTest, CheckJudgesTtmFitByTheAddressesItPlaces) {
  Json json =
      Json::parse(read_text_file(std::string(TESSERA_CONFORMANCE_DIR) + "/add_l1/add_l1.ttm.json"));
  json["system_desc"]["chip_descs"][0]["l1_unreserved_base"] = 98304;
  json["system_desc"]["chip_descs"][0]["dram_unreserved_base"] = 32;
  std::ofstream(dir / "low_bases.json") << json.dump();
  ASSERT_EQ(run_cli({"build", path("low_bases.json"), "-o", path("low_bases.ttm")}).exit_code, 0);
  CliResult fits = run_cli({"check", path("low_bases.ttm")}, dir.path());
  EXPECT_EQ(fits.exit_code, 0) << fits.err;
  EXPECT_THAT(fits.err, HasSubstr("warning: " + path("low_bases.ttm") +
                                  ": its system descriptor differs from simulated wormhole_b0: "
                                  "chip 0 l1_unreserved_base"));
  Json report = Json::parse(read_text_file(dir / "check_results.json"));
  EXPECT_TRUE(report["results"][0]["fits_target"]);
  EXPECT_FALSE(report["results"][0]["descriptor_matches"]);

  // The output moved to 0x18000: inside the chip's reserved L1.
  for (const char* list : {"outputs"}) {
    json["programs"][0][list][0]["address"] = 0x18000;
    json["programs"][0]["device_programs"][0][list][0]["address"] = 0x18000;
  }
  std::ofstream(dir / "reserved.json") << json.dump();
  ASSERT_EQ(run_cli({"build", path("reserved.json"), "-o", path("reserved.ttm")}).exit_code, 0);
  CliResult reserved = run_cli({"check", path("reserved.ttm")}, dir.path());
  EXPECT_EQ(reserved.exit_code, 1);
  EXPECT_THAT(reserved.err,
              HasSubstr("error: " + path("reserved.ttm") +
                        ": does not fit simulated wormhole_b0: program 0 'add_l1': output 0 "
                        "(global id 2): L1 [0x18000, 0x1a000) on cores (0,0)-(0,0) hits the "
                        "reserved range [0x0, 0x19520) below the target's l1_unreserved_base"));
}

TEST_F(CliFormatTest, BaselineBinaryLoadsReadsAndChecks) {
  // Written from JSON with baseline fields only, and no tessera stamps.
  write_bytes(dir / "baseline.ttm",
              example_binary("eltwise_multiply.ttm.json", format::BinaryKind::kMetal,
                             format::SchemaHashStamp::kLeaveAsIs));
  CliResult version = run_cli({"read", path("baseline.ttm"), "--section", "version"});
  ASSERT_EQ(version.exit_code, 0) << version.err;
  EXPECT_THAT(version.out, HasSubstr("\"schema\": \"baseline (no schema hash)\""));
  CliResult kernels = run_cli({"read", path("baseline.ttm"), "--section", "kernels"});
  EXPECT_EQ(kernels.exit_code, 0) << kernels.err;
  CliResult check = run_cli({"check", path("baseline.ttm")}, dir.path());
  EXPECT_EQ(check.exit_code, 0) << check.err;
  EXPECT_THAT(check.out, HasSubstr("baseline (no schema hash)"));
}

TEST_F(CliFormatTest, MissingPathsAreReportedAndTheRestStillRun) {
  CliResult result =
      run_cli({"read", path("missing.ttm"), path("model.ttnn"), "--section", "version"});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_THAT(result.err, HasSubstr("no such file"));
  EXPECT_THAT(result.out, HasSubstr("model.ttnn"));
}

}  // namespace
}  // namespace tessera::testing
