// End-to-end: `tessera run --input FILE.npy ... --expected-output FILE.npy`
// runs a binary on data its author did not embed and checks the outputs
// like goldens.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstring>
#include <nlohmann/json.hpp>

#include "../support/cli_runner.h"
#include "../support/golden_binaries.h"
#include "run/npy_writer.h"

namespace tessera::testing {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using Json = nlohmann::json;

void write_f32_npy(const fs::path& path, const std::vector<float>& values,
                   std::vector<int64_t> shape = {32, 32}) {
  std::vector<uint8_t> data(values.size() * sizeof(float));
  std::memcpy(data.data(), values.data(), data.size());
  write_bytes(path, tools::run::npy_file("<f4", shape, data));
}

std::vector<float> ramp(float scale) {
  std::vector<float> values(1024);
  for (size_t i = 0; i < values.size(); ++i) values[i] = scale * static_cast<float>(i % 17) - 2;
  return values;
}

std::vector<float> product(const std::vector<float>& a, const std::vector<float>& b) {
  std::vector<float> out(a.size());
  for (size_t i = 0; i < a.size(); ++i) out[i] = a[i] * b[i];
  return out;
}

class RunNpyIoTest : public ::testing::Test {
 protected:
  void SetUp() override {
    write_bytes(dir / "plain.ttm", multiply_binary(false));
    write_bytes(dir / "golden.ttm", multiply_binary());
    write_f32_npy(dir / "a.npy", ramp(0.5f));
    write_f32_npy(dir / "b.npy", ramp(-0.25f));
    write_f32_npy(dir / "expected.npy", product(ramp(0.5f), ramp(-0.25f)));
  }
  CliResult run(std::vector<std::string> args) {
    args.insert(args.begin(), "run");
    return run_cli(args, dir.path());
  }
  Json first_result() {
    return Json::parse(read_text_file(dir / "run_results.json"))["results"][0];
  }

  TempDir dir;
};

TEST_F(RunNpyIoTest, InputsAndExpectedOutputsFromFiles) {
  CliResult result = run(
      {"plain.ttm", "--input", "a.npy", "--input", "b.npy", "--expected-output", "expected.npy"});
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  Json entry = first_result();
  EXPECT_TRUE(entry["golden"]);
  ASSERT_EQ(entry["outputs"].size(), 1u);
  EXPECT_EQ(entry["outputs"][0]["name"], "expected.npy");
  EXPECT_EQ(entry["outputs"][0]["max_abs_error"], 0.0);

  // The files take the place of the binary's own golden inputs and outputs.
  EXPECT_EQ(run({"golden.ttm", "--input", "a.npy", "--input", "b.npy", "--expected-output",
                 "expected.npy"})
                .exit_code,
            0);
  // An expected output that is wrong fails like a golden.
  write_f32_npy(dir / "wrong.npy", ramp(1.0f));
  CliResult wrong =
      run({"plain.ttm", "--input", "a.npy", "--input", "b.npy", "--expected-output", "wrong.npy"});
  EXPECT_EQ(wrong.exit_code, 42) << wrong.err;
}

TEST_F(RunNpyIoTest, FilesThatDoNotFitTheProgramSayWhy) {
  write_f32_npy(dir / "flat.npy", ramp(0.5f), {1024});
  CliResult shape = run({"plain.ttm", "--input", "flat.npy", "--input", "b.npy"});
  EXPECT_EQ(shape.exit_code, 1);
  EXPECT_THAT(first_result()["message"].get<std::string>(),
              HasSubstr("--input flat.npy: input 0 is 32x32 Float32 ('<f4') but the file holds "
                        "1024 '<f4'"));
  CliResult count = run({"plain.ttm", "--input", "a.npy"});
  EXPECT_EQ(count.exit_code, 1);
  EXPECT_THAT(first_result()["message"].get<std::string>(),
              HasSubstr("1 --input file(s) but the program takes 2 input(s)"));
  CliResult missing = run({"plain.ttm", "--input", "a.npy", "--input", "none.npy"});
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_THAT(first_result()["message"].get<std::string>(), HasSubstr("none.npy"));

  CliResult expected =
      run({"plain.ttm", "--input", "a.npy", "--input", "b.npy", "--expected-output", "flat.npy"});
  EXPECT_EQ(expected.exit_code, 42);
  EXPECT_THAT(first_result()["message"].get<std::string>(),
              HasSubstr("the golden is 1024 Float32 but the output is 32x32 Float32"));
}

TEST_F(RunNpyIoTest, SavedArtifactsFeedBackIn) {
  ASSERT_EQ(run({"golden.ttm", "--save-artifacts", "--artifact-dir", "art"}).exit_code, 0);
  const std::string program = "art/golden.ttm/program_0/";
  CliResult result = run({"plain.ttm", "--input", program + "input_0.npy", "--input",
                          program + "input_1.npy", "--expected-output", program + "golden_0.npy"});
  EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
  EXPECT_TRUE(first_result()["golden"]);
}

}  // namespace
}  // namespace tessera::testing
