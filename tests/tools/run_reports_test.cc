// The pieces of a run that need no device: host values, generated inputs,
// and the reports (JSON, JUnit, summary, Chrome trace, CSV).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <limits>
#include <sstream>

#include "run/chrome_trace.h"
#include "run/input_generation.h"
#include "run/junit_writer.h"
#include "run/op_csv.h"
#include "run/perf_summary.h"
#include "run/results_json.h"
#include "run/summary_table.h"
#include "run/terminal_text.h"
#include "tessera/format/data_type_codec.h"
#include "tessera/format/generated.h"

namespace tessera::tools::run {
namespace {

using ::testing::ContainsRegex;
using ::testing::HasSubstr;
using ::testing::Not;
using tt::target::DataType;

TEST(TensorValuesTest, RoundTripsEveryHostType) {
  std::vector<double> values = {0.0, 1.0, 2.5, 300.0};
  for (DataType type : {DataType::Float32, DataType::Float16, DataType::BFloat16, DataType::UInt32,
                        DataType::UInt16, DataType::UInt8}) {
    auto bytes = format::encode_values(type, values);
    ASSERT_TRUE(bytes.ok()) << tt::target::EnumNameDataType(type);
    auto decoded = format::decode_values(type, *bytes);
    ASSERT_TRUE(decoded.ok());
    EXPECT_EQ((*decoded)[2],
              type == DataType::Float32 || type == DataType::Float16 || type == DataType::BFloat16
                  ? 2.5
                  : 2.0)  // ties round to even
        << tt::target::EnumNameDataType(type);
    EXPECT_EQ((*decoded)[3], type == DataType::UInt8 ? 255.0 : 300.0);  // saturates
  }
  std::vector<double> negative = {-4.0, std::numeric_limits<double>::quiet_NaN()};
  EXPECT_EQ(
      *format::decode_values(DataType::UInt16, *format::encode_values(DataType::UInt16, negative)),
      (std::vector<double>{0.0, 0.0}));
  EXPECT_FALSE(format::decode_values(DataType::BFP_BFloat8, std::vector<uint8_t>(4)).ok());
  EXPECT_FALSE(format::decode_values(DataType::Float32, std::vector<uint8_t>(6)).ok());
}

TEST(InputGenerationTest, RandnRepeatsPerSeedAndInput) {
  std::vector<double> a = generate_input_values(InputInit::kRandn, 7, 0, 4096);
  EXPECT_EQ(a, generate_input_values(InputInit::kRandn, 7, 0, 4096));
  EXPECT_NE(a, generate_input_values(InputInit::kRandn, 7, 1, 4096));
  EXPECT_NE(a, generate_input_values(InputInit::kRandn, 8, 0, 4096));
  double mean = 0, square = 0;
  for (double value : a) {
    mean += value;
    square += value * value;
  }
  mean /= a.size();
  EXPECT_NEAR(mean, 0.0, 0.1);
  EXPECT_NEAR(square / a.size(), 1.0, 0.1);
  EXPECT_EQ(generate_input_values(InputInit::kArange, 0, 0, 3), (std::vector<double>{0, 1, 2}));
  EXPECT_EQ(generate_input_values(InputInit::kOnes, 0, 0, 2), (std::vector<double>{1, 1}));
  EXPECT_EQ(generate_input_values(InputInit::kZeros, 0, 0, 1), (std::vector<double>{0}));
}

std::vector<FileRun> sample_run() {
  FileRun file;
  file.file = "dir/a<b>.ttm";
  file.span.span = {"dir/a<b>.ttm", "binary", 1000000, 900000};
  ProgramRun pass;
  pass.file = file.file;
  pass.runtime = "TTMetal";
  pass.program_index = 0;
  pass.program_name = "mul";
  pass.loops = 1;
  pass.timings.submit_total_ms = 0.5;
  GoldenComparison nan_pcc;
  nan_pcc.pcc = std::numeric_limits<double>::quiet_NaN();
  pass.checks.push_back({0, "out", nan_pcc, {}});
  pass.spans.push_back({{"dir/a<b>.ttm program 0", "program", 1100000, 500000}, -1});
  runtime::TraceSpan command{"EnqueueProgram", "command", 1200000, 100000, 1, 3};
  pass.spans.push_back({command, 0});
  runtime::TraceSpan kernel{"reader", "kernel", 1210000, 50000, 1, -1, 2, 3, "k, \"q\""};
  pass.spans.push_back({kernel, 0});
  ProgramRun error = pass;
  error.program_index = 1;
  error.outcome = Outcome::kError;
  error.message = "bad & \"worse\"\x01";
  error.spans.clear();
  file.programs = {pass, error};
  return {file};
}

TEST(RunReportsTest, ResultsJsonHasOneEntryPerProgramAndNoNan) {
  nlohmann::ordered_json report = results_json("run", sample_run());
  EXPECT_EQ(report["summary"]["pass"], 1);
  EXPECT_EQ(report["summary"]["error"], 1);
  ASSERT_EQ(report["results"].size(), 2u);
  EXPECT_EQ(report["results"][0]["result"], "pass");
  EXPECT_TRUE(report["results"][0]["outputs"][0]["pcc"].is_null());
  EXPECT_EQ(report["results"][1]["message"], "bad & \"worse\"\x01");
  EXPECT_TRUE(nlohmann::json::accept(report.dump()));
}

TEST(RunReportsTest, JUnitEscapesAndCountsOutcomes) {
  std::string xml = junit_xml("run", sample_run());
  EXPECT_THAT(xml, HasSubstr("tests=\"2\" failures=\"0\" errors=\"1\" skipped=\"0\""));
  EXPECT_THAT(xml, HasSubstr("<testsuite name=\"dir/a&lt;b&gt;.ttm\""));
  EXPECT_THAT(xml, HasSubstr("<error message=\"bad &amp; &quot;worse&quot;\">"));
  EXPECT_EQ(xml.find('\x01'), std::string::npos);
}

TEST(RunReportsTest, SummaryTableHasARowPerProgramAndTotals) {
  std::string table = summary_table(sample_run());
  EXPECT_THAT(table, HasSubstr("RESULT  FILE"));
  EXPECT_THAT(table, ContainsRegex("PASS +[^ ]+ +0 +TTMetal"));
  EXPECT_THAT(table, ContainsRegex("ERROR +[^ ]+ +1 +TTMetal"));
  EXPECT_THAT(table, HasSubstr("2 program(s): 1 passed, 0 failed, 1 error(s), 0 skipped"));
}

// Every line of the table fits the terminal: long file names lose their
// middle, and an error's note keeps its cause (the end), not the location
// the FILE and PROGRAM columns already show.
TEST(RunReportsTest, SummaryTableFitsTheTerminalAndShowsAnErrorsCause) {
  std::vector<FileRun> files = sample_run();
  const std::string long_name =
      "suites/nightly/transformer_blocks/attention_head_projection_with_bias_fp32_64x4096.ttm";
  for (ProgramRun& run : files[0].programs) run.file = long_name;
  files[0].programs[1].message = long_name +
                                 ": program 1 'mul': device program 0: queue 0 'cq0': command 4 "
                                 "(EnqueueProgramCommand): kernel 'reader' on core (0,0): "
                                 "noc_async_read at 0x90000 is outside every live buffer";
  const std::string table = summary_table(files, 140);
  std::istringstream lines(table);
  for (std::string line; std::getline(lines, line);) {
    EXPECT_LE(line.size(), 140u) << line;
  }
  EXPECT_THAT(table, ContainsRegex("suites/[^ ]*\\.\\.\\.[^ ]*_64x4096\\.ttm"));
  EXPECT_THAT(table, Not(HasSubstr(long_name)));
  EXPECT_THAT(table, ContainsRegex("ERROR .* \\.\\.\\.[^ ]* is outside every live buffer\n"));
  EXPECT_THAT(table, Not(HasSubstr("queue 0 'cq0'")));
  // Without a terminal nothing but the note is shortened.
  EXPECT_THAT(summary_table(files, 0), HasSubstr(long_name));
}

TEST(TerminalTextTest, ElidesWhereTheTextSaysLeast) {
  EXPECT_EQ(elide_middle("abcdefghij", 20), "abcdefghij");
  EXPECT_EQ(elide_middle("abcdefghijklmnop", 9), "ab...mnop");
  EXPECT_EQ(elide_middle("abcdefghijklmnop", 9).size(), 9u);
  EXPECT_EQ(elide_front("a: b: the cause", 15), "a: b: the cause");
  EXPECT_EQ(elide_front("a: b: the cause", 14), "...: the cause");
  EXPECT_EQ(elide_front("x: averyveryverylongcause", 10), "...ngcause");
  EXPECT_EQ(first_line("one\ntwo", 0), "one");
  EXPECT_EQ(first_line("abcdefgh", 6), "abc...");
  EXPECT_EQ(display_path("rel/a.ttm"), "rel/a.ttm");
  EXPECT_EQ(display_path((std::filesystem::current_path() / "x" / "a.ttm").string()), "x/a.ttm");
  EXPECT_EQ(display_path("/elsewhere/a.ttm").front(), '/');
}

TEST(RunReportsTest, ChromeTracePutsCommandsAndKernelsOnTheirOwnTracks) {
  nlohmann::json trace = chrome_trace(sample_run());
  std::map<std::string, nlohmann::json> by_name;
  std::map<int, std::string> thread_names;
  for (const auto& event : trace["traceEvents"]) {
    if (event["ph"] == "X") by_name[event["name"]] = event;
    if (event["name"] == "thread_name") thread_names[event["tid"]] = event["args"]["name"];
  }
  ASSERT_EQ(by_name.size(), 4u);
  EXPECT_EQ(by_name["dir/a<b>.ttm"]["ts"], 0.0);
  EXPECT_EQ(by_name["dir/a<b>.ttm"]["dur"], 900.0);
  EXPECT_EQ(by_name["dir/a<b>.ttm program 0"]["tid"], 0);
  EXPECT_EQ(thread_names[0], "host");
  EXPECT_EQ(thread_names[by_name["EnqueueProgram"]["tid"]], "command queue 1");
  EXPECT_EQ(by_name["EnqueueProgram"]["args"]["index"], 3);
  EXPECT_EQ(by_name["reader"]["args"]["core_x"], 2);
  EXPECT_EQ(by_name["reader"]["args"]["core_y"], 3);
  EXPECT_EQ(thread_names[by_name["reader"]["tid"]], "core (2, 3) reader");
}

TEST(RunReportsTest, OverlappingSpansOfATrackMoveToAnotherLane) {
  std::vector<FileRun> files = sample_run();
  ProgramRun& run = files[0].programs[0];
  run.spans.clear();
  // Asynchronous commands: the write outlives the program that starts inside it.
  run.spans.push_back({{"write", "command", 1000000, 500000, 0, 0}, 0});
  run.spans.push_back({{"create", "command", 1100000, 10000, 0, 1}, 0});
  run.spans.push_back({{"program", "command", 1200000, 600000, 0, 2}, 0});
  run.spans.push_back({{"read", "command", 1900000, 10000, 0, 3}, 0});
  nlohmann::json trace = chrome_trace(files);
  std::map<std::string, int> tid;
  for (const auto& event : trace["traceEvents"]) {
    if (event["ph"] == "X") tid[event["name"]] = event["tid"];
  }
  EXPECT_EQ(tid["create"], tid["write"]);  // nested inside it
  EXPECT_NE(tid["program"], tid["write"]);
  EXPECT_EQ(tid["read"], tid["write"]);  // after both ended
  EXPECT_THAT(trace.dump(), HasSubstr("command queue 0 (overlapping 1)"));
}

TEST(RunReportsTest, CsvQuotesFieldsThatNeedIt) {
  EXPECT_EQ(csv_field("plain"), "plain");
  EXPECT_EQ(csv_field("a,b"), "\"a,b\"");
  EXPECT_EQ(csv_field("say \"x\""), "\"say \"\"x\"\"\"");
  std::string csv = op_csv(sample_run());
  EXPECT_THAT(csv, HasSubstr("dir/a<b>.ttm,0,0,command,3,EnqueueProgram,1,200.000,100.000,\n"));
  EXPECT_EQ(csv.find("reader"), std::string::npos);  // kernels are in the trace only
}

TEST(RunReportsTest, PerfSummaryRanksNamesByTotalTime) {
  std::vector<FileRun> files = sample_run();
  ProgramRun& run = files[0].programs[0];
  for (const RecordedSpan& span : run.spans) run.record_loop_span(span, false);
  run.record_loop_span({{"Finish", "command", 0, 1000000, 0, 4}, 0}, true);
  run.record_loop_span({{"EnqueueProgram", "command", 0, 300000, 0, 5}, 1}, false);
  std::string table = perf_summary(files);
  EXPECT_THAT(table, HasSubstr("KIND"));
  size_t finish = table.find("Finish");
  size_t program = table.find("EnqueueProgram");
  ASSERT_NE(finish, std::string::npos);
  ASSERT_NE(program, std::string::npos);
  EXPECT_LT(finish, program);  // 1 ms before 0.4 ms
  EXPECT_THAT(table, HasSubstr("2         0.400       0.200"));
  EXPECT_EQ(table.find("reader"), std::string::npos);  // kernels are not ops
  EXPECT_EQ(perf_summary({}), "");
}

TEST(RunReportsTest, LoopSpansBeyondTheTracedOnesOnlyCount) {
  ProgramRun run;
  run.record_loop_span({{"EnqueueProgram", "command", 0, 500, 0, 2}, 0}, true);
  run.record_loop_span({{"EnqueueProgram", "command", 10, 700, 0, 2}, 1}, false);
  run.record_loop_span({{"reader", "kernel", 10, 300, 0, 0, 0, 0}, 1}, false);
  run.record_loop_span({{"EltwiseOp Add", "op", 20, 40, -1, 0}, 1}, false);
  ASSERT_EQ(run.spans.size(), 1u);
  EXPECT_EQ(run.spans[0].loop, 0);
  const SpanTotals& program = run.span_totals.at({"command", "EnqueueProgram"});
  EXPECT_EQ(program.count, 2u);
  EXPECT_EQ(program.total_ns, 1200);
  EXPECT_EQ(run.span_totals.at({"op", "EltwiseOp Add"}).count, 1u);
  EXPECT_EQ(run.span_totals.count({"kernel", "reader"}), 0u);  // kernels are not ops
}

}  // namespace
}  // namespace tessera::tools::run
