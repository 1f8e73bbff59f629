// End-to-end: `read`, `build`, `check` and `query` with binaries in the
// compiler's current TTMetal layout next to 2024 ones: every read section,
// the layout named by read and check, the JSON round trip of both layouts
// (with .npy golden data), fit against targets of either layout, damaged
// binaries rejected with exit code 1 and no signal, and mixed directories.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "../format/current_layout_json.h"
#include "../support/cli_runner.h"
#include "run/npy_writer.h"
#include "tessera/base/fnv1a.h"

namespace tessera::testing {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using ::testing::Not;
using Json = nlohmann::ordered_json;

std::vector<Json> objects(const std::string& out) {
  std::vector<Json> found;
  std::istringstream stream(out);
  while (stream >> std::ws && stream.peek() != EOF) {
    Json object;
    stream >> object;
    found.push_back(object);
  }
  return found;
}

void write_text(const fs::path& path, const std::string& text) {
  std::ofstream(path) << text;
}

std::vector<uint8_t> read_bytes(const fs::path& path) {
  std::ifstream file(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

class CurrentLayoutCliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    write_text(dir / "add.json", current_add_binary_json().dump(2));
    CliResult built = run_cli({"build", path("add.json"), "-o", path("add.ttm")});
    ASSERT_EQ(built.exit_code, 0) << built.err;
    write_bytes(dir / "mul.ttm",
                example_binary("eltwise_multiply.ttm.json", format::BinaryKind::kMetal));
  }
  std::string path(const std::string& name) const { return (dir / name).string(); }
  Json read(const std::string& file, const std::string& section, bool full = false) {
    std::vector<std::string> args = {"read", path(file), "--section", section};
    if (full) args.push_back("--full");
    CliResult result = run_cli(args);
    EXPECT_EQ(result.exit_code, 0) << result.err;
    return Json::parse(result.out);
  }
  TempDir dir;
};

TEST_F(CurrentLayoutCliTest, VersionNamesTheLayoutOfEachBinary) {
  Json current = read("add.ttm", "version");
  EXPECT_EQ(current["layout"], "current");
  EXPECT_EQ(current["schema_hash"], kCompilerSchemaHash);
  EXPECT_EQ(current["checksum"], "none (the current layout has no field for one)");
  EXPECT_EQ(read("mul.ttm", "version")["layout"], "2024");
}

TEST_F(CurrentLayoutCliTest, EverySectionReads) {
  Json all = read("add.ttm", "all");
  EXPECT_EQ(all["programs"].size(), 2u);
  EXPECT_EQ(all["programs"][1]["private"], true);
  // Wormhole_b0 is the current Arch's 0, a default the JSON form leaves out.
  const Json chip = read("add.ttm", "system_desc")["system_desc"]["chip_descs"][0];
  EXPECT_FALSE(chip.contains("arch"));
  EXPECT_EQ(chip["num_cbs"], 32);
  EXPECT_EQ(read("add.ttm", "programs")["programs"][0]["name"], "add");
  EXPECT_EQ(read("add.ttm", "inputs")["inputs"][0]["inputs"].size(), 2u);
  EXPECT_EQ(read("add.ttm", "outputs")["outputs"][1]["outputs"][0]["size"], 16);
  Json kernels = read("add.ttm", "kernels")["kernels"];
  ASSERT_EQ(kernels.size(), 3u);
  EXPECT_EQ(kernels[0]["config"]["type"], "NocConfig");
  EXPECT_EQ(kernels[0]["config"]["processor"], "RISCV_1");
  EXPECT_EQ(kernels[2]["config"]["type"], "ComputeConfig");
  EXPECT_EQ(kernels[2]["source"][4], "  uint32_t cb_in0 = get_common_arg_val<uint32_t>(0);");
}

TEST_F(CurrentLayoutCliTest, OpsNamesBuffersArgKindsAndKernels) {
  CliResult result = run_cli({"read", path("add.ttm"), "--section", "ops"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const std::string file = path("add.ttm") + ": program 0 device_program 0 queue 0 ";
  EXPECT_THAT(result.out,
              HasSubstr(file + "command 0 CreateBufferCommand: ref=b3 1x1x1x1 of 32x32 tiles "
                               "Float32 L1 sharded over 1 core, CB @0x19520 [loc(\"add.in0\")]"));
  EXPECT_THAT(result.out,
              HasSubstr(file + "command 3 EnqueueWriteBufferCommand: src=b1 32x32 Float32 host, "
                               "dst=b3 1x1x1x1 of 32x32 tiles Float32 L1"));
  EXPECT_THAT(result.out, HasSubstr(file + "command 5 CreateLocalSemaphoreCommand: ref=local "
                                           "semaphore 6 (initial 0)"));
  EXPECT_THAT(result.out, HasSubstr("arg_refs[3]=local semaphore 6 (initial 0), cbs[0] port 0=b3"));
  EXPECT_THAT(result.out,
              HasSubstr("kernel 0 'datamovement_kernel0' KernelSource NocConfig RISCV_1 Noc0 on "
                        "(0,0)+1x1 crt_args [cb_port(cbs[0], port 0), cb_port(cbs[1], port 1), "
                        "cb_port(cbs[2], port 2)] rt_args [buffer_address(arg_refs[0]), "
                        "local_semaphore(arg_refs[3]), named(num_tiles=1)] ct_args "
                        "[tensor_accessor_args(arg_refs[0])]"));
  EXPECT_THAT(result.out, HasSubstr("kernel 2 'compute_kernel2' KernelSource ComputeConfig HiFi4"));
  EXPECT_THAT(result.out, HasSubstr(file + "command 7 HostAllocCommand: dst=b9 32x32 Float32 "
                                           "host, zero-filled"));
  EXPECT_THAT(result.out, HasSubstr(file + "command 12 ReturnCommand: results[0]=b9 32x32"));
  EXPECT_THAT(result.out, HasSubstr("program 1 device_program 0 queue 0 command 0 "
                                    "HostAllocCommand: dst=b1 2x2 Float32 host, 16 bytes of data"));
  EXPECT_THAT(result.out,
              HasSubstr("command 1 CpuCommand: calls 'cpu_hoisted_const_eval_0' of dylib 0, "
                        "ins[0]=b1 2x2 Float32 host, outs[0]=b2 2x2 Float32 host"));
}

// Goldens in the golden map, HostAlloc data and the dylib's bytes are
// summarised unless --full, which prints them byte by byte.
TEST_F(CurrentLayoutCliTest, TensorDataIsSummarisedUnlessFull) {
  Json all = read("add.ttm", "all");
  const Json& golden =
      all["programs"][0]["debug_info"]["golden_info"]["golden_map"][2]["value"][0]["value"];
  EXPECT_EQ(golden["name"], "output_0");
  EXPECT_EQ(golden["data"]["data_type"], "Float32");
  EXPECT_EQ(golden["data"]["elements"], 1024);
  EXPECT_EQ(golden["data"]["first"], Json({-1.5, -1.375, -1.25, -1.125}));
  const Json program = current_add_program();
  std::vector<uint8_t> bytes;
  for (const Json& byte :
       program["debug_info"]["golden_info"]["golden_map"][2]["value"][0]["value"]["data"]) {
    bytes.push_back(byte.get<uint8_t>());
  }
  ASSERT_EQ(bytes.size(), 4096u);
  EXPECT_EQ(golden["data"]["fnv1a64"], fnv1a64_hex(bytes));
  const Json& constant =
      all["programs"][1]["device_programs"][0]["command_queues"][0]["commands"][0]["type"]["data"];
  EXPECT_EQ(constant["values"], Json({1.0, 2.0, 0.5, -4.0}));
  EXPECT_EQ(constant["shape"], Json({2, 2}));
  EXPECT_EQ(all["dylibs"][0]["raw_file"]["bytes"], 64);
  EXPECT_FALSE(all["dylibs"][0]["raw_file"].contains("data_type"));

  Json full = read("add.ttm", "all", true);
  EXPECT_EQ(
      full["programs"][0]["debug_info"]["golden_info"]["golden_map"][2]["value"][0]["value"]["data"]
          .size(),
      4096u);
  EXPECT_EQ(full["dylibs"][0]["raw_file"][0], 0x7f);
}

// read --full -> build -> read --full gives the same JSON (and here the
// same bytes) in both layouts; the layout is found from the JSON.
TEST_F(CurrentLayoutCliTest, JsonRoundTripOfBothLayouts) {
  for (const std::string name : {"add", "mul"}) {
    CliResult first = run_cli({"read", path(name + ".ttm"), "--full"});
    ASSERT_EQ(first.exit_code, 0) << first.err;
    write_text(dir / (name + ".full.json"), first.out);
    CliResult built = run_cli({"build", path(name + ".full.json"), "-o", path(name + "2.ttm")});
    ASSERT_EQ(built.exit_code, 0) << built.err;
    CliResult second = run_cli({"read", path(name + "2.ttm"), "--full"});
    ASSERT_EQ(second.exit_code, 0) << second.err;
    EXPECT_EQ(first.out, second.out) << name;
  }
  EXPECT_EQ(read_bytes(dir / "add.ttm"), read_bytes(dir / "add2.ttm"));
  // The same with the layout named.
  CliResult named =
      run_cli({"build", path("add.full.json"), "-o", path("add3.ttm"), "--layout", "current"});
  ASSERT_EQ(named.exit_code, 0) << named.err;
  EXPECT_EQ(read_bytes(dir / "add.ttm"), read_bytes(dir / "add3.ttm"));
}

TEST_F(CurrentLayoutCliTest, BuildSaysWhichLayoutDoesNotFit) {
  CliResult wrong = run_cli({"build", path("add.json"), "-o", path("x.ttm"), "--layout", "2024"});
  EXPECT_EQ(wrong.exit_code, 1);
  EXPECT_THAT(wrong.err, HasSubstr("JSON does not match the TTMetal schema of the 2024 layout"));
  write_text(dir / "tiny.json", R"({"version": {"major": 0, "minor": 1, "patch": 0}})");
  CliResult ambiguous = run_cli({"build", path("tiny.json"), "-o", path("tiny.ttm")});
  EXPECT_EQ(ambiguous.exit_code, 1);
  EXPECT_THAT(ambiguous.err, HasSubstr("fits the TTMetal schema of both the 2024 and the current "
                                       "layout; say which it is (`tessera build --layout "
                                       "2024|current`)"));
  CliResult chosen =
      run_cli({"build", path("tiny.json"), "-o", path("tiny.ttm"), "--layout", "current"});
  ASSERT_EQ(chosen.exit_code, 0) << chosen.err;
  EXPECT_EQ(read("tiny.ttm", "version")["layout"], "current");
  CliResult ttnn =
      run_cli({"build", path("tiny.json"), "-o", path("tiny.ttnn"), "--layout", "current"});
  EXPECT_EQ(ttnn.exit_code, 1);
  EXPECT_THAT(ttnn.err, HasSubstr("no current-layout schema for TTNN binaries"));
}

TEST_F(CurrentLayoutCliTest, GoldenTensorDataFromNpy) {
  Json json = current_add_binary_json();
  Json& map = json["programs"][0]["debug_info"]["golden_info"]["golden_map"];
  const std::vector<std::string> files = {"in0.npy", "in1.npy", "out.npy"};
  for (size_t i = 0; i < 3; ++i) {
    Json& tensor = map[i]["value"][0]["value"];
    std::vector<uint8_t> data;
    for (const Json& byte : tensor["data"]) data.push_back(byte.get<uint8_t>());
    write_bytes(dir / files[i], tools::run::npy_file("<f4", std::vector<int64_t>{32, 32}, data));
    tensor["data"] = {{"npy", files[i]}};
    if (i == 2) tensor.erase("dtype");  // filled from the file
  }
  write_text(dir / "npy.json", json.dump(2));
  CliResult built = run_cli({"build", path("npy.json"), "-o", path("npy.ttm")});
  ASSERT_EQ(built.exit_code, 0) << built.err;
  EXPECT_EQ(run_cli({"read", path("npy.ttm"), "--full"}).out,
            run_cli({"read", path("add.ttm"), "--full"}).out);

  // A file of another shape is named with the field it was meant for.
  write_bytes(dir / "small.npy",
              tools::run::npy_file("<f4", std::vector<int64_t>{2, 2}, std::vector<uint8_t>(16)));
  map[0]["value"][0]["value"]["data"] = {{"npy", "small.npy"}};
  write_text(dir / "bad.json", json.dump(2));
  CliResult bad = run_cli({"build", path("bad.json"), "-o", path("bad.ttm")});
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_THAT(bad.err, HasSubstr("programs[0].debug_info.golden_info.golden_map[0].value[0].value"
                                 ".shape is 32x32 but the file holds 2x2"));
  // Host data and shared objects are bytes; a summary of them is refused.
  Json summarised = Json::parse(run_cli({"read", path("add.ttm")}).out);
  summarised["programs"][0]["debug_info"] = current_add_program()["debug_info"];
  write_text(dir / "summary.json", summarised.dump(2));
  CliResult summary = run_cli({"build", path("summary.json"), "-o", path("summary.ttm")});
  EXPECT_EQ(summary.exit_code, 1);
  EXPECT_THAT(summary.err, HasSubstr(".commands[0].type.data is a summary"));
}

TEST_F(CurrentLayoutCliTest, CheckNamesTheLayoutAndFitsEitherTarget) {
  CliResult check =
      run_cli({"check", path("add.ttm"), path("mul.ttm"), "--result-file", path("check.json")});
  ASSERT_EQ(check.exit_code, 0) << check.err;
  EXPECT_THAT(check.out, HasSubstr(path("add.ttm") + ": ok (TTMetal, current layout, the "
                                                     "writer's own current-layout schema)"));
  EXPECT_THAT(check.out, HasSubstr(path("mul.ttm") + ": ok (TTMetal, 2024 layout"));
  Json report = Json::parse(std::ifstream(dir / "check.json"));
  EXPECT_EQ(report["target_layout"], "2024");
  EXPECT_EQ(report["results"][0]["layout"], "current");
  EXPECT_EQ(report["results"][1]["layout"], "2024");
  const Json& addresses = report["results"][0]["target_checks"].back();
  EXPECT_EQ(addresses["check"], "address ranges");
  EXPECT_THAT(addresses["detail"].get<std::string>(), HasSubstr("6 buffer, CB and semaphore"));

  // A current-layout target, as `query --layout current` saves it.
  CliResult query = run_cli(
      {"query", "--layout", "current", "--save-artifacts", "--artifact-dir", path("target")});
  ASSERT_EQ(query.exit_code, 0) << query.err;
  const std::string target = path("target/system_desc.ttsys");
  CliResult against = run_cli({"check", path("add.ttm"), path("mul.ttm"), "--system-desc", target,
                               "--result-file", path("check2.json")});
  ASSERT_EQ(against.exit_code, 0) << against.err;
  Json second = Json::parse(std::ifstream(dir / "check2.json"));
  EXPECT_EQ(second["target_layout"], "current");
  EXPECT_EQ(second["results"][1]["fits_target"], true);
}

TEST_F(CurrentLayoutCliTest, CheckRejectsABufferInReservedL1) {
  Json json = current_add_binary_json();
  json["programs"][0]["device_programs"][0]["command_queues"][0]["commands"][1]["type"]["ref"]
      ["address"] = 0x400;
  write_text(dir / "low.json", json.dump());
  ASSERT_EQ(run_cli({"build", path("low.json"), "-o", path("low.ttm")}).exit_code, 0);
  CliResult check = run_cli({"check", path("low.ttm"), "--result-file", path("low.check.json")});
  EXPECT_EQ(check.exit_code, 1);
  EXPECT_THAT(check.err, HasSubstr("does not fit simulated wormhole_b0: program 0 'add': device "
                                   "program 0: queue 0 command 1 (CreateBufferCommand) ref (global "
                                   "id 4): L1 [0x400, 0x1400) on cores (0,0)-(0,0) hits the "
                                   "reserved range"));
  EXPECT_THAT(check.out, HasSubstr("does not fit the target (TTMetal, current layout"));
}

// Damage the Verifier, the union check and the UTF-8 check see: exit code
// 1 with the file and the reason, never a signal.
TEST_F(CurrentLayoutCliTest, DamagedBinariesAreRejectedCleanly) {
  const std::vector<uint8_t> bytes = read_bytes(dir / "add.ttm");
  std::vector<uint8_t> truncated(bytes.begin(), bytes.begin() + bytes.size() / 2);
  std::vector<uint8_t> offset = bytes;
  const uint32_t past = static_cast<uint32_t>(bytes.size() * 2);
  std::memcpy(offset.data() + 4, &past, 4);
  std::vector<uint8_t> utf8 = bytes;
  const std::string source = compute_kernel_source();
  auto at = std::search(utf8.begin(), utf8.end(), source.begin(), source.end());
  ASSERT_NE(at, utf8.end());
  at[1] = 0xfe;
  fs::create_directories(dir / "bad");
  write_bytes(dir / "bad/truncated.ttm", truncated);
  write_bytes(dir / "bad/offset.ttm", offset);
  write_bytes(dir / "bad/utf8.ttm", utf8);
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"truncated.ttm", "shorter than its size prefix"},
      {"offset.ttm",
       "failed flatbuffers verification as TTMetal (TTM0) in both the 2024 and the "
       "current layout"},
      {"utf8.ttm", "kernels[2].kernel.source is not valid UTF-8 (byte 0xfe at offset 1"}};
  for (const auto& [name, reason] : cases) {
    for (const std::vector<std::string>& command :
         {std::vector<std::string>{"read", path("bad/" + name)},
          std::vector<std::string>{"read", path("bad/" + name), "--section", "ops"},
          std::vector<std::string>{"check", path("bad/" + name), "--result-file",
                                   path("bad.json")}}) {
      CliResult result = run_cli(command);
      EXPECT_EQ(result.signal, 0) << command[0] << " " << name;
      EXPECT_EQ(result.exit_code, 1) << command[0] << " " << name;
      EXPECT_THAT(result.err, HasSubstr(path("bad/" + name))) << command[0];
      EXPECT_THAT(result.err, HasSubstr(reason)) << command[0] << " " << name;
    }
  }
}

// A directory of both layouts and a current-layout descriptor, in one go.
TEST_F(CurrentLayoutCliTest, AMixedDirectoryReadsAndChecksInOneGo) {
  fs::create_directories(dir / "mixed");
  fs::copy_file(dir / "add.ttm", dir / "mixed/a_current.ttm");
  fs::copy_file(dir / "mul.ttm", dir / "mixed/b_2024.ttm");
  ASSERT_EQ(
      run_cli({"query", "--layout", "current", "--save-artifacts", "--artifact-dir", path("mixed")})
          .exit_code,
      0);
  CliResult versions = run_cli({"read", path("mixed"), "--section", "version"});
  ASSERT_EQ(versions.exit_code, 0) << versions.err;
  std::vector<Json> read = objects(versions.out);
  ASSERT_EQ(read.size(), 3u);
  EXPECT_EQ(read[0]["layout"], "current");
  EXPECT_EQ(read[1]["layout"], "2024");
  EXPECT_EQ(read[2]["kind"], "TTSY");
  EXPECT_EQ(read[2]["layout"], "current");

  CliResult kernels = run_cli({"read", path("mixed"), "--section", "kernels"});
  ASSERT_EQ(kernels.exit_code, 0) << kernels.err;
  std::vector<Json> listed = objects(kernels.out);
  ASSERT_EQ(listed.size(), 3u);
  EXPECT_EQ(listed[0]["kernels"].size(), 3u);
  EXPECT_EQ(listed[1]["kernels"].size(), 3u);
  EXPECT_TRUE(listed[2].contains("note"));

  CliResult check = run_cli({"check", path("mixed"), "--result-file", path("mixed.json")});
  ASSERT_EQ(check.exit_code, 0) << check.err;
  Json report = Json::parse(std::ifstream(dir / "mixed.json"));
  ASSERT_EQ(report["results"].size(), 3u);
  EXPECT_EQ(report["results"][0]["layout"], "current");
  EXPECT_EQ(report["results"][1]["layout"], "2024");
  EXPECT_EQ(report["results"][2]["layout"], "current");
  EXPECT_THAT(check.out, Not(HasSubstr("does not fit")));
}

TEST(CurrentLayoutQueryTest, WritesTheCurrentLayoutOnlyWhenAsked) {
  TempDir dir;
  CliResult current = run_cli({"query", "--arch", "blackhole", "--layout", "current",
                               "--save-artifacts", "--artifact-dir", dir.path().string()});
  ASSERT_EQ(current.exit_code, 0) << current.err;
  Json root = Json::parse(current.out);
  const Json& chip = root["system_desc"]["chip_descs"][0];
  EXPECT_EQ(chip["arch"], "Blackhole");
  EXPECT_EQ(chip["num_cbs"], 32);
  EXPECT_TRUE(chip.contains("dram_unreserved_end"));
  EXPECT_FALSE(chip.contains("physical_cores"));
  EXPECT_EQ(root["system_desc"]["cpu_descs"][0]["role"], "Host");
  auto saved = format::Binary::load_file((dir / "system_desc.ttsys").string());
  ASSERT_TRUE(saved.ok()) << saved.error().describe();
  EXPECT_EQ(saved->layout(), format::WireLayout::kCurrent);
  EXPECT_TRUE(saved->schema_matches());

  // The default stays the 2024 layout.
  Json baseline = Json::parse(run_cli({"query"}).out);
  EXPECT_TRUE(baseline["system_desc"]["chip_descs"][0].contains("physical_cores"));
  EXPECT_EQ(baseline["ttmlir_git_hash"], "tessera");

  CliResult grayskull = run_cli({"query", "--arch", "grayskull", "--layout", "current"});
  EXPECT_EQ(grayskull.exit_code, 1);
  EXPECT_THAT(grayskull.err, HasSubstr("Grayskull, which the current layout has no value for"));
  EXPECT_EQ(run_cli({"query", "--layout", "2025"}).exit_code, 2);
}

}  // namespace
}  // namespace tessera::testing
