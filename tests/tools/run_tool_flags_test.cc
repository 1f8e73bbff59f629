// End-to-end: the run-tool checks and aids of `tessera run`: --identity,
// --non-zero, --golden-diff-topk, --check-memory-leak, --benchmark,
// --print-input-output-tensors, --save-golden-tensors and --stall-limit.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <nlohmann/json.hpp>

#include "../support/cli_runner.h"
#include "../support/golden_binaries.h"
#include "../support/metal_program_builder.h"

namespace tessera::testing {
namespace {

using ::testing::HasSubstr;
using Json = nlohmann::json;

class RunToolFlagsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    write_bytes(dir / "plain.ttm", multiply_binary(false));
    write_bytes(dir / "wrong.ttm", multiply_binary(true, -1.0f));
    write_bytes(dir / "add.ttnn",
                example_binary("eltwise_add.ttnn.json", format::BinaryKind::kTtnn));
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

TEST_F(RunToolFlagsTest, IdentityComparesEachOutputWithItsInput) {
  // ones * ones is ones: the output equals input 0.
  CliResult same = run({"plain.ttm", "--identity", "--init", "ones"});
  EXPECT_EQ(same.exit_code, 0) << same.out << same.err;
  Json check = first_result()["checks"][0];
  EXPECT_EQ(check["check"], "identity");
  EXPECT_TRUE(check["passed"]);
  // arange * arange is not arange.
  CliResult differs = run({"plain.ttm", "--identity", "--init", "arange"});
  EXPECT_EQ(differs.exit_code, 42);
  EXPECT_FALSE(first_result()["checks"][0]["passed"]);
  EXPECT_THAT(first_result()["message"].get<std::string>(),
              HasSubstr("identity: output 0 against input 0"));
}

TEST_F(RunToolFlagsTest, NonZeroFailsAnAllZeroOutput) {
  CliResult zeros = run({"plain.ttm", "--non-zero", "--init", "zeros"});
  EXPECT_EQ(zeros.exit_code, 42);
  EXPECT_THAT(first_result()["message"].get<std::string>(),
              HasSubstr("non_zero: output 0: 0 of 1024 elements non-zero (all zeros)"));
  EXPECT_EQ(run({"plain.ttm", "--non-zero", "--init", "ones"}).exit_code, 0);
}

TEST_F(RunToolFlagsTest, GoldenDiffTopkListsTheWorstElementsWithIndices) {
  CliResult result = run({"wrong.ttm", "--golden-diff-topk", "3"});
  EXPECT_EQ(result.exit_code, 42);
  Json output = first_result()["outputs"][0];
  ASSERT_EQ(output["worst"].size(), 3u);
  double previous = INFINITY;
  for (const Json& element : output["worst"]) {
    ASSERT_EQ(element["index"].size(), 2u);
    EXPECT_LT(element["index"][0].get<int>(), 32);
    double error = element["abs_error"];
    EXPECT_LE(error, previous);
    EXPECT_DOUBLE_EQ(
        error, std::fabs(element["actual"].get<double>() - element["expected"].get<double>()));
    previous = error;
  }
  EXPECT_DOUBLE_EQ(output["worst"][0]["abs_error"].get<double>(),
                   output["max_abs_error"].get<double>());
  EXPECT_THAT(first_result()["message"].get<std::string>(), HasSubstr("(worst: ["));
  EXPECT_EQ(run({"wrong.ttm"}).exit_code, 42);
  EXPECT_FALSE(first_result()["outputs"][0].contains("worst"));
}

TEST_F(RunToolFlagsTest, CheckMemoryLeakMakesALeakAnError) {
  // The example TTNN program never deallocates its device tensors.
  CliResult leaky = run({"add.ttnn", "--check-memory-leak"});
  EXPECT_EQ(leaky.exit_code, 1);
  EXPECT_EQ(first_result()["result"], "error");
  EXPECT_THAT(first_result()["message"].get<std::string>(),
              HasSubstr("memory_leak: 3 buffer(s) left live: tensor 3"));
  EXPECT_EQ(run({"add.ttnn"}).exit_code, 0);  // reported, not judged, without the flag
  EXPECT_EQ(run({"plain.ttm", "--check-memory-leak"}).exit_code, 0);
}

TEST_F(RunToolFlagsTest, BenchmarkWarmsUpAndPrintTensorsShowsValues) {
  CliResult result = run({"plain.ttm", "--benchmark", "--loops", "2", "--init", "ones",
                          "--print-input-output-tensors"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  Json entry = first_result();
  EXPECT_EQ(entry["loops"], 2);
  EXPECT_GT(entry["timings_ms"]["warmup"].get<double>(), 0.0);
  EXPECT_THAT(result.out, HasSubstr("plain.ttm program 0 'eltwise_multiply' input 1: 32x32 "
                                    "Float32 [1, 1, 1, 1, ..., 1, 1, 1, 1]"));
  EXPECT_THAT(result.out, HasSubstr("output 0: 32x32 Float32 [1, 1, 1, 1, ..., 1, 1, 1, 1]"));
  EXPECT_EQ(run({"plain.ttm"}).exit_code, 0);
  EXPECT_FALSE(first_result()["timings_ms"].contains("warmup"));
}

TEST_F(RunToolFlagsTest, SaveGoldenTensorsWritesEveryOpsReference) {
  CliResult result =
      run({"add.ttnn", "--per-op-golden", "--save-golden-tensors", "--save-artifacts", "--dump-ops",
           "--artifact-dir", "art", "--init", "ones"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  // Op 3 is the add: 1 + 1 by the device and by the reference.
  const std::filesystem::path program = dir / "art/add.ttnn/program_0";
  ASSERT_TRUE(std::filesystem::exists(program / "op_3_golden_0.npy"));
  EXPECT_EQ(read_text_file(program / "op_3_golden_0.npy"),
            read_text_file(program / "op_3_output_0.npy"));
  EXPECT_EQ(run({"add.ttnn", "--save-golden-tensors"}).exit_code, 2);  // needs --save-artifacts
}

// A kernel that never waits or finishes: reads the zero region forever.
std::vector<uint8_t> hung_binary() {
  MetalProgramBuilder program;
  program.reader_program(0, R"(#include <cstdint>
#include "dataflow_api.h"
void kernel_main() {
  for (;;) noc_async_read(get_noc_addr(MEM_ZEROS_BASE), 0x30000, MEM_ZEROS_SIZE);
}
)");
  program.finish(0);
  return program.build({}, {}, "hung");
}

TEST_F(RunToolFlagsTest, StallLimitStopsAHungKernelAndTheTimeoutVariableSetsIt) {
  write_bytes(dir / "hung.ttm", hung_binary());
  CliResult limited = run({"hung.ttm", "plain.ttm", "--stall-limit", "0.3"});
  EXPECT_EQ(limited.exit_code, 1) << limited.out << limited.err;
  EXPECT_THAT(first_result()["message"].get<std::string>(),
              HasSubstr("stalled: ran 0.3 s without waiting or finishing"));
  EXPECT_THAT(limited.out, HasSubstr("2 program(s): 1 passed, 0 failed, 1 error(s)"));
  // tt-metal's hang timeout variable gives the default; the option wins.
  ASSERT_EQ(setenv("TT_METAL_OPERATION_TIMEOUT_SECONDS", "0.2", 1), 0);
  CliResult from_variable = run({"hung.ttm"});
  CliResult option_wins = run({"hung.ttm", "--stall-limit", "0.4"});
  unsetenv("TT_METAL_OPERATION_TIMEOUT_SECONDS");
  EXPECT_EQ(from_variable.exit_code, 1);
  EXPECT_THAT(from_variable.err, HasSubstr("stalled: ran 0.2 s"));
  EXPECT_EQ(option_wins.exit_code, 1);
  EXPECT_THAT(first_result()["message"].get<std::string>(), HasSubstr("stalled: ran 0.4 s"));
  CliResult negative = run({"hung.ttm", "--stall-limit", "-1"});
  EXPECT_NE(negative.exit_code, 0);
  EXPECT_THAT(negative.err, HasSubstr("--stall-limit"));
}

}  // namespace
}  // namespace tessera::testing
