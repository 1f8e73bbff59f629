// End-to-end: `tessera run` never loses a user's results. Artifact options
// are a switch and a folder, folders are keyed by file name with extension,
// report files may not collide, goldens of another shape or type fail, and a
// failed submit's time is recorded.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "../support/cli_runner.h"
#include "../support/golden_binaries.h"

namespace tessera::testing {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using Json = nlohmann::json;

// The golden multiply with its golden output's shape or type replaced.
std::vector<uint8_t> multiply_with_golden(const Json& shape, const std::string& data_type) {
  Json root = Json::parse(example_json("eltwise_multiply.ttm.json"));
  std::vector<float> lhs = multiply_lhs(), rhs = multiply_rhs(), out(1024);
  for (size_t i = 0; i < out.size(); ++i) out[i] = lhs[i] * rhs[i];
  Json golden = golden_json("out", out);
  golden["shape"] = shape;
  golden["stride"] = shape.size() == 2 ? Json{shape[1], 1} : Json{1};
  golden["data_type"] = data_type;
  root["programs"][0]["golden_inputs"] = {golden_json("lhs", lhs), golden_json("rhs", rhs)};
  root["programs"][0]["golden_outputs"] = {golden};
  auto bytes = format::json_to_binary(root.dump(), format::BinaryKind::kMetal);
  if (!bytes.ok()) throw std::runtime_error(bytes.error().describe());
  return std::move(bytes).value();
}

class RunKeepsResultsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    fs::create_directories(dir / "binaries/other");
    write_bytes(dir / "binaries/golden.ttm", multiply_binary());
  }

  CliResult run(std::vector<std::string> args, const std::string& command = "run") {
    args.insert(args.begin(), command);
    return run_cli(args, dir.path());
  }

  Json report(const std::string& name = "run_results.json") {
    return Json::parse(read_text_file(dir / name));
  }

  TempDir dir;
};

TEST_F(RunKeepsResultsTest, SaveArtifactsIsASwitchAndTheNextFlagStaysAFlag) {
  CliResult result = run({"binaries/golden.ttm", "--save-artifacts", "--result-file", "rr.json"});
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  EXPECT_TRUE(fs::exists(dir / "rr.json"));
  EXPECT_FALSE(fs::exists(dir / "--result-file"));
  // The default folder, keyed by file name with extension, with the binary in it.
  fs::path folder = dir / "tessera-artifacts/golden.ttm";
  EXPECT_TRUE(fs::exists(folder / "program_0/output_0.npy"));
  EXPECT_EQ(read_text_file(folder / "golden.ttm"), read_text_file(dir / "binaries/golden.ttm"));
}

TEST_F(RunKeepsResultsTest, AnOptionValueStartingWithTwoDashesIsAUsageError) {
  for (std::vector<std::string> args :
       {std::vector<std::string>{"binaries", "--artifact-dir", "--quiet"},
        std::vector<std::string>{"binaries", "--result-file", "--save-artifacts"},
        std::vector<std::string>{"binaries", "--junit", "--memory"}}) {
    CliResult result = run(args);
    EXPECT_EQ(result.exit_code, 2) << args[2] << ": " << result.err;
    EXPECT_THAT(result.err, HasSubstr("looks like an option, not a value")) << args[1];
  }
  EXPECT_FALSE(fs::exists(dir / "--quiet"));
  EXPECT_FALSE(fs::exists(dir / "run_results.json"));
}

TEST_F(RunKeepsResultsTest, BinariesWithOneStemOrOneNameKeepTheirOwnArtifacts) {
  write_bytes(dir / "binaries/golden.ttnn",
              example_binary("eltwise_add.ttnn.json", format::BinaryKind::kTtnn));
  write_bytes(dir / "binaries/other/golden.ttm", multiply_binary(false));
  CliResult result = run({"binaries", "--save-artifacts", "--artifact-dir", "art"});
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  for (const char* name : {"golden.ttm/golden.ttm", "golden.ttm/program_0/golden_0.npy",
                           "golden.ttnn/golden.ttnn", "golden.ttnn/program_0/output_0.npy",
                           "golden.ttm_2/golden.ttm", "golden.ttm_2/program_0/output_0.npy"}) {
    EXPECT_TRUE(fs::exists(dir / "art" / name)) << name;
  }
  // The second golden.ttm (no goldens) did not overwrite the first.
  EXPECT_FALSE(fs::exists(dir / "art/golden.ttm_2/program_0/golden_0.npy"));
  EXPECT_THAT(result.err, HasSubstr("artifacts go to 'golden.ttm_2'"));
}

