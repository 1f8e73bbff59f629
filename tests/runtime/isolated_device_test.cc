// The isolated device through the runtime API: the same binaries give the
// same bytes as in-process, and when its device process is killed from
// outside mid-run, that submit fails naming the kernel and the next submit
// on the same device runs on a new process, with buffers the host made
// before the loss still holding their bytes.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <thread>

#include "../support/example_binaries.h"
#include "../support/metal_program_builder.h"
#include "../support/proc_stat.h"
#include "tessera/runtime/internal/device_access.h"
#include "tessera/runtime/submit.h"

namespace tessera::runtime {
namespace {

using ::testing::HasSubstr;

// Options of a device `id` with `isolation`.
DeviceOptions options_for(DeviceIsolation isolation, uint32_t id = 0) {
  DeviceOptions options;
  options.device_ids = {id};
  options.isolation = isolation;
  return options;
}

Tensor float_input(const TensorInfo& info, float scale) {
  std::vector<float> data(info.size_bytes / sizeof(float));
  for (size_t i = 0; i < data.size(); ++i) data[i] = scale * static_cast<float>(i % 37) - 3.0f;
  std::span<const uint8_t> bytes(reinterpret_cast<const uint8_t*>(data.data()),
                                 data.size() * sizeof(float));
  return *Tensor::create_from_bytes(info, bytes, Runtime::kTtmetal);
}

// Every output of program 0 of `binary`, run on `device` with fixed inputs.
std::vector<std::vector<uint8_t>> outputs_of(Device& device, const Binary& binary) {
  auto infos = binary.program_inputs(0);
  EXPECT_TRUE(infos.ok());
  std::vector<Tensor> inputs;
  for (size_t i = 0; infos.ok() && i < infos->size(); ++i) {
    inputs.push_back(float_input((*infos)[i], 0.5f + static_cast<float>(i)));
  }
  auto result = submit(device, binary, 0, inputs);
  EXPECT_TRUE(result.ok()) << binary.name() << ": " << result.error().describe();
  std::vector<std::vector<uint8_t>> outputs;
  if (!result.ok()) return outputs;
  for (const Tensor& output : result->outputs) {
    outputs.emplace_back(output.bytes().begin(), output.bytes().end());
  }
  return outputs;
}

// CPU time a process has used (utime + stime), or -1 if it cannot be read.
double cpu_seconds(pid_t pid) {
  const auto utime = tessera::testing::proc_stat_field(pid, 14);
  const auto stime = tessera::testing::proc_stat_field(pid, 15);
  if (!utime || !stime) return -1;
  return static_cast<double>(*utime + *stime) / static_cast<double>(sysconf(_SC_CLK_TCK));
}

class IsolatedDeviceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (std::string why = isolated_devices_unavailable_reason(); !why.empty()) GTEST_SKIP() << why;
  }
};

TEST_F(IsolatedDeviceTest, BinariesGiveTheSameBytesAsInProcess) {
  auto isolated = open_device(options_for(DeviceIsolation::kIsolated));
  ASSERT_TRUE(isolated.ok()) << isolated.error().describe();
  auto in_process = open_device(options_for(DeviceIsolation::kInProcess, 1));
  ASSERT_TRUE(in_process.ok()) << in_process.error().describe();
  auto chip = metal_device(*isolated, 0);
  ASSERT_TRUE(chip.ok());
  ASSERT_NE((*chip)->device_process(), nullptr);
  // The example suite's kernels: eltwise, matmul (one core and multicast),
  // layouts, both I/O conventions.
  for (const char* name :
       {"eltwise_multiply_64x128.ttm", "eltwise_multiply_64x128_device_io.ttm",
        "matmul_64x128x96.ttm", "matmul_multicast_2x2.ttm", "reblock_2x3x64x128.ttm"}) {
    auto binary = Binary::load(std::string(TESSERA_BINARY_DIR) + "/examples/" + name);
    ASSERT_TRUE(binary.ok()) << binary.error().describe();
    auto want = outputs_of(*in_process, *binary);
    auto got = outputs_of(*isolated, *binary);
    ASSERT_FALSE(want.empty()) << name;
    EXPECT_EQ(got, want) << name;
  }
  EXPECT_EQ((*chip)->device_process()->restarts(), 0u);
  EXPECT_TRUE(close_device(*isolated).ok());
  EXPECT_TRUE(close_device(*in_process).ok());
}

TEST_F(IsolatedDeviceTest, AKilledDeviceProcessFailsItsSubmitAndTheNextOneRuns) {
  auto opened = open_device(options_for(DeviceIsolation::kIsolated));
  ASSERT_TRUE(opened.ok()) << opened.error().describe();
  Device device = *opened;
  auto chip = metal_device(device, 0);
  ASSERT_TRUE(chip.ok());
  sim::DeviceProcess* process = (*chip)->device_process();
  ASSERT_NE(process, nullptr);

  testing::MetalProgramBuilder spinner;
  spinner.reader_program(0, R"(
#include "dataflow_api.h"
void kernel_main() { for (volatile uint32_t i = 0;; i = i + 1) {} }
)",
                         1, 2);
  spinner.finish(0);
  auto spin = Binary::load_memory(spinner.build({}, {}, "spin"), "spin.ttm");
  ASSERT_TRUE(spin.ok()) << spin.error().describe();

  // Killed once its kernel has spun for a while, as a user or the
  // out-of-memory killer would.
  const pid_t first_pid = process->pid();
  std::thread killer([first_pid] {
    for (int tries = 0; tries < 600 && cpu_seconds(first_pid) < 0.3; ++tries) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    kill(first_pid, SIGKILL);
  });
  auto failed = submit(device, *spin, 0, {});
  killer.join();
  ASSERT_FALSE(failed.ok());
  const std::string message = failed.error().describe();
  EXPECT_THAT(message, HasSubstr("the device process was killed by signal 9"));
  EXPECT_THAT(message, HasSubstr("spin.ttm: program 0 'spin'"));
  EXPECT_THAT(message, HasSubstr("running then: kernel 'cq0_program_reader0' on core (2,1)"));

  auto binary = Binary::load_memory(
      testing::example_binary("eltwise_multiply.ttm.json", format::BinaryKind::kMetal),
      "eltwise_multiply.ttm");
  ASSERT_TRUE(binary.ok());
  auto in_process = open_device(options_for(DeviceIsolation::kInProcess, 1));
  ASSERT_TRUE(in_process.ok());
  EXPECT_EQ(outputs_of(device, *binary), outputs_of(*in_process, *binary));
  EXPECT_EQ(process->restarts(), 1u);
  EXPECT_NE(process->pid(), first_pid);
  EXPECT_TRUE(close_device(*in_process).ok());
  auto closed = close_device(device);
  ASSERT_TRUE(closed.ok());
  EXPECT_TRUE(closed->empty());
}

}  // namespace
}  // namespace tessera::runtime
