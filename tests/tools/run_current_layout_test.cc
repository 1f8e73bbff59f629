// End-to-end: `tessera run` over binaries in the compiler's current layout,
// written as tt-mlir writes them: goldens from the program's golden map,
// private (const-eval) programs skipped, and one run over a directory that
// mixes both layouts, a failing binary and a TTNN one.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>

#include "../support/cli_runner.h"
#include "../support/current_binary_builder.h"

namespace tessera::testing {
namespace {

using ::testing::ContainsRegex;
using ::testing::HasSubstr;
namespace fs = std::filesystem;
using Kind = CurrentBuffer::Kind;

void write_file(const fs::path& path, const std::vector<uint8_t>& bytes) {
  std::ofstream file(path, std::ios::binary);
  file.write(reinterpret_cast<const char*>(bytes.data()),
             static_cast<std::streamsize>(bytes.size()));
}

// in -> DRAM -> out; the golden map says out == in (or `golden_out`).
std::vector<uint8_t> copy_binary(const std::vector<float>& golden_in,
                                 const std::vector<float>& golden_out, bool is_private = false) {
  CurrentBuffer in, on_device, out;
  in.id = 1;
  on_device.id = 2;
  on_device.kind = Kind::kDramInterleaved;
  on_device.address = 0x200000;
  out.id = 3;
  CurrentBinaryBuilder program;
  program.round_trip(in, on_device, out);
  program.golden("input_0", {32, 32}, golden_in);
  program.golden("output_0", {32, 32}, golden_out);
  program.set_private(is_private);
  return program.build({in}, {out}, "forward");
}

std::vector<float> ramp(float start) {
  std::vector<float> values(1024);
  for (size_t i = 0; i < values.size(); ++i) values[i] = start + 0.5f * static_cast<float>(i);
  return values;
}

TEST(RunCurrentLayoutTest, GoldensComeFromTheGoldenMap) {
  TempDir dir;
  write_file(dir / "copy.ttm", copy_binary(ramp(1.0f), ramp(1.0f)));
  CliResult passed = run_cli({"run", "copy.ttm", "--device", "inproc"}, dir.path());
  ASSERT_EQ(passed.exit_code, 0) << passed.out << passed.err;
  auto report = nlohmann::json::parse(read_text_file(dir / "run_results.json"));
  ASSERT_EQ(report["results"].size(), 1u);
  EXPECT_EQ(report["results"][0]["result"], "pass");
  EXPECT_THAT(report["results"][0]["message"].get<std::string>(), HasSubstr("match their golden"));

  // A golden the output does not meet fails the program (exit 42).
  std::vector<float> reversed = ramp(1.0f);
  std::reverse(reversed.begin(), reversed.end());
  write_file(dir / "copy.ttm", copy_binary(ramp(1.0f), reversed));
  CliResult failed = run_cli({"run", "copy.ttm", "--device", "inproc"}, dir.path());
  EXPECT_EQ(failed.exit_code, 42) << failed.out << failed.err;
}

TEST(RunCurrentLayoutTest, PrivateProgramsAreSkippedUnlessNamed) {
  TempDir dir;
  write_file(dir / "const_eval.ttm", copy_binary(ramp(0.0f), ramp(0.0f), /*is_private=*/true));
  // Nothing but a private program: nothing runs, which the run tool reports.
  CliResult result = run_cli({"run", "const_eval.ttm", "--device", "inproc"}, dir.path());
  EXPECT_EQ(result.exit_code, 1) << result.out << result.err;
  EXPECT_THAT(result.out, HasSubstr("1 program(s): 0 passed, 0 failed, 0 error(s), 1 skipped"));
  EXPECT_THAT(result.out, HasSubstr("private program (the compiler's const-eval)"));
  CliResult named =
      run_cli({"run", "const_eval.ttm", "--program-index", "0", "--device", "inproc"}, dir.path());
  ASSERT_EQ(named.exit_code, 0) << named.out << named.err;
  EXPECT_THAT(named.out, HasSubstr("1 program(s): 1 passed"));
}

// Both layouts, a TTNN binary, and a current-layout binary whose kernel
// argument names a buffer never created: the failure is reported with its
// command and kernel, the device is reopened, and the rest still pass.
TEST(RunCurrentLayoutTest, ADirectoryMixingBothLayoutsRunsInOneRun) {
  TempDir dir;
  fs::create_directories(dir / "binaries");
  const fs::path examples = fs::path(TESSERA_BINARY_DIR) / "examples";
  for (const char* name : {"eltwise_multiply_64x128.ttm", "eltwise_add_64x128.ttnn"}) {
    fs::copy_file(examples / name, dir / "binaries" / name);
  }
  write_file(dir / "binaries" / "a_copy.ttm", copy_binary(ramp(2.0f), ramp(2.0f)));
  {
    CurrentBuffer word, out;
    word.id = 1;
    word.kind = Kind::kL1Sharded;
    word.address = 0x40000;
    word.shape = {1, 4};
    word.type = tt::target::current::DataType::UInt32;
    out = word;
    out.id = 2;
    out.kind = Kind::kHost;
    out.address = 0;
    CurrentBinaryBuilder program;
    program.create_buffer(word);
    CurrentKernel kernel{R"(#include "api/dataflow/dataflow_api.h"
void kernel_main() {}
)"};
    kernel.symbol = "datamovement_kernel0";
    kernel.rt_args = {CurrentArg::buffer_address(0)};
    CurrentBuffer never_created = word;
    never_created.id = 77;
    CurrentArgRef ref;
    ref.buffer = never_created;
    program.program({kernel}, {ref});
    program.host_alloc(out);
    program.read(word, out);
    program.deallocate(word);
    program.returns({out});
    write_file(dir / "binaries" / "b_broken.ttm", program.build({}, {out}));
  }
  write_file(dir / "binaries" / "c_copy.ttm", copy_binary(ramp(3.0f), ramp(3.0f)));

  CliResult result = run_cli({"run", "binaries"}, dir.path());
  EXPECT_EQ(result.exit_code, 1) << result.out << result.err;
  EXPECT_THAT(result.out, HasSubstr("5 program(s): 4 passed, 0 failed, 1 error(s), 0 skipped"));
  EXPECT_THAT(result.err,
              HasSubstr("b_broken.ttm: program 0 'main': device program 0: queue 0 'main': "
                        "command 1 (EnqueueProgramCommand) at loc(\"test.mlir\":2): kernel 0 "
                        "'datamovement_kernel0': runtime arg 0 (KernelArgBufferAddress): buffer "
                        "77 is not a live device buffer"));
  EXPECT_THAT(result.out, ContainsRegex("PASS +binaries/c_copy\\.ttm "));
}

}  // namespace
}  // namespace tessera::testing
