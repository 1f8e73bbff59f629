// End-to-end: `tessera run` over directories mixing binaries, goldens that
// match and goldens that do not, corrupt and failing binaries, artifacts.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <nlohmann/json.hpp>

#include "../support/cli_runner.h"
#include "../support/golden_binaries.h"

namespace tessera::testing {
namespace {

using ::testing::ContainsRegex;
using ::testing::HasSubstr;
using Json = nlohmann::json;

Json read_json(const std::filesystem::path& path) {
  return Json::parse(read_text_file(path));
}

// Results of `file` (a path suffix) in a result file, in order.
std::vector<Json> results_for(const Json& report, const std::string& suffix) {
  std::vector<Json> found;
  for (const Json& entry : report["results"]) {
    std::string file = entry["file"];
    if (file.size() >= suffix.size() &&
        file.compare(file.size() - suffix.size(), suffix.size(), suffix) == 0) {
      found.push_back(entry);
    }
  }
  return found;
}

class RunCommandTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::filesystem::create_directories(dir / "binaries/nested");
    write_bytes(dir / "binaries/golden.ttm", multiply_binary());
    write_bytes(dir / "binaries/nested/plain.ttm", multiply_binary(false));
    write_bytes(dir / "binaries/system_desc.ttsys",
                example_binary("system_desc_wormhole_b0.json", format::BinaryKind::kSystemDesc));
  }

  CliResult run(std::vector<std::string> args) {
    args.insert(args.begin(), "run");
    return run_cli(args, dir.path());
  }

  TempDir dir;
};

TEST_F(RunCommandTest, ADirectoryOfBinariesPassesAndIsReported) {
  CliResult result = run({"binaries"});
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  EXPECT_THAT(result.out, ContainsRegex("PASS +binaries/golden\\.ttm +0 "));
  EXPECT_THAT(result.out, HasSubstr("1 output(s) match their golden"));
  EXPECT_THAT(result.out, HasSubstr("no golden"));
  EXPECT_THAT(result.out, HasSubstr("3 program(s): 2 passed, 0 failed, 0 error(s), 1 skipped"));
  // The table shows each program's smallest PCC and says submit time is per loop.
  EXPECT_THAT(result.out, HasSubstr("PCC  LOAD_MS  LOOPS  SUBMIT_MS/LOOP"));
  EXPECT_THAT(result.out, ::testing::ContainsRegex(
                              "PASS +binaries/golden\\.ttm +0 +TTMetal +1 +[0-9.]+ +1 +[0-9.]+ "));
  // Each result is shown once: in the table, not also as a line before it.
  EXPECT_EQ(result.out.find("binaries/golden.ttm"), result.out.rfind("binaries/golden.ttm"));

  Json report = read_json(dir / "run_results.json");
  EXPECT_EQ(report["command"], "run");
  EXPECT_EQ(report["summary"]["pass"], 2);
  std::vector<Json> golden = results_for(report, "golden.ttm");
  ASSERT_EQ(golden.size(), 1u);
  EXPECT_EQ(golden[0]["runtime"], "TTMetal");
  EXPECT_EQ(golden[0]["program_index"], 0);
  EXPECT_EQ(golden[0]["result"], "pass");
  EXPECT_TRUE(golden[0]["golden"]);
  ASSERT_EQ(golden[0]["outputs"].size(), 1u);
  EXPECT_EQ(golden[0]["outputs"][0]["pcc"], 1.0);
  EXPECT_EQ(golden[0]["outputs"][0]["max_abs_error"], 0.0);
  for (const char* timing : {"load", "submit_total", "wait", "read_back"}) {
    EXPECT_TRUE(golden[0]["timings_ms"][timing].is_number()) << timing;
  }
  std::vector<Json> descriptor = results_for(report, "system_desc.ttsys");
  ASSERT_EQ(descriptor.size(), 1u);
  EXPECT_EQ(descriptor[0]["result"], "skip");

  std::string junit = read_text_file(dir / "run_results.xml");
  EXPECT_THAT(junit, HasSubstr("<testsuites name=\"tessera run\" tests=\"3\" failures=\"0\" "
                               "errors=\"0\" skipped=\"1\">"));
  EXPECT_THAT(junit, HasSubstr("name=\"program_0 eltwise_multiply\""));
}

