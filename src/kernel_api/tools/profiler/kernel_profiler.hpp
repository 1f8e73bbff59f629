// tt-metal's device profiler markers. tessera records kernel spans itself,
// so the zone markers compile to nothing.
#pragma once

#define DeviceZoneScopedN(name)
#define DeviceZoneScopedMainN(name)
#define DeviceZoneScopedMainChildN(name)
#define DeviceZoneScopedSumN1(name)
#define DeviceZoneScopedSumN2(name)
#define DeviceZoneSetCounter(counter)
#define DeviceTimestampedData(name, data)
#define DeviceRecordEvent(event_id)
