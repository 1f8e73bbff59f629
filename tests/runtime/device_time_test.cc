// Device time through the runtime API (SubmitOptions::collect_device_time):
// off by default; per EnqueueProgram of a TTM0 submit with its kernels; per
// op of a TTNN submit, estimated; and the same figures from the isolated
// device (computed in the device process, sent back in the reply) as from
// the in-process one, device profiler zones included.
#include <gtest/gtest.h>

#include "../support/zoned_conformance_add.h"
#include "tessera/format/json.h"
#include "tessera/runtime/submit.h"

namespace tessera::runtime {
namespace {

DeviceOptions options_for(DeviceIsolation isolation, uint32_t id) {
  DeviceOptions options;
  options.device_ids = {id};
  options.isolation = isolation;
  return options;
}

std::vector<Tensor> zero_inputs(const Binary& binary) {
  std::vector<Tensor> inputs;
  auto infos = binary.program_inputs(0);
  EXPECT_TRUE(infos.ok());
  for (size_t i = 0; infos.ok() && i < infos->size(); ++i) {
    std::vector<uint8_t> zeros((*infos)[i].size_bytes);
    inputs.push_back(*Tensor::create_from_bytes((*infos)[i], zeros, binary.runtime()));
  }
  return inputs;
}

Binary example(const char* name) {
  auto binary = Binary::load(std::string(TESSERA_BINARY_DIR) + "/examples/" + name);
  EXPECT_TRUE(binary.ok()) << binary.error().describe();
  return *binary;
}

std::vector<ProgramDeviceTime> device_time_of(const Device& device, const Binary& binary,
                                              bool collect = true) {
  SubmitOptions options;
  options.collect_device_time = collect;
  auto result = submit(device, binary, 0, zero_inputs(binary), options);
  EXPECT_TRUE(result.ok()) << result.error().describe();
  return result.ok() ? result->device_time : std::vector<ProgramDeviceTime>{};
}

// Equal figures, kernel by kernel.
void expect_same(const std::vector<ProgramDeviceTime>& a, const std::vector<ProgramDeviceTime>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].name, b[i].name);
    EXPECT_EQ(a[i].device_cycles, b[i].device_cycles) << a[i].name;
    EXPECT_EQ(a[i].kernel_cycles, b[i].kernel_cycles) << a[i].name;
    ASSERT_EQ(a[i].kernels.size(), b[i].kernels.size());
    for (size_t k = 0; k < a[i].kernels.size(); ++k) {
      EXPECT_EQ(a[i].kernels[k].kernel, b[i].kernels[k].kernel);
      EXPECT_EQ(a[i].kernels[k].risc, b[i].kernels[k].risc);
      EXPECT_EQ(a[i].kernels[k].end_cycle, b[i].kernels[k].end_cycle);
    }
  }
}

TEST(DeviceTimeTest, OffByDefault) {
  auto device = open_device(options_for(DeviceIsolation::kInProcess, 0));
  ASSERT_TRUE(device.ok());
  EXPECT_TRUE(device_time_of(*device, example("matmul_multicast_2x2.ttm"), false).empty());
  EXPECT_TRUE(close_device(*device).ok());
}

TEST(DeviceTimeTest, EveryProgramOfATtm0SubmitWithItsKernels) {
  auto device = open_device(options_for(DeviceIsolation::kInProcess, 0));
  ASSERT_TRUE(device.ok());
  // Inputs and outputs at the compiler's addresses, created by the runtime.
  auto times = device_time_of(*device, example("eltwise_multiply_64x128_device_io.ttm"));
  ASSERT_FALSE(times.empty());
  for (const ProgramDeviceTime& time : times) {
    EXPECT_EQ(time.category, "command");
    EXPECT_FALSE(time.estimated);
    EXPECT_EQ(time.arch, "wormhole_b0");
    EXPECT_DOUBLE_EQ(time.ai_clock_mhz, 1000);
    EXPECT_GT(time.kernel_cycles, 0);
    EXPECT_NEAR(time.kernel_ns, double(time.kernel_cycles), 1e-6);  // 1 GHz
    EXPECT_GT(time.cores, 0u);
    EXPECT_FALSE(time.kernels.empty());
    for (const KernelDeviceTime& kernel : time.kernels) {
      EXPECT_TRUE(kernel.risc == "BRISC" || kernel.risc == "NCRISC" || kernel.risc == "TRISC");
      EXPECT_LE(kernel.end_cycle, time.device_cycles);
    }
  }
  EXPECT_TRUE(close_device(*device).ok());
}

TEST(DeviceTimeTest, TtnnOpsAreEstimatedFromTheirShapes) {
  auto device = open_device(options_for(DeviceIsolation::kInProcess, 0));
  ASSERT_TRUE(device.ok());
  auto add = device_time_of(*device, example("eltwise_add_64x128.ttnn"));
  bool saw_add = false;
  for (const ProgramDeviceTime& time : add) {
    EXPECT_EQ(time.category, "op");
    EXPECT_TRUE(time.estimated);
    EXPECT_TRUE(time.kernels.empty());
    EXPECT_NE(time.name, "DeallocateOp");  // runs no kernels
    if (time.name == "EltwiseOp Add") {
      saw_add = true;
      EXPECT_EQ(time.cores, 8u);  // 64 x 128: 8 tiles, one per core
    }
  }
  EXPECT_TRUE(saw_add);
  EXPECT_TRUE(close_device(*device).ok());
}

