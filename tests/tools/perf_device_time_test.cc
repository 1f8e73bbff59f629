// End-to-end: `tessera perf --device-time` adds the timing model's figures
// to the reports: device tracks per core and RISC in the Chrome trace,
// ops_perf_results.csv in the profiler's columns, device_time per program
// in perf_results.json, with the device profiler zones of kernels that open
// them. Binaries: the compiler's conventions (the conformance corpus, built
// from its JSON, once as it is and once with a zone in its compute kernel),
// the example suite's multicast matmul and a TTNN program (estimated from
// shapes).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "../support/cli_runner.h"
#include "../support/zoned_conformance_add.h"

namespace tessera::testing {
namespace {

using ::testing::HasSubstr;
namespace fs = std::filesystem;
using Json = nlohmann::json;

class PerfDeviceTimeTest : public ::testing::Test {
 protected:
  void SetUp() override {
    fs::create_directories(dir / "binaries");
    const fs::path examples = fs::path(TESSERA_BINARY_DIR) / "examples";
    for (const char* name : {"matmul_multicast_2x2.ttm", "eltwise_add_64x128.ttnn"}) {
      fs::copy_file(examples / name, dir / "binaries" / name);
    }
    const fs::path json = fs::path(TESSERA_CONFORMANCE_DIR) / "add_l1" / "add_l1.ttm.json";
    CliResult built =
        run_cli({"build", json.string(), "-o", (dir / "binaries" / "add_l1.ttm").string()});
    ASSERT_EQ(built.exit_code, 0) << built.err;
    const std::string zoned = zoned_add_l1_json();
    ASSERT_FALSE(zoned.empty());
    std::ofstream(dir / "add_zoned.ttm.json") << zoned;
    built = run_cli({"build", (dir / "add_zoned.ttm.json").string(), "-o",
                     (dir / "binaries" / "add_zoned.ttm").string()});
    ASSERT_EQ(built.exit_code, 0) << built.err;
  }

  // The device_time of every result entry, by file name.
  std::map<std::string, Json> device_times(const fs::path& report_file) {
    Json report = Json::parse(read_text_file(report_file));
    std::map<std::string, Json> times;
    for (const Json& entry : report["results"]) {
      if (entry.contains("device_time")) {
        times[fs::path(entry["file"].get<std::string>()).filename().string()] =
            entry["device_time"];
      }
    }
    return times;
  }

