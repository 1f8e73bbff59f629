// End-to-end: kernels' DPRINT lines reach the user as tt-metal's print
// server shows them ("<device>:(x=..,y=..):<RISC>: text"), selected by core
// and RISC with --dprint-cores / --dprint-riscvs or the TT_METAL_DPRINT_*
// variables, on stderr or in --dprint-file; and a failing kernel's last
// prints still arrive. On the isolated device and in-process.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <stdlib.h>

#include "../support/cli_runner.h"
#include "../support/metal_program_builder.h"

namespace tessera::testing {
namespace {

using ::testing::ContainsRegex;
using ::testing::HasSubstr;
using ::testing::Not;
using Kernel = MetalProgramBuilder::ProgramKernel;

// Kernels in the style of tt-metal's programming examples: a reader on
// NCRISC over two cores, a writer on BRISC, a compute kernel whose plain
// DPRINT every TRISC runs and whose DPRINT_MATH only the math TRISC does.
constexpr const char* kReader = R"(#include "dataflow_api.h"
#include "debug/dprint.h"

void kernel_main() {
  uint32_t x = get_absolute_logical_x();
  uint32_t y = get_absolute_logical_y();
  DPRINT << "reader at " << x << "," << y << ENDL();
}
)";
constexpr const char* kWriter = R"(#include "dataflow_api.h"
#include "debug/dprint.h"

void kernel_main() {
  DPRINT << "writer pages=" << 4 << " addr=" << HEX() << 0x1000u << DEC() << ENDL();
}
)";
constexpr const char* kCompute = R"(#include <cstdint>
#include "compute_kernel_api/common.h"
#include "debug/dprint.h"

namespace NAMESPACE {
void MAIN {
  DPRINT << "compute tiles " << 2 << ENDL();
  DPRINT_MATH(DPRINT << "math fidelity " << 4 << ENDL());
}
}  // namespace NAMESPACE
)";
// Prints, then reads an address no buffer covers.
constexpr const char* kFailing = R"(#include "dataflow_api.h"
#include "debug/dprint.h"

void kernel_main() {
  DPRINT << "before the bad read" << ENDL();
  noc_async_read(get_noc_addr(0x90000), 0x90000, 64);
  noc_async_read_barrier();
}
)";

std::vector<uint8_t> printing_binary() {
  MetalProgramBuilder program;
  // The baseline runtime's convention: Noc0 kernels are readers on NCRISC,
  // Noc1 kernels writers on BRISC.
  program.program(0, {{tt_metal::SourceType::Noc0, kReader, 0, 0, 1, 2},
                      {tt_metal::SourceType::Noc1, kWriter, 0, 0},
                      {tt_metal::SourceType::Tensix, kCompute, 1, 1}});
  program.finish(0);
  return program.build({}, {}, "printing");
}

std::vector<uint8_t> failing_binary() {
  MetalProgramBuilder program;
  program.program(0, {{tt_metal::SourceType::Noc1, kFailing, 0, 0}});
  program.finish(0);
  return program.build({}, {}, "failing");
}

class RunDprintTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    write_bytes(dir / "printing.ttm", printing_binary());
    write_bytes(dir / "failing.ttm", failing_binary());
  }
  CliResult run(std::vector<std::string> args) {
    args.insert(args.begin(), "run");
    args.insert(args.end(), {"--device", GetParam()});
    return run_cli(args, dir.path());
  }

  TempDir dir;
};

TEST_P(RunDprintTest, EveryCoreAndRiscPrintsWithThePrintServersPrefix) {
  CliResult result = run({"printing.ttm", "--dprint-cores", "all"});
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  EXPECT_THAT(result.err, HasSubstr("0:(x=0,y=0):NC: reader at 0,0\n"));
  EXPECT_THAT(result.err, HasSubstr("0:(x=1,y=0):NC: reader at 1,0\n"));
  EXPECT_THAT(result.err, HasSubstr("0:(x=0,y=0):BR: writer pages=4 addr=1000\n"));
  for (const char* trisc : {"TR0", "TR1", "TR2"}) {
    EXPECT_THAT(result.err, HasSubstr(std::string("0:(x=1,y=1):") + trisc + ": compute tiles 2\n"));
  }
  EXPECT_THAT(result.err, HasSubstr("0:(x=1,y=1):TR1: math fidelity 4\n"));
  EXPECT_THAT(result.err, Not(HasSubstr("TR0: math fidelity")));
  EXPECT_THAT(result.err, Not(HasSubstr("TR2: math fidelity")));
}

