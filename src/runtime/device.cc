#include "tessera/runtime/device.h"

#include <mutex>

#include "api_boundary.h"
#include "tessera/runtime/internal/device_access.h"
#include "tessera/sim/isolation/sandbox.h"

namespace tessera::runtime {

struct Device::State {
  std::mutex mutex;
  std::vector<std::unique_ptr<metal::Device>> devices;  // empty once closed
};

uint32_t Device::num_devices() const {
  if (!state_) return 0;
  std::lock_guard lock(state_->mutex);
  return static_cast<uint32_t>(state_->devices.size());
}

Result<metal::Device*> DeviceAccess::metal_device(const Device& device, uint32_t index) {
  const auto& state = device.state_;
  if (!state) return make_error(ErrorCode::kFailedPrecondition, "device handle is not open");
  std::lock_guard lock(state->mutex);
  if (state->devices.empty()) {
    return make_error(ErrorCode::kFailedPrecondition, "device has been closed");
  }
  if (index >= state->devices.size()) {
    return make_error(ErrorCode::kOutOfRange, "device index ", index,
                      " out of range: ", state->devices.size(), " device(s) open");
  }
  return state->devices[index].get();
}

metal::DeviceIsolation to_metal_isolation(DeviceIsolation isolation) {
  return isolation == DeviceIsolation::kIsolated ? metal::DeviceIsolation::kIsolated
                                                 : metal::DeviceIsolation::kInProcess;
}

// Device i on chips[i], or on the built-in descriptor of options.arch when
// `chips` is empty.
Result<Device> DeviceAccess::open(const DeviceOptions& options,
                                  std::span<const sim::ChipDescriptor> chips) {
  if (options.device_ids.empty()) {
    return make_error(ErrorCode::kInvalidArgument, "open_device: no device ids given");
  }
  if (!chips.empty() && chips.size() < options.device_ids.size()) {
    return make_error(ErrorCode::kInvalidArgument, "open_device: ", options.device_ids.size(),
                      " device ids but the system descriptor has ", chips.size(), " chip(s)");
  }
  if (options.kernel_stall_limit.count() < 0) {
    return make_error(ErrorCode::kInvalidArgument, "open_device: kernel_stall_limit is ",
                      options.kernel_stall_limit.count(), " ms; it must be 0 (off) or positive");
  }
  const metal::DeviceIsolation isolation = to_metal_isolation(options.isolation);
  auto state = std::make_shared<Device::State>();
  for (size_t i = 0; i < options.device_ids.size(); ++i) {
    uint32_t id = options.device_ids[i];
    auto device = !chips.empty()
                      ? metal::Device::open(id, chips[i], options.num_hw_command_queues, isolation)
                      : metal::Device::open(id, to_sim_arch(options.arch),
                                            options.num_hw_command_queues, isolation);
    if (!device.ok())
      return std::move(device).error().add_context("open device " + std::to_string(id));
    (*device)->set_kernel_stall_limit(options.kernel_stall_limit);
    state->devices.push_back(std::move(device).value());
  }
  return Device(std::move(state));
}

Result<Device> open_device(const DeviceOptions& options) {
  return at_api_boundary("open_device",
                         [&]() -> Result<Device> { return DeviceAccess::open(options, {}); });
}

Result<Device> open_device_on_chips(const DeviceOptions& options,
                                    std::span<const sim::ChipDescriptor> chips) {
  return at_api_boundary("open_device", [&]() -> Result<Device> {
    if (chips.empty()) {
      return make_error(ErrorCode::kInvalidArgument,
                        "open_device: the system descriptor has no chips");
    }
    return DeviceAccess::open(options, chips);
  });
}

Result<std::vector<std::string>> close_device(Device& device) {
  return at_api_boundary("close_device", [&]() -> Result<std::vector<std::string>> {
    if (!device.state_)
      return make_error(ErrorCode::kFailedPrecondition, "device handle is not open");
    std::vector<std::unique_ptr<metal::Device>> devices;
    {
      std::lock_guard lock(device.state_->mutex);
      if (device.state_->devices.empty()) {
        return make_error(ErrorCode::kFailedPrecondition, "device has already been closed");
      }
      devices.swap(device.state_->devices);
    }
    std::vector<std::string> report;
    for (auto& open : devices) {
      metal::CloseReport closed = open->close();
      for (const sim::BufferInfo& buffer : closed.leaked_buffers) {
        report.push_back("device " + std::to_string(open->id()) + ": freed live " +
                         buffer.describe());
      }
      for (const Error& error : closed.unsurfaced_errors) {
        report.push_back("device " + std::to_string(open->id()) + ": " + error.describe());
      }
    }
    return report;
  });
}

std::string isolated_devices_unavailable_reason() {
  const sim::SandboxSupport support = sim::sandbox_support();
  if (support.landlock_abi > 0 && support.seccomp) return "";
  return "this host's kernel cannot sandbox a device process (" + support.describe() + ")";
}

}  // namespace tessera::runtime
