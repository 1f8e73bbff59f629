// DPRINT through the runtime API: the print server's selections parse as on
// tt-metal (and bad ones say why), lines are formatted with its prefix, and a
// submit hands each selected line to the sink with its core and RISC, on
// both device kinds.
#include "tessera/runtime/dprint.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <mutex>

#include "../support/metal_program_builder.h"
#include "tessera/runtime/submit.h"

namespace tessera::runtime {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::UnorderedElementsAre;

TEST(DprintSelectionTest, CoreSpecsOfThePrintServer) {
  EXPECT_TRUE(parse_dprint_cores("all")->empty());
  auto one = parse_dprint_cores("1,2");
  ASSERT_TRUE(one.ok()) << one.error().describe();
  ASSERT_EQ(one->size(), 1u);
  EXPECT_EQ((*one)[0].x0, 1u);
  EXPECT_EQ((*one)[0].y1, 2u);
  auto list = parse_dprint_cores("(0,0),(3,4)");
  ASSERT_TRUE(list.ok()) << list.error().describe();
  EXPECT_EQ(list->size(), 2u);
  auto range = parse_dprint_cores("(2,3)-(0,1)");
  ASSERT_TRUE(range.ok()) << range.error().describe();
  ASSERT_EQ(range->size(), 1u);
  EXPECT_EQ((*range)[0].x0, 0u);
  EXPECT_EQ((*range)[0].y0, 1u);
  EXPECT_EQ((*range)[0].x1, 2u);
  EXPECT_EQ((*range)[0].y1, 3u);
  for (const char* bad : {"", "1", "(1,2", "(1,2)-", "(a,b)", "(1,2);(3,4)", "-1,2"}) {
    auto parsed = parse_dprint_cores(bad);
    ASSERT_FALSE(parsed.ok()) << bad;
    EXPECT_THAT(parsed.error().describe(), HasSubstr("DPRINT core selection")) << bad;
  }
}

TEST(DprintSelectionTest, RiscSpecsAndSelection) {
  auto riscs = parse_dprint_riscs("BR,TR2");
  ASSERT_TRUE(riscs.ok());
  EXPECT_THAT(*riscs, ElementsAre(DprintRisc::kBR, DprintRisc::kTR2));
  EXPECT_TRUE(parse_dprint_riscs("all")->empty());
  EXPECT_THAT(parse_dprint_riscs("BR,ER").error().describe(), HasSubstr("'ER' is not a RISC"));

  DprintOptions options;
  options.cores = *parse_dprint_cores("(1,1)-(2,2)");
  options.riscs = *riscs;
  EXPECT_TRUE(dprint_selects(options, 2, 1, DprintRisc::kBR));
  EXPECT_FALSE(dprint_selects(options, 0, 1, DprintRisc::kBR));
  EXPECT_FALSE(dprint_selects(options, 1, 1, DprintRisc::kNC));
  EXPECT_TRUE(dprint_selects(DprintOptions{}, 9, 9, DprintRisc::kTR0));
}

TEST(DprintSelectionTest, LinesCarryThePrintServersPrefix) {
  DprintLine line{3, 1, 2, DprintRisc::kTR1, "compute.cpp", "value 7"};
  EXPECT_EQ(format_dprint_line(line), "3:(x=1,y=2):TR1: value 7");
}

// A reader on two cores and a compute kernel on a third, as in tt-metal's
// examples; the compute kernel's DPRINT_PACK comes from TRISC2 only.
std::vector<uint8_t> printing_binary() {
  testing::MetalProgramBuilder program;
  program.program(0, {{testing::tt_metal::SourceType::Noc0,
                       "#include \"dataflow_api.h\"\n#include \"debug/dprint.h\"\n"
                       "void kernel_main() { DPRINT << \"id \" << get_absolute_logical_x() << "
                       "ENDL(); }\n",
                       0, 0, 1, 2},
                      {testing::tt_metal::SourceType::Tensix,
                       "#include \"compute_kernel_api/common.h\"\n#include \"debug/dprint.h\"\n"
                       "namespace NAMESPACE { void MAIN { DPRINT_PACK(DPRINT << \"packed\" << "
                       "ENDL()); } }\n",
                       1, 0}});
  program.finish(0);
  return program.build({}, {}, "printing");
}

class DprintSubmitTest : public ::testing::TestWithParam<DeviceIsolation> {};

TEST_P(DprintSubmitTest, TheSinkGetsSelectedLinesWithCoreAndRisc) {
  if (GetParam() == DeviceIsolation::kIsolated && !isolated_devices_unavailable_reason().empty()) {
    GTEST_SKIP() << isolated_devices_unavailable_reason();
  }
  DeviceOptions device_options;
  device_options.isolation = GetParam();
  auto device = open_device(device_options);
  ASSERT_TRUE(device.ok()) << device.error().describe();
  const std::vector<uint8_t> bytes = printing_binary();
  auto binary = Binary::load_memory(bytes, "printing.ttm");
  ASSERT_TRUE(binary.ok()) << binary.error().describe();

  std::mutex mutex;
  std::vector<std::string> lines;
  SubmitOptions options;
  options.dprint.sink = [&](const DprintLine& line) {
    std::lock_guard lock(mutex);
    lines.push_back(format_dprint_line(line) + " [" + line.kernel + "]");
  };
  ASSERT_TRUE(submit(*device, *binary, 0, {}, options).ok());
  EXPECT_THAT(lines, UnorderedElementsAre("0:(x=0,y=0):NC: id 0 [cq0_program_reader0]",
                                          "0:(x=1,y=0):NC: id 1 [cq0_program_reader0]",
                                          "0:(x=0,y=1):TR2: packed [cq0_program_compute1]"));

  lines.clear();
  options.dprint.cores = *parse_dprint_cores("(1,0)");
  ASSERT_TRUE(submit(*device, *binary, 0, {}, options).ok());
  EXPECT_THAT(lines, ElementsAre("0:(x=1,y=0):NC: id 1 [cq0_program_reader0]"));

  lines.clear();
  ASSERT_TRUE(submit(*device, *binary, 0, {}).ok());  // no sink: off
  EXPECT_TRUE(lines.empty());
  ASSERT_TRUE(close_device(*device).ok());
}

INSTANTIATE_TEST_SUITE_P(Devices, DprintSubmitTest,
                         ::testing::Values(DeviceIsolation::kInProcess,
                                           DeviceIsolation::kIsolated));

}  // namespace
}  // namespace tessera::runtime
