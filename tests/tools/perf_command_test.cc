// End-to-end: `tessera perf` writes a Chrome trace whose spans nest and a
// per-op / per-command CSV, and reports like `run`.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "../support/cli_runner.h"
#include "../support/current_binary_builder.h"
#include "../support/golden_binaries.h"

namespace tessera::testing {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;
using Json = nlohmann::json;

// Whether `inner` lies within `outer` on the same track.
bool nests(const Json& outer, const Json& inner) {
  double start = outer["ts"], end = start + outer["dur"].get<double>();
  double inner_start = inner["ts"], inner_end = inner_start + inner["dur"].get<double>();
  return outer["pid"] == inner["pid"] && outer["tid"] == inner["tid"] && start <= inner_start &&
         inner_end <= end + 1e-3;
}

TEST(PerfCommandTest, WritesANestedChromeTraceAndACsv) {
  TempDir dir;
  std::filesystem::create_directories(dir / "binaries");
  write_bytes(dir / "binaries/golden.ttm", multiply_binary());
  write_bytes(dir / "binaries/plain.ttm", multiply_binary(false));
  CliResult result = run_cli(
      {"perf", "binaries", "--loops", "2", "--trace-file", "trace.json", "--csv-file", "ops.csv"},
      dir.path());
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  EXPECT_THAT(result.err, HasSubstr("wrote trace trace.json"));

  Json trace = Json::parse(read_text_file(dir / "trace.json"));
  const Json& events = trace["traceEvents"];
  std::vector<Json> binaries, programs, submits;
  for (const Json& event : events) {
    if (event["ph"] != "X") continue;
    EXPECT_TRUE(event["ts"].is_number());
    EXPECT_GE(event["dur"].get<double>(), 0.0);
    if (event["cat"] == "binary") binaries.push_back(event);
    if (event["cat"] == "program" && event["args"].contains("file")) programs.push_back(event);
    if (event["cat"] == "submit") submits.push_back(event);
  }
  ASSERT_EQ(binaries.size(), 2u);
  ASSERT_GE(programs.size(), 2u);
  ASSERT_EQ(submits.size(), 4u);  // 2 binaries x 2 loops
  for (const Json& submit : submits) {
    bool in_program = false, in_binary = false;
    for (const Json& program : programs) in_program = in_program || nests(program, submit);
    for (const Json& binary : binaries) in_binary = in_binary || nests(binary, submit);
    EXPECT_TRUE(in_program && in_binary) << submit.dump();
    EXPECT_TRUE(submit["args"].contains("loop"));
  }

  std::string csv = read_text_file(dir / "ops.csv");
  EXPECT_THAT(csv, StartsWith("file,program,loop,category,index,name,queue,start_us,duration_us,"
                              "detail\n"));
  EXPECT_THAT(csv, HasSubstr("binaries/golden.ttm,0,1,submit,0,"));
  Json report = Json::parse(read_text_file(dir / "perf_results.json"));
  EXPECT_EQ(report["command"], "perf");
  EXPECT_EQ(report["summary"]["pass"], 2);
}

// in -> DRAM -> out in the compiler's current layout, its golden map saying
// out == in.
std::vector<uint8_t> current_copy_binary() {
  std::vector<float> values(1024);
  for (size_t i = 0; i < values.size(); ++i) values[i] = 0.25f * static_cast<float>(i);
  CurrentBuffer in, on_device, out;
  in.id = 1;
  on_device.id = 2;
  on_device.kind = CurrentBuffer::Kind::kDramInterleaved;
  on_device.address = 0x200000;
  out.id = 3;
  CurrentBinaryBuilder program;
  program.round_trip(in, on_device, out);
  program.golden("input_0", {32, 32}, values);
  program.golden("output_0", {32, 32}, values);
  return program.build({in}, {out}, "forward");
}

// Lines of `csv` (after its header) whose third field, the loop, is `loop`.
size_t csv_rows_of_loop(const std::string& csv, int loop) {
  std::istringstream lines(csv);
  std::string line;
  std::getline(lines, line);
  size_t rows = 0;
  while (std::getline(lines, line)) {
    std::istringstream fields(line);
    std::string field;
    for (int i = 0; i < 3; ++i) std::getline(fields, field, ',');
    if (field == std::to_string(loop)) ++rows;
  }
  return rows;
}

// Many loops must not keep every loop's spans: the trace and CSV hold the
// first --trace-loops, while the summary and the results count them all.
TEST(PerfCommandTest, TracesTheFirstLoopsAndCountsEveryLoop) {
  TempDir dir;
  write_bytes(dir / "copy.ttm", current_copy_binary());
  CliResult result =
      run_cli({"perf", "copy.ttm", "--device", "inproc", "--loops", "5", "--trace-loops", "2",
               "--trace-file", "trace.json", "--csv-file", "ops.csv"},
              dir.path());
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  EXPECT_THAT(result.err, HasSubstr("the trace and CSV hold the first 2 of 5 loops of each "
                                    "program (--trace-loops); the summary counts every loop"));

  std::vector<int> traced;
  const Json trace = Json::parse(read_text_file(dir / "trace.json"));
  for (const Json& event : trace["traceEvents"]) {
    if (event["ph"] == "X" && event["cat"] == "submit") traced.push_back(event["args"]["loop"]);
  }
  EXPECT_THAT(traced, ::testing::UnorderedElementsAre(0, 1));

  const std::string csv = read_text_file(dir / "ops.csv");
  EXPECT_GT(csv_rows_of_loop(csv, 1), 0u);
  EXPECT_EQ(csv_rows_of_loop(csv, 2), 0u);
  EXPECT_EQ(csv_rows_of_loop(csv, 4), 0u);

  // The summary's count: one write command a loop, all five loops.
  EXPECT_THAT(result.out, ::testing::ContainsRegex("command +EnqueueWriteBufferCommand +5 "));
  Json report = Json::parse(read_text_file(dir / "perf_results.json"));
  const Json& program = report["results"][0];
  EXPECT_EQ(program["loops"], 5);
  EXPECT_EQ(program["traced_loops"], 2);
  EXPECT_EQ(program["result"], "pass");

  CliResult all = run_cli({"perf", "copy.ttm", "--device", "inproc", "--loops", "3", "--trace-file",
                           "trace3.json", "--csv-file", "ops3.csv"},
                          dir.path());
  ASSERT_EQ(all.exit_code, 0) << all.err;
  EXPECT_THAT(all.err, ::testing::Not(HasSubstr("--trace-loops")));
  EXPECT_GT(csv_rows_of_loop(read_text_file(dir / "ops3.csv"), 2), 0u);
  EXPECT_FALSE(Json::parse(read_text_file(dir / "perf_results.json"))["results"][0].contains(
      "traced_loops"));
}

}  // namespace
}  // namespace tessera::testing
