// A set of open simulated devices that both runtimes share: TTNN and TTMetal
// binaries interleave freely on one open device.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "tessera/base/status.h"
#include "tessera/runtime/arch.h"

namespace tessera::runtime {

// Where a device runs TTM0 kernels: in the calling process (kernels share its
// address space; for trusted binaries and debugging) or in a sandboxed
// `tessera-device` process per chip that no kernel can reach past.
enum class DeviceIsolation { kInProcess, kIsolated };

struct DeviceOptions {
  std::vector<uint32_t> device_ids = {0};
  uint32_t num_hw_command_queues = 1;
  Arch arch = Arch::kWormholeB0;
  // The default suits embedding and debugging; the CLI uses kIsolated.
  DeviceIsolation isolation = DeviceIsolation::kInProcess;
  // A TTM0 kernel that runs this long without waiting (on a CB, semaphore
  // or NoC barrier) or finishing is stopped, and its program fails as
  // stalled, naming the kernel and core. 0: never stopped (for debugging).
  std::chrono::milliseconds kernel_stall_limit{30'000};
};

class Device {
 public:
  Device() = default;
  bool valid() const { return state_ != nullptr; }

  uint32_t num_devices() const;

 private:
  friend struct DeviceAccess;  // internal: the chips behind the handle
  friend Result<std::vector<std::string>> close_device(Device& device);
  struct State;
  explicit Device(std::shared_ptr<State> state) : state_(std::move(state)) {}

  std::shared_ptr<State> state_;
};

Result<Device> open_device(const DeviceOptions& options);
// Why this host cannot run isolated devices (its kernel lacks Landlock or
// seccomp filters), or "" when it can.
std::string isolated_devices_unavailable_reason();

// Closes every chip; returns one line per buffer that was still live (and
// has now been freed). Closing twice is an error.
Result<std::vector<std::string>> close_device(Device& device);

}  // namespace tessera::runtime