TEST_F(RunCommandTest, TtnnAndTtmBinariesInterleaveInOneRun) {
  write_bytes(dir / "binaries/m_add.ttnn",
              example_binary("eltwise_add.ttnn.json", format::BinaryKind::kTtnn));
  CliResult result = run({"binaries", "--result-file", "mixed.json", "--per-op-golden"});
  Json report = read_json(dir / "mixed.json");
  std::vector<Json> ttnn = results_for(report, "m_add.ttnn");
  ASSERT_EQ(ttnn.size(), 1u);
  EXPECT_EQ(ttnn[0]["runtime"], "TTNN");
  EXPECT_EQ(ttnn[0]["result"], "pass") << ttnn[0].dump(2);
  // Every op with an output was checked against the float64 reference.
  ASSERT_TRUE(ttnn[0].contains("ops")) << ttnn[0].dump(2);
  bool checked_add = false;
  for (const Json& op : ttnn[0]["ops"]) {
    EXPECT_TRUE(op["passed"]) << op.dump();
    checked_add = checked_add || op["op"] == "EltwiseOp Add";
  }
  EXPECT_TRUE(checked_add);
  EXPECT_THAT(ttnn[0]["message"].get<std::string>(), HasSubstr("op output(s) match the reference"));
  EXPECT_EQ(result.exit_code, 0) << result.err;
  // Files run in sorted order: the .ttnn ran between TTM0 binaries.
  std::vector<std::string> order;
  for (const Json& entry : report["results"]) order.push_back(entry["file"]);
  EXPECT_EQ(order,
            (std::vector<std::string>{"binaries/golden.ttm", "binaries/m_add.ttnn",
                                      "binaries/nested/plain.ttm", "binaries/system_desc.ttsys"}));
  EXPECT_EQ(results_for(report, "golden.ttm")[0]["result"], "pass");
  EXPECT_EQ(results_for(report, "plain.ttm")[0]["result"], "pass");
}