TEST_P(RunDprintTest, CoresAndRiscsSelectLines) {
  CliResult one_core = run({"printing.ttm", "--dprint-cores", "1,0"});
  ASSERT_EQ(one_core.exit_code, 0) << one_core.err;
  EXPECT_THAT(one_core.err, HasSubstr("0:(x=1,y=0):NC: reader at 1,0"));
  EXPECT_THAT(one_core.err, Not(HasSubstr("(x=0,y=0)")));
  EXPECT_THAT(one_core.err, Not(HasSubstr("(x=1,y=1)")));

  CliResult range = run({"printing.ttm", "--dprint-cores", "(0,0)-(1,0)", "--dprint-riscvs", "BR"});
  ASSERT_EQ(range.exit_code, 0) << range.err;
  EXPECT_THAT(range.err, HasSubstr("0:(x=0,y=0):BR: writer"));
  EXPECT_THAT(range.err, Not(HasSubstr(":NC:")));

  CliResult math = run({"printing.ttm", "--dprint-cores", "(1,1)", "--dprint-riscvs", "TR1"});
  ASSERT_EQ(math.exit_code, 0) << math.err;
  EXPECT_THAT(math.err, HasSubstr("0:(x=1,y=1):TR1: compute tiles 2"));
  EXPECT_THAT(math.err, HasSubstr("0:(x=1,y=1):TR1: math fidelity 4"));
  EXPECT_THAT(math.err, Not(HasSubstr(":TR0:")));
  EXPECT_THAT(math.err, Not(HasSubstr(":TR2:")));
}

TEST_P(RunDprintTest, OffUnlessAskedAndTheVariablesWorkAsOnTtMetal) {
  CliResult off = run({"printing.ttm"});
  ASSERT_EQ(off.exit_code, 0) << off.err;
  EXPECT_THAT(off.err, Not(HasSubstr("reader at")));

  setenv("TT_METAL_DPRINT_CORES", "0,0", 1);
  setenv("TT_METAL_DPRINT_RISCVS", "NC", 1);
  CliResult from_env = run({"printing.ttm"});
  unsetenv("TT_METAL_DPRINT_CORES");
  unsetenv("TT_METAL_DPRINT_RISCVS");
  ASSERT_EQ(from_env.exit_code, 0) << from_env.err;
  EXPECT_THAT(from_env.err, HasSubstr("0:(x=0,y=0):NC: reader at 0,0"));
  EXPECT_THAT(from_env.err, Not(HasSubstr("reader at 1,0")));
  EXPECT_THAT(from_env.err, Not(HasSubstr(":BR:")));
}

TEST_P(RunDprintTest, AFileTakesTheLinesInsteadOfStderr) {
  CliResult result = run({"printing.ttm", "--dprint-file", "dprint.log"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_THAT(result.err, Not(HasSubstr("reader at")));
  const std::string log = read_text_file(dir / "dprint.log");
  EXPECT_THAT(log, HasSubstr("0:(x=0,y=0):NC: reader at 0,0\n"));
  EXPECT_THAT(log, HasSubstr("0:(x=1,y=1):TR2: compute tiles 2\n"));
}

TEST_P(RunDprintTest, AFailingKernelsLastLinesStillArrive) {
  CliResult result = run({"failing.ttm", "printing.ttm", "--dprint-cores", "all"});
  EXPECT_EQ(result.exit_code, 1) << result.out << result.err;
  EXPECT_THAT(result.err, HasSubstr("0:(x=0,y=0):BR: before the bad read\n"));
  EXPECT_THAT(result.err, HasSubstr("0x90000"));
  // The device keeps printing for the next binary.
  EXPECT_THAT(result.err, HasSubstr("0:(x=1,y=0):NC: reader at 1,0"));
  EXPECT_THAT(result.out, ContainsRegex("PASS +printing\\.ttm "));
}

TEST_P(RunDprintTest, BadSelectionsAreUsageErrors) {
  CliResult cores = run({"printing.ttm", "--dprint-cores", "(1,2"});
  EXPECT_EQ(cores.exit_code, 2);
  EXPECT_THAT(cores.err, HasSubstr("--dprint-cores"));
  EXPECT_THAT(cores.err, HasSubstr("(1,2"));

  CliResult riscs = run({"printing.ttm", "--dprint-cores", "all", "--dprint-riscvs", "BR,XX"});
  EXPECT_EQ(riscs.exit_code, 2);
  EXPECT_THAT(riscs.err, HasSubstr("'XX' is not a RISC"));

  CliResult collide = run({"printing.ttm", "--dprint-file", "r.json", "--result-file", "r.json"});
  EXPECT_EQ(collide.exit_code, 2);
  EXPECT_THAT(collide.err, HasSubstr("--dprint-file"));
}

INSTANTIATE_TEST_SUITE_P(Devices, RunDprintTest, ::testing::Values("isolated", "inproc"));

}  // namespace
}  // namespace tessera::testing