// A reshard moves data without math; host transfers run no program; a
// reduction's math is every input tile's. The example reduces a 64 x 128
// L1 tensor (8 tiles) to 2 tiles: 8 x reduce_tile_cycles (4) x 4 HiFi4
// phases = 128 cycles over 2 cores.
TEST(DeviceTimeTest, DataMovementOpsDoNoMathAndReductionsReduceEveryInputTile) {
  auto device = open_device(options_for(DeviceIsolation::kInProcess, 0));
  ASSERT_TRUE(device.ok());
  int reshards = 0, sums = 0;
  for (const ProgramDeviceTime& time :
       device_time_of(*device, example("reduce_rows_64x128.ttnn"))) {
    EXPECT_NE(time.name, "ToDeviceOp");
    EXPECT_NE(time.name, "FromDeviceOp");
    EXPECT_NE(time.name, "EmptyOp");
    if (time.name == "ToMemoryConfigOp") {
      ++reshards;
      EXPECT_EQ(time.math_utilisation, 0);
      EXPECT_EQ(time.math_ns, 0);
      EXPECT_GT(time.kernel_cycles, 0);
      EXPECT_NE(time.bound, "compute-bound");
    }
    if (time.name == "ReductionOp Sum") {
      ++sums;
      EXPECT_EQ(time.cores, 2u);
      EXPECT_EQ(time.kernel_cycles, 64);
    }
  }
  EXPECT_GT(reshards, 0);
  EXPECT_EQ(sums, 1);
  EXPECT_TRUE(close_device(*device).ok());
}

TEST(DeviceTimeTest, TheIsolatedDeviceGivesTheSameFiguresAsInProcess) {
  if (std::string why = isolated_devices_unavailable_reason(); !why.empty()) GTEST_SKIP() << why;
  auto isolated = open_device(options_for(DeviceIsolation::kIsolated, 0));
  ASSERT_TRUE(isolated.ok()) << isolated.error().describe();
  auto in_process = open_device(options_for(DeviceIsolation::kInProcess, 1));
  ASSERT_TRUE(in_process.ok());
  // TTM0 only: TTNN ops are estimated on the host whatever the device.
  for (const char* name : {"matmul_multicast_2x2.ttm", "eltwise_multiply_64x128_device_io.ttm",
                           "matmul_64x128x96.ttm"}) {
    SCOPED_TRACE(name);
    const Binary binary = example(name);
    auto want = device_time_of(*in_process, binary);
    ASSERT_FALSE(want.empty());
    expect_same(device_time_of(*isolated, binary), want);
    expect_same(device_time_of(*isolated, binary), want);  // and on every run
  }
  EXPECT_TRUE(close_device(*isolated).ok());
  EXPECT_TRUE(close_device(*in_process).ok());
}

TEST(DeviceTimeTest, AKernelsProfilerZonesComeBackFromEitherDevice) {
  auto bytes = format::json_to_binary(testing::zoned_add_l1_json(), format::BinaryKind::kMetal);
  ASSERT_TRUE(bytes.ok()) << bytes.error().describe();
  auto binary = Binary::load_memory(*bytes, "add_zoned.ttm");
  ASSERT_TRUE(binary.ok()) << binary.error().describe();
  auto in_process = open_device(options_for(DeviceIsolation::kInProcess, 0));
  ASSERT_TRUE(in_process.ok());
  const std::vector<ProgramDeviceTime> times = device_time_of(*in_process, *binary);
  ASSERT_EQ(times.size(), 1u);
  std::vector<ZoneDeviceTime> zones;
  for (const KernelDeviceTime& kernel : times[0].kernels) {
    if (kernel.zones.empty()) continue;
    EXPECT_EQ(kernel.risc, "TRISC");
    zones = kernel.zones;
    ASSERT_EQ(zones.size(), 1u);
    EXPECT_EQ(zones[0].name, testing::kAddZone);
    EXPECT_EQ(zones[0].depth, 0u);
    EXPECT_GE(zones[0].start_cycle, kernel.start_cycle);
    EXPECT_GT(zones[0].end_cycle, zones[0].start_cycle);
    EXPECT_LE(zones[0].end_cycle, kernel.end_cycle);
  }
  ASSERT_EQ(zones.size(), 1u);
  // Without device time the zone costs nothing and reports nothing.
  EXPECT_TRUE(device_time_of(*in_process, *binary, /*collect=*/false).empty());
  EXPECT_TRUE(close_device(*in_process).ok());

  if (std::string why = isolated_devices_unavailable_reason(); !why.empty()) GTEST_SKIP() << why;
  auto isolated = open_device(options_for(DeviceIsolation::kIsolated, 1));
  ASSERT_TRUE(isolated.ok()) << isolated.error().describe();
  const std::vector<ProgramDeviceTime> isolated_times = device_time_of(*isolated, *binary);
  expect_same(isolated_times, times);
  for (const ProgramDeviceTime& program : isolated_times) {
    for (const KernelDeviceTime& kernel : program.kernels) {
      if (kernel.zones.empty()) continue;
      ASSERT_EQ(kernel.zones.size(), 1u);
      EXPECT_EQ(kernel.zones[0].name, zones[0].name);
      EXPECT_EQ(kernel.zones[0].start_cycle, zones[0].start_cycle);
      EXPECT_EQ(kernel.zones[0].end_cycle, zones[0].end_cycle);
    }
  }
  EXPECT_TRUE(close_device(*isolated).ok());
}

}  // namespace
}  // namespace tessera::runtime