  TempDir dir;
};

TEST_F(PerfDeviceTimeTest, AddsDeviceTracksTheProfilerCsvAndDeviceTimePerProgram) {
  CliResult result = run_cli({"perf", "binaries", "--device-time"}, dir.path());
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  EXPECT_THAT(result.out, HasSubstr("Device time (timing model):"));
  // One line per program run: the conformance add runs on one core in less
  // time than its kernels' launch takes, the multicast matmul on four.
  EXPECT_THAT(result.out, HasSubstr("add_l1.ttm program 0 cq0_program: "));
  EXPECT_THAT(result.out, HasSubstr(" us on 1 core (launch-bound; math "));
  EXPECT_THAT(result.out, HasSubstr(" us on 4 cores ("));
  EXPECT_THAT(result.out, ::testing::Not(HasSubstr(" 1 cores")));

  std::map<std::string, Json> times = device_times(dir / "perf_results.json");
  ASSERT_EQ(times.size(), 4u);
  for (const char* ttm : {"matmul_multicast_2x2.ttm", "add_l1.ttm", "add_zoned.ttm"}) {
    const Json& programs = times[ttm]["programs"];
    ASSERT_FALSE(programs.empty()) << ttm;
    for (const Json& program : programs) {
      EXPECT_EQ(program["category"], "command");
      EXPECT_FALSE(program["estimated"].get<bool>());
      EXPECT_EQ(program["arch"], "wormhole_b0");
      EXPECT_GT(program["device_cycles"].get<int64_t>(), program["kernel_cycles"].get<int64_t>());
      EXPECT_GT(program["kernel_ns"].get<double>(), 0.0);
      EXPECT_FALSE(program["kernels"].empty());
      EXPECT_EQ(program["unmatched_waits"], 0) << ttm << ": " << program.dump();
      for (const Json& kernel : program["kernels"]) {
        EXPECT_GE(kernel["end_cycle"].get<int64_t>(), kernel["start_cycle"].get<int64_t>());
      }
    }
    EXPECT_GT(times[ttm]["total_device_ns"].get<double>(), 0.0);
  }
  // The multicast matmul runs on 2 x 2 cores.
  bool four_cores = false;
  for (const Json& program : times["matmul_multicast_2x2.ttm"]["programs"]) {
    four_cores = four_cores || program["cores"] == 4;
  }
  EXPECT_TRUE(four_cores);
  for (const Json& op : times["eltwise_add_64x128.ttnn"]["programs"]) {
    EXPECT_EQ(op["category"], "op");
    EXPECT_TRUE(op["estimated"].get<bool>());
    EXPECT_GT(op["device_ns"].get<double>(), 0.0);
  }

  // The profiler's columns; one row per program run or op.
  std::istringstream csv(read_text_file(dir / "ops_perf_results.csv"));
  std::string header;
  std::getline(csv, header);
  EXPECT_THAT(header, HasSubstr("OP CODE,OP TYPE,GLOBAL CALL COUNT,DEVICE ID"));
  EXPECT_THAT(header, HasSubstr("CORE COUNT"));
  EXPECT_THAT(header, HasSubstr("DEVICE KERNEL DURATION [ns],DEVICE BRISC KERNEL DURATION [ns],"
                                "DEVICE NCRISC KERNEL DURATION [ns],DEVICE TRISC0 KERNEL "
                                "DURATION [ns]"));
  int rows = 0;
  for (std::string line; std::getline(csv, line);) ++rows;
  int expected_rows = 0;
  for (const auto& [file, time] : times) expected_rows += static_cast<int>(time["programs"].size());
  EXPECT_EQ(rows, expected_rows);

  // Device tracks per core and RISC in a process of their own.
  Json trace = Json::parse(read_text_file(dir / "perf_trace.json"));
  std::set<std::string> device_threads;
  int device_kernels = 0;
  for (const Json& event : trace["traceEvents"]) {
    if (event["pid"] != 2) continue;
    if (event["ph"] == "M" && event["name"] == "thread_name") {
      device_threads.insert(event["args"]["name"].get<std::string>());
    }
    if (event["ph"] == "X" && event["cat"] == "device kernel") ++device_kernels;
  }
  EXPECT_TRUE(device_threads.count("programs"));
  EXPECT_TRUE(device_threads.count("core (0, 0) BRISC")) << trace.dump().substr(0, 2000);
  EXPECT_TRUE(device_threads.count("core (1, 1) TRISC"));
  EXPECT_GT(device_kernels, 0);
}

TEST_F(PerfDeviceTimeTest, AKernelsProfilerZonesGoOnItsTrackAndInTheResults) {
  CliResult result = run_cli({"perf", "binaries", "--device-time"}, dir.path());
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  std::map<std::string, Json> times = device_times(dir / "perf_results.json");
  // The compute kernel of the zoned add: one zone from its loop to its end.
  int zones = 0;
  for (const Json& program : times["add_zoned.ttm"]["programs"]) {
    for (const Json& kernel : program["kernels"]) {
      if (!kernel.contains("zones")) continue;
      EXPECT_EQ(kernel["risc"], "TRISC");
      EXPECT_EQ(kernel["zones_dropped"], 0);
      for (const Json& zone : kernel["zones"]) {
        ++zones;
        EXPECT_EQ(zone["name"], kAddZone);
        EXPECT_EQ(zone["depth"], 0);
        EXPECT_GE(zone["start_cycle"].get<int64_t>(), kernel["start_cycle"].get<int64_t>());
        EXPECT_GT(zone["end_cycle"].get<int64_t>(), zone["start_cycle"].get<int64_t>());
        EXPECT_LE(zone["end_cycle"].get<int64_t>(), kernel["end_cycle"].get<int64_t>());
      }
    }
  }
  EXPECT_EQ(zones, 1);
  // Kernels that open no zone carry no zone fields.
  EXPECT_EQ(times["add_l1.ttm"].dump().find("zones"), std::string::npos);

  // In the trace, on the compute kernel's track, inside the kernel's slice.
  Json trace = Json::parse(read_text_file(dir / "perf_trace.json"));
  std::map<int, std::string> threads;
  std::vector<Json> zone_events, kernel_events;
  for (const Json& event : trace["traceEvents"]) {
    if (event["pid"] != 2) continue;
    if (event["ph"] == "M" && event["name"] == "thread_name") {
      threads[event["tid"].get<int>()] = event["args"]["name"].get<std::string>();
    }
    if (event["ph"] == "X" && event["cat"] == "device zone") zone_events.push_back(event);
    if (event["ph"] == "X" && event["cat"] == "device kernel") kernel_events.push_back(event);
  }
  ASSERT_EQ(zone_events.size(), 1u);
  const Json& zone = zone_events[0];
  EXPECT_EQ(zone["name"], kAddZone);
  EXPECT_EQ(threads[zone["tid"].get<int>()], "core (0, 0) TRISC");
  bool inside = false;
  for (const Json& kernel : kernel_events) {
    inside = inside || (kernel["tid"] == zone["tid"] &&
                        kernel["ts"].get<double>() <= zone["ts"].get<double>() &&
                        zone["ts"].get<double>() + zone["dur"].get<double>() <=
                            kernel["ts"].get<double>() + kernel["dur"].get<double>() + 1e-9);
  }
  EXPECT_TRUE(inside) << zone.dump();
}

TEST_F(PerfDeviceTimeTest, TheFiguresAreTheSameOnEveryRunAndDevice) {
  ASSERT_EQ(run_cli({"perf", "binaries", "--device-time", "--result-file", "a.json",
                     "--device-csv-file", "a.csv"},
                    dir.path())
                .exit_code,
            0);
  ASSERT_EQ(run_cli({"perf", "binaries", "--device-time", "--device", "inproc", "--loops", "2",
                     "--result-file", "b.json", "--device-csv-file", "b.csv"},
                    dir.path())
                .exit_code,
            0);
  std::map<std::string, Json> isolated = device_times(dir / "a.json");
  std::map<std::string, Json> inproc = device_times(dir / "b.json");
  ASSERT_EQ(isolated.size(), 4u);
  // The zones too: the isolated device sends them back in its reply.
  EXPECT_EQ(isolated, inproc);
  EXPECT_TRUE(isolated["add_zoned.ttm"].dump().find(kAddZone) != std::string::npos);
}

TEST_F(PerfDeviceTimeTest, OffByDefault) {
  ASSERT_EQ(run_cli({"perf", "binaries"}, dir.path()).exit_code, 0);
  EXPECT_TRUE(device_times(dir / "perf_results.json").empty());
  EXPECT_FALSE(fs::exists(dir / "ops_perf_results.csv"));
}

TEST_F(PerfDeviceTimeTest, TheDeviceCsvMayNotOverwriteAnotherReport) {
  CliResult result = run_cli(
      {"perf", "binaries", "--device-time", "--device-csv-file", "perf_ops.csv"}, dir.path());
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_THAT(result.err, HasSubstr("--csv-file and --device-csv-file"));
}

}  // namespace
}  // namespace tessera::testing
