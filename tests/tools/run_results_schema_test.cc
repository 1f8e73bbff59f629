// The result file's JSON schema (docs/run_results.schema.json) describes what
// `tessera run` writes: every key of the top level and of each result is in
// the schema, every required key is written, and where Python's jsonschema
// is installed the whole file validates.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <nlohmann/json.hpp>
#include <set>

#include "../support/cli_runner.h"
#include "../support/golden_binaries.h"
#include "../support/zoned_conformance_add.h"

namespace tessera::testing {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

fs::path schema_path() {
  return fs::path(TESSERA_SOURCE_DIR) / "docs/run_results.schema.json";
}

// Every key of `object` is a property of `schema`, and every required one is there.
void expect_keys_documented(const Json& object, const Json& schema, const std::string& where) {
  for (const auto& [key, value] : object.items()) {
    EXPECT_TRUE(schema["properties"].contains(key)) << where << ": '" << key << "' undocumented";
  }
  for (const Json& key : schema["required"]) {
    EXPECT_TRUE(object.contains(key.get<std::string>())) << where << ": no " << key;
  }
}

class RunResultsSchemaTest : public ::testing::Test {
 protected:
  void SetUp() override {
    fs::create_directories(dir / "binaries");
    write_bytes(dir / "binaries/golden.ttm", multiply_binary());
    write_bytes(dir / "binaries/wrong.ttm", multiply_binary(true, -1.0f));
    write_bytes(dir / "binaries/add.ttnn",
                example_binary("eltwise_add.ttnn.json", format::BinaryKind::kTtnn));
    write_bytes(dir / "binaries/system_desc.ttsys",
                example_binary("system_desc_wormhole_b0.json", format::BinaryKind::kSystemDesc));
    write_bytes(dir / "binaries/corrupt.ttm", {1, 2, 3, 4, 5, 6, 7, 8});
    // A kernel with a profiler zone: its device time carries zones.
    auto zoned = format::json_to_binary(zoned_add_l1_json(), format::BinaryKind::kMetal);
    ASSERT_TRUE(zoned.ok()) << zoned.error().describe();
    write_bytes(dir / "binaries/zoned.ttm", *zoned);
  }

  // Results of every kind: pass, fail, error, skip, per-op checks, memory, a shard.
  std::vector<fs::path> result_files() {
    run_cli({"run", "binaries", "--per-op-golden", "--memory", "--result-file", "all.json"},
            dir.path());
    run_cli({"run", "binaries", "--shard", "1/2", "--result-file", "shard.json"}, dir.path());
    // Fewer loops traced than run: traced_loops is written.
    run_cli({"perf", "binaries", "--device-time", "--loops", "2", "--trace-loops", "1",
             "--result-file", "device.json"},
            dir.path());
    return {dir / "all.json", dir / "shard.json", dir / "device.json"};
  }

  TempDir dir;
};

TEST_F(RunResultsSchemaTest, EveryKeyWrittenIsDocumented) {
  Json schema = Json::parse(read_text_file(schema_path()));
  const Json& result_schema = schema["$defs"]["result"];
  std::set<std::string> outcomes;
  int device_times = 0;
  int traced_loops = 0;
  int zones = 0;
  for (const fs::path& path : result_files()) {
    Json report = Json::parse(read_text_file(path));
    expect_keys_documented(report, schema, path.filename().string());
    for (const Json& entry : report["results"]) {
      expect_keys_documented(entry, result_schema, entry["file"].get<std::string>());
      expect_keys_documented(entry["timings_ms"], result_schema["properties"]["timings_ms"],
                             "timings_ms");
      if (entry.contains("device_time")) {
        ++device_times;
        const Json& device_schema = schema["$defs"]["device_time"];
        expect_keys_documented(entry["device_time"], device_schema, "device_time");
        const Json& program_schema = device_schema["properties"]["programs"]["items"];
        for (const Json& program : entry["device_time"]["programs"]) {
          expect_keys_documented(program, program_schema, "device_time program");
          for (const Json& kernel : program["kernels"]) {
            const Json& kernel_schema = program_schema["properties"]["kernels"]["items"];
            expect_keys_documented(kernel, kernel_schema, "device_time kernel");
            for (const Json& zone : kernel.value("zones", Json::array())) {
              ++zones;
              expect_keys_documented(zone, kernel_schema["properties"]["zones"]["items"],
                                     "device_time zone");
            }
          }
        }
      }
      if (entry.contains("traced_loops")) ++traced_loops;
      outcomes.insert(entry["result"].get<std::string>());
    }
  }
  EXPECT_EQ(outcomes, (std::set<std::string>{"pass", "fail", "error", "skip"}));
  EXPECT_GT(device_times, 0) << "perf --device-time wrote no device_time";
  EXPECT_GT(traced_loops, 0) << "perf --trace-loops 1 --loops 2 wrote no traced_loops";
  EXPECT_GT(zones, 0) << "perf --device-time wrote no profiler zone";
}

TEST_F(RunResultsSchemaTest, TheFilesValidateAgainstTheSchema) {
  if (std::system("/usr/bin/python3 -c 'import jsonschema' >/dev/null 2>&1") != 0) {
    GTEST_SKIP() << "python3 with jsonschema is not installed";
  }
  for (const fs::path& path : result_files()) {
    std::string command =
        "/usr/bin/python3 -c \"import json, sys, jsonschema; "
        "jsonschema.validate(json.load(open(sys.argv[2])), json.load(open(sys.argv[1])))\" '" +
        schema_path().string() + "' '" + path.string() + "'";
    EXPECT_EQ(std::system(command.c_str()), 0) << path;
  }
}

}  // namespace
}  // namespace tessera::testing
