// A set of open simulated devices that both runtimes share: TTNN and TTMetal
// binaries interleave freely on one open device.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tessera/base/status.h"
#include "tessera/metal/device.h"
#include "tessera/sim/arch/arch.h"

namespace tessera::runtime {

struct DeviceOptions {
  std::vector<uint32_t> device_ids = {0};
  uint32_t num_hw_command_queues = 1;
  sim::Arch arch = sim::Arch::kWormholeB0;
  // Overrides `arch`: chip i gets the system descriptor's chip i.
  std::optional<std::vector<sim::ChipDescriptor>> chips;
  // Where TTM0 kernels run: in this process (the default for embedding and
  // debugging) or in a sandboxed device process per chip (what the CLI
  // uses), which no kernel can reach past.
  metal::DeviceIsolation isolation = metal::DeviceIsolation::kInProcess;
};

class Device {
 public:
  Device() = default;
  bool valid() const { return state_ != nullptr; }

  uint32_t num_devices() const;
  // Device i of the set (in DeviceOptions::device_ids order), if open.
  Result<metal::Device*> device(uint32_t index) const;

 private:
  friend Result<Device> open_device(const DeviceOptions& options);
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
