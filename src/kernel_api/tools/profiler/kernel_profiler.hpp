// tt-metal's device profiler markers. A scoped zone tells the host when the
// kernel enters and leaves it; with device time on, the timing model puts
// the zone on the kernel's virtual clock (start and end cycle per core and
// RISC, as the device profiler records them on silicon). Without device
// time a zone costs two host calls that return at once.
//
// Markers with no place in the model compile to nothing: the summing zones
// (DeviceZoneScopedSumN1/N2), counters, timestamped data and events.
#pragma once

#include "tessera_kernel_runtime.h"

namespace tessera_kernel {

class ProfilerZone {
 public:
  explicit ProfilerZone(const char* name) { host()->profiler_zone(ctx(), name, 1); }
  ~ProfilerZone() { host()->profiler_zone(ctx(), nullptr, 0); }
  ProfilerZone(const ProfilerZone&) = delete;
  ProfilerZone& operator=(const ProfilerZone&) = delete;
};

}  // namespace tessera_kernel

#define TESSERA_PROFILER_JOIN_(a, b) a##b
#define TESSERA_PROFILER_JOIN(a, b) TESSERA_PROFILER_JOIN_(a, b)
#define TESSERA_PROFILER_ZONE(name) \
  ::tessera_kernel::ProfilerZone TESSERA_PROFILER_JOIN(tessera_profiler_zone_, __LINE__)(name)

#define DeviceZoneScopedN(name) TESSERA_PROFILER_ZONE(name)
#define DeviceZoneScopedMainN(name) TESSERA_PROFILER_ZONE(name)
#define DeviceZoneScopedMainChildN(name) TESSERA_PROFILER_ZONE(name)
#define DeviceZoneScopedSumN1(name)
#define DeviceZoneScopedSumN2(name)
#define DeviceZoneSetCounter(counter)
#define DeviceTimestampedData(name, data)
#define DeviceRecordEvent(event_id)
