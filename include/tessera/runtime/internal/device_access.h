// Internal (not installed): the metal devices behind a runtime::Device, and
// the runtime's device enums in the simulator's and metal's terms.
#pragma once

#include <cstdint>
#include <span>

#include "tessera/base/status.h"
#include "tessera/metal/device.h"
#include "tessera/runtime/arch.h"
#include "tessera/runtime/device.h"
#include "tessera/sim/arch/arch.h"
#include "tessera/sim/arch/chip_descriptor.h"

namespace tessera::runtime {

struct DeviceAccess {
  // Device i of the set (in DeviceOptions::device_ids order), if open.
  static Result<metal::Device*> metal_device(const Device& device, uint32_t index);
  static Result<Device> open(const DeviceOptions& options,
                             std::span<const sim::ChipDescriptor> chips);
};

inline Result<metal::Device*> metal_device(const Device& device, uint32_t index) {
  return DeviceAccess::metal_device(device, index);
}

// Opens device i on chips[i] (a system descriptor's chips) instead of a
// built-in descriptor of `options.arch`.
Result<Device> open_device_on_chips(const DeviceOptions& options,
                                    std::span<const sim::ChipDescriptor> chips);

sim::Arch to_sim_arch(Arch arch);
Arch from_sim_arch(sim::Arch arch);
metal::DeviceIsolation to_metal_isolation(DeviceIsolation isolation);

}  // namespace tessera::runtime
