// End-to-end: `tessera perf` writes a Chrome trace whose spans nest and a
// per-op / per-command CSV, and reports like `run`.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "../support/cli_runner.h"
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

}  // namespace
}  // namespace tessera::testing