TEST_F(RunKeepsResultsTest, CleanArtifactsEmptiesTheFolderButNeverTheWorkingDirectory) {
  fs::create_directories(dir / "art/old");
  write_bytes(dir / "art/old/stale.npy", {1, 2, 3});
  CliResult result =
      run({"binaries", "--save-artifacts", "--artifact-dir", "art", "--clean-artifacts"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_FALSE(fs::exists(dir / "art/old"));
  EXPECT_TRUE(fs::exists(dir / "art/golden.ttm/program_0/output_0.npy"));

  CliResult here = run({"binaries", "--clean-artifacts", "--artifact-dir", "."});
  EXPECT_EQ(here.exit_code, 2);
  EXPECT_THAT(here.err, HasSubstr("holds the working directory"));
  EXPECT_TRUE(fs::exists(dir / "binaries/golden.ttm"));
  EXPECT_EQ(run({"binaries", "--dump-ops"}).exit_code, 2);  // needs --save-artifacts
}

TEST_F(RunKeepsResultsTest, ReportFilesThatCollideAreAUsageError) {
  CliResult xml = run({"binaries", "--result-file", "out.xml"});
  EXPECT_EQ(xml.exit_code, 2);
  EXPECT_THAT(xml.err, HasSubstr("--result-file and the JUnit report"));
  EXPECT_FALSE(fs::exists(dir / "out.xml"));
  EXPECT_EQ(run({"binaries", "--result-file", "r.json", "--junit", "./r.json"}).exit_code, 2);
  CliResult perf = run({"binaries", "--trace-file", "t.json", "--csv-file", "t.json"}, "perf");
  EXPECT_EQ(perf.exit_code, 2);
  EXPECT_THAT(perf.err, HasSubstr("--trace-file and --csv-file are both 't.json'"));
  EXPECT_EQ(run({"binaries", "--trace-file", "perf_results.json"}, "perf").exit_code, 2);
  // Distinct paths run.
  EXPECT_EQ(run({"binaries", "--result-file", "out.xml", "--junit", "junit.xml"}).exit_code, 0);
}

TEST_F(RunKeepsResultsTest, AGoldenOfAnotherShapeOrTypeFailsNamingBoth) {
  write_bytes(dir / "binaries/shape.ttm", multiply_with_golden(Json{16, 64}, "Float32"));
  write_bytes(dir / "binaries/type.ttm", multiply_with_golden(Json{32, 32}, "UInt32"));
  CliResult result = run({"binaries/shape.ttm", "binaries/type.ttm"});
  EXPECT_EQ(result.exit_code, 42) << result.out << result.err;
  Json entries = report()["results"];
  ASSERT_EQ(entries.size(), 2u);
  EXPECT_EQ(entries[0]["result"], "fail");
  EXPECT_FALSE(entries[0]["outputs"][0]["passed"]);
  EXPECT_THAT(entries[0]["message"].get<std::string>(),
              HasSubstr("the golden is 16x64 Float32 but the output is 32x32 Float32"));
  EXPECT_EQ(entries[1]["result"], "fail");
  EXPECT_THAT(entries[1]["message"].get<std::string>(),
              HasSubstr("the golden is 32x32 UInt32 but the output is 32x32 Float32"));
}

TEST_F(RunKeepsResultsTest, TheTimeOfAFailedSubmitIsRecorded) {
  write_bytes(dir / "binaries/failing.ttm", failing_multiply_binary());
  CliResult result = run({"binaries/failing.ttm"});
  EXPECT_EQ(result.exit_code, 1);
  Json entry = report()["results"][0];
  EXPECT_EQ(entry["result"], "error");
  EXPECT_EQ(entry["loops"], 0);  // the submit itself failed
  EXPECT_GT(entry["timings_ms"]["submit_total"].get<double>(), 0.0) << entry.dump(2);
}

}  // namespace
}  // namespace tessera::testing
