// Turns the simulator's DPRINT lines into the runtime's: device id, logical
// core and RISC, filtered by the caller's selection and handed to its sink.
#pragma once

#include <cstdint>
#include <memory>

#include "tessera/runtime/dprint.h"
#include "tessera/sim/jit/dprint_log.h"

namespace tessera::runtime::metal_backend {

// A log relaying every selected line of device `device_id` to
// `options.sink`; null when DPRINT is off (no sink).
std::shared_ptr<sim::DprintLog> make_dprint_relay(const DprintOptions& options, uint32_t device_id);

}  // namespace tessera::runtime::metal_backend
