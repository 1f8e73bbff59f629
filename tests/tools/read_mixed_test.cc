// End-to-end: `tessera read DIR --section S` on a directory of mixed kinds
// applies the section where it means something and notes where it does not.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "../support/cli_runner.h"

namespace tessera::testing {
namespace {

using ::testing::HasSubstr;
using Json = nlohmann::json;

// The JSON objects `read` printed one after another.
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

class ReadMixedTest : public ::testing::Test {
 protected:
  void SetUp() override {
    write_bytes(dir / "a.ttm",
                example_binary("eltwise_multiply.ttm.json", format::BinaryKind::kMetal));
    write_bytes(dir / "b.ttnn", example_binary("eltwise_add.ttnn.json", format::BinaryKind::kTtnn));
    write_bytes(dir / "c.ttsys",
                example_binary("system_desc_wormhole_b0.json", format::BinaryKind::kSystemDesc));
  }
  TempDir dir;
};

TEST_F(ReadMixedTest, KernelsApplyToTtm0AndTheRestAreNoted) {
  CliResult result = run_cli({"read", dir.path().string(), "--section", "kernels"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  std::vector<Json> read = objects(result.out);
  ASSERT_EQ(read.size(), 3u);
  EXPECT_FALSE(read[0]["kernels"].empty());
  EXPECT_THAT(read[1]["note"].get<std::string>(), HasSubstr("applies to TTMetal (TTM0)"));
  EXPECT_EQ(read[1]["kind"], "TTNN");
  EXPECT_THAT(read[2]["note"].get<std::string>(), HasSubstr("applies to TTMetal (TTM0)"));
  EXPECT_THAT(result.err, HasSubstr("note: " + (dir / "b.ttnn").string()));
}

TEST_F(ReadMixedTest, ProgramSectionsSkipSystemDescriptors) {
  for (const char* section : {"programs", "inputs", "outputs"}) {
    CliResult result = run_cli({"read", dir.path().string(), "--section", section});
    ASSERT_EQ(result.exit_code, 0) << section << result.err;
    std::vector<Json> read = objects(result.out);
    ASSERT_EQ(read.size(), 3u);
    EXPECT_TRUE(read[0].contains(section)) << section;
    EXPECT_TRUE(read[1].contains(section)) << section;
    EXPECT_THAT(read[2]["note"].get<std::string>(), HasSubstr("a system descriptor has none"));
  }
  // Sections every kind has still apply to all.
  std::vector<Json> versions =
      objects(run_cli({"read", dir.path().string(), "--section", "version"}).out);
  ASSERT_EQ(versions.size(), 3u);
  for (const Json& object : versions) EXPECT_TRUE(object.contains("version"));
}

TEST_F(ReadMixedTest, OpsIsOneLinePerOpOrCommand) {
  CliResult result = run_cli({"read", dir.path().string(), "--section", "ops"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const std::string a = (dir / "a.ttm").string(), b = (dir / "b.ttnn").string();
  // The TTNN add names both operands and its output with shape, type and memory.
  EXPECT_THAT(result.out,
              HasSubstr(b + ": program 0 op 3 EltwiseOp Add: ins[0]=t3 32x32 Float32 DeviceDRAM, "
                            "ins[1]=t4 32x32 Float32 DeviceDRAM, out=t5 32x32 Float32 "
                            "DeviceDRAM"));
  // The TTM0 program command names its kernels and core ranges.
  EXPECT_THAT(result.out, HasSubstr(a + ": program 0 device_program 0 queue 0 command 8 "
                                        "EnqueueProgramCommand: "));
  EXPECT_THAT(result.out, HasSubstr("kernel 0 KernelSource Noc0 on (0,0)+1x1 (3 CBs)"));
  EXPECT_THAT(result.out, HasSubstr("command 3 EnqueueWriteBufferCommand: src=t1 32x32 Float32 "
                                    "System, dst=t1 32x32 Float32 DeviceL1 @0x40000"));
  EXPECT_THAT(result.err, HasSubstr("note: " + (dir / "c.ttsys").string()));
  size_t lines = 0;
  for (char c : result.out) lines += c == '\n';
  EXPECT_EQ(lines, 6u + 17u);  // six TTNN ops, seventeen TTM0 commands
}

}  // namespace
}  // namespace tessera::testing