TEST_F(RunCommandTest, TheSameDirectoryTwiceRunsTwiceOnOneDevice) {
  CliResult result = run({"binaries", "binaries/", "--quiet"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "6 program(s): 4 passed, 0 failed, 0 error(s), 2 skipped\n");
  EXPECT_EQ(result.err, "");
}

TEST_F(RunCommandTest, CorruptAndFailingBinariesDoNotStopTheOthers) {
  std::vector<uint8_t> corrupt = multiply_binary();
  corrupt.resize(corrupt.size() / 2);
  write_bytes(dir / "binaries/a_corrupt.ttm", corrupt);
  write_bytes(dir / "binaries/b_failing.ttm", failing_multiply_binary());
  CliResult result = run({"binaries"});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_THAT(result.err, HasSubstr("error: binaries/a_corrupt.ttm"));
  EXPECT_THAT(result.err, HasSubstr("error: binaries/b_failing.ttm: program 0 'eltwise_multiply'"));
  EXPECT_THAT(result.err, HasSubstr("0x90000"));
  Json report = read_json(dir / "run_results.json");
  EXPECT_EQ(results_for(report, "a_corrupt.ttm")[0]["result"], "error");
  EXPECT_EQ(results_for(report, "b_failing.ttm")[0]["result"], "error");
  // Both ran after the failures, on a device the failure did not break.
  EXPECT_EQ(results_for(report, "golden.ttm")[0]["result"], "pass");
  EXPECT_EQ(results_for(report, "plain.ttm")[0]["result"], "pass");
  EXPECT_THAT(read_text_file(dir / "run_results.xml"), HasSubstr("<error message="));
}

TEST_F(RunCommandTest, AWrongGoldenExitsWith42) {
  write_bytes(dir / "binaries/wrong.ttm", multiply_binary(true, -1.0f));
  CliResult result = run({"binaries", "--junit", "report.xml"});
  EXPECT_EQ(result.exit_code, 42) << result.err;
  EXPECT_THAT(result.out, ContainsRegex("FAIL +binaries/wrong\\.ttm +0 "));
  EXPECT_THAT(result.out, HasSubstr("output 0 'out': pcc -1 < 0.99"));
  Json wrong = results_for(read_json(dir / "run_results.json"), "wrong.ttm")[0];
  EXPECT_EQ(wrong["result"], "fail");
  EXPECT_FALSE(wrong["outputs"][0]["passed"]);
  EXPECT_FALSE(wrong["outputs"][0]["allclose"]);
  EXPECT_THAT(read_text_file(dir / "report.xml"), HasSubstr("<failure message="));
  // Without golden checks the same binary passes.
  EXPECT_EQ(run({"binaries/wrong.ttm", "--no-golden"}).exit_code, 0);
}

TEST_F(RunCommandTest, ArtifactsAreNpyFilesNumpyReads) {
  CliResult result =
      run({"binaries", "--save-artifacts", "--artifact-dir", "artifacts", "--init", "ones"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  for (const char* name : {"golden.ttm/program_0/input_0.npy", "golden.ttm/program_0/input_1.npy",
                           "golden.ttm/program_0/output_0.npy", "golden.ttm/program_0/golden_0.npy",
                           "plain.ttm/program_0/input_0.npy", "plain.ttm/program_0/output_0.npy"}) {
    EXPECT_TRUE(std::filesystem::exists(dir / "artifacts" / name)) << name;
  }
  EXPECT_FALSE(std::filesystem::exists(dir / "artifacts/plain.ttm/program_0/golden_0.npy"));
  if (std::system("/usr/bin/python3 -c 'import numpy' >/dev/null 2>&1") != 0) {
    GTEST_SKIP() << "python3 with numpy is not installed";
  }
  std::string script =
      "import numpy as n, sys; d = sys.argv[1] + '/'; "
      "a, b, o, g = (n.load(d + 'golden.ttm/program_0/' + f + '.npy') for f in "
      "('input_0', 'input_1', 'output_0', 'golden_0')); "
      "assert o.shape == (32, 32) and o.dtype == n.float32, o.shape; "
      "assert (o == a * b).all() and (o == g).all(); "
      "p = n.load(d + 'plain.ttm/program_0/output_0.npy'); assert (p == 1).all(), p";
  std::string command =
      "/usr/bin/python3 -c \"" + script + "\" '" + (dir / "artifacts").string() + "'";
  EXPECT_EQ(std::system(command.c_str()), 0);
}

TEST_F(RunCommandTest, DumpOpsWritesEveryTtnnOpOutput) {
  write_bytes(dir / "binaries/m_add.ttnn",
              example_binary("eltwise_add.ttnn.json", format::BinaryKind::kTtnn));
  CliResult result = run({"binaries/m_add.ttnn", "--save-artifacts", "--artifact-dir", "artifacts",
                          "--dump-ops", "--init", "ones"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  // Ops 1-4 of the example have an output (two moves in, the add, the move out).
  for (int op = 1; op <= 4; ++op) {
    const std::string name = "op_" + std::to_string(op) + "_output_0.npy";
    EXPECT_TRUE(std::filesystem::exists(dir / "artifacts/m_add.ttnn/program_0" / name)) << name;
  }
  if (std::system("/usr/bin/python3 -c 'import numpy' >/dev/null 2>&1") != 0) {
    GTEST_SKIP() << "python3 with numpy is not installed";
  }
  std::string command =
      "/usr/bin/python3 -c \"import numpy as n, sys; "
      "a = n.load(sys.argv[1] + '/op_3_output_0.npy'); "
      "assert a.shape == (32, 32) and (a == 2).all(), a\" '" +
      (dir / "artifacts/m_add.ttnn/program_0").string() + "'";
  EXPECT_EQ(std::system(command.c_str()), 0);
}

TEST_F(RunCommandTest, ProgramIndexLoopsAndMemory) {
  CliResult result = run({"binaries/golden.ttm", "--loops", "3", "--memory", "--program-index", "0",
                          "--result-file", "loops.json"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_THAT(result.out, ContainsRegex("PASS +binaries/golden\\.ttm +0 +TTMetal +1 +[0-9.]+ +3 "));
  Json entry = read_json(dir / "loops.json")["results"][0];
  EXPECT_EQ(entry["loops"], 3);
  ASSERT_TRUE(entry["memory"].is_object());
  EXPECT_EQ(entry["memory"]["after"][0]["live_buffers"], 0);
  EXPECT_GT(entry["memory"]["after"][0]["l1"]["total_bytes"].get<uint64_t>(), 0u);

  CliResult skipped = run({"binaries/golden.ttm", "--program-index", "4"});
  EXPECT_EQ(skipped.exit_code, 1);  // nothing ran
  EXPECT_THAT(skipped.out, HasSubstr("--program-index 4: the binary has 1 program(s)"));
  EXPECT_EQ(run({"binaries", "--program-index", "first"}).exit_code, 2);
}

TEST_F(RunCommandTest, NoBinariesIsAnError) {
  std::filesystem::create_directories(dir / "empty");
  CliResult empty = run({"empty"});
  EXPECT_EQ(empty.exit_code, 1);
  EXPECT_THAT(empty.err, HasSubstr("no binaries (.ttm, .ttnn, .ttsys) found under 'empty'"));
  CliResult missing = run({"no_such_file.ttm"});
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_THAT(missing.err, HasSubstr("no_such_file.ttm"));
}

// The example suite the build writes, goldens and all, runs clean; with
// --per-op-golden every TTNN op also matches the float64 reference.
TEST(RunExamplesTest, TheBuiltExamplesPass) {
  std::filesystem::path examples = std::filesystem::path(TESSERA_BINARY_DIR) / "examples";
  if (!std::filesystem::exists(examples / "eltwise_multiply.ttm")) {
    GTEST_SKIP() << "the examples are not built";
  }
  TempDir dir;
  CliResult result = run_cli({"run", examples.string(), "--per-op-golden", "--quiet"}, dir.path());
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  Json report = read_json(dir / "run_results.json");
  int checked_ops = 0;
  for (const Json& entry : report["results"]) {
    EXPECT_NE(entry["result"], "fail") << entry.dump(2);
    EXPECT_NE(entry["result"], "error") << entry.dump(2);
    if (!entry.contains("ops")) continue;
    for (const Json& op : entry["ops"]) {
      EXPECT_TRUE(op["passed"]) << entry["file"] << ": " << op.dump();
      ++checked_ops;
    }
  }
  EXPECT_GT(checked_ops, 0);
}

}  // namespace
}  // namespace tessera::testing
