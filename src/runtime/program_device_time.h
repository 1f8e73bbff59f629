// The timing model's figures as the runtime API gives them.
#pragma once

#include "tessera/runtime/device_time.h"
#include "tessera/sim/timing/program_timing.h"

namespace tessera::runtime {

// Name, category, queue and index are the caller's to fill.
ProgramDeviceTime program_device_time(const sim::timing::ProgramTiming& timing);

}  // namespace tessera::runtime
