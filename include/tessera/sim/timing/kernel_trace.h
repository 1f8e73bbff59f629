// What one kernel on one core did that costs time on the device, in its own
// order: NoC transfers, barriers, CB and semaphore calls, compute cycles.
// A kernel's fiber appends to its own trace only (no locks); the timing
// replay (timing_replay.h) turns the traces of a program into cycles after
// the run, in simulated order, so host threads and their interleaving never
// change the figures.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tessera::sim::timing {

enum class TimingEventKind : uint8_t {
  kCompute,           // `value` cycles of the kernel's own work
  kComputeStages,     // `calls` compute calls: `unpack`, `value` (math), `pack` cycles in all
  kNocRead,           // `bytes` from NoC `source` into the kernel's core
  kNocWrite,          // `bytes` from the kernel's core to NoC `target`
  kNocMulticast,      // `bytes` to every worker in the NoC rectangle source..target
  kBarrier,           // waits until the kernel's transfers are done
  kCbReserve,         // cb_reserve_back(cb, value)
  kCbPush,            // cb_push_back(cb, value)
  kCbWait,            // cb_wait_front(cb, value)
  kCbPop,             // cb_pop_front(cb, value)
  kWordSet,           // an L1 word of worker `word_core` at `offset` becomes `value`
  kWordSetMulticast,  // ... of every worker in the NoC rectangle source..target
  kWordIncrement,     // ... grows by `value` (an atomic NoC increment)
  kWordWait,          // waits until the own core's word at `offset` == value (>= if `at_least`)
  kZoneBegin,         // enters profiler zone `value` (an index into KernelTrace::zone_names)
  kZoneEnd,           // leaves the innermost open zone
};

// A NoC coordinate packed as x | y << 8.
inline uint16_t pack_noc_xy(uint32_t x, uint32_t y) {
  return static_cast<uint16_t>((x & 0xffu) | (y & 0xffu) << 8);
}
inline uint32_t noc_x(uint16_t xy) {
  return xy & 0xffu;
}
inline uint32_t noc_y(uint16_t xy) {
  return xy >> 8;
}

// A multicast's `flag` bits.
inline constexpr uint8_t kMulticastLoopback = 1;       // the sender receives a copy too
inline constexpr uint8_t kMulticastLinked = 2;         // the next multicast keeps this one's path
inline constexpr uint8_t kMulticastNoPathReserve = 4;  // sent without reserving its tree

// A read's or write's `flag` bit: its address is a DRAM-interleaved page's,
// worked out by the kernel just before (dram_page_*_loop_cycles).
inline constexpr uint8_t kDramPageAddress = 1;

struct TimingEvent {
  TimingEventKind kind = TimingEventKind::kCompute;
  uint8_t noc = 0;         // NoC 0 or 1 for transfers
  uint8_t cb = 0;          // CB events
  uint8_t flag = 0;        // kWordWait: at least; multicast: kMulticast*; read, write: kDramPage*
  uint16_t source = 0;     // packed NoC coordinate
  uint16_t target = 0;     // packed NoC coordinate
  uint32_t word_core = 0;  // logical worker index of a word
  uint32_t offset = 0;     // L1 offset of a word
  uint32_t bytes = 0;
  uint32_t unpack = 0;  // kComputeStages: unpacker cycles (here, so the event packs in 40 bytes)
  uint64_t value = 0;   // cycles, pages or a word's value
  uint32_t pack = 0;    // kComputeStages: packer cycles
  uint32_t calls = 0;   // kComputeStages: compute calls merged into the event
};
static_assert(sizeof(TimingEvent) == 40, "a trace holds tens of thousands of events");

class KernelTrace {
 public:
  // Adjacent compute costs merge: a compute kernel's thousands of tile
  // calls between two CB calls are one event.
  void compute(uint64_t cycles) {
    if (cycles == 0) return;
    if (!events_.empty() && events_.back().kind == TimingEventKind::kCompute) {
      events_.back().value += cycles;
      return;
    }
    events_.push_back({.kind = TimingEventKind::kCompute, .value = cycles});
  }
  // A compute call's cost per TRISC stage (unpack, math, pack): the replay
  // pipelines the stages. Adjacent calls merge, keeping their stage sums.
  void compute_stages(uint32_t unpack, uint64_t math, uint32_t pack) {
    if (unpack == 0 && math == 0 && pack == 0) return;
    if (!events_.empty() && events_.back().kind == TimingEventKind::kComputeStages) {
      TimingEvent& last = events_.back();
      last.unpack += unpack;
      last.value += math;
      last.pack += pack;
      ++last.calls;
      return;
    }
    events_.push_back({.kind = TimingEventKind::kComputeStages,
                       .unpack = unpack,
                       .value = math,
                       .pack = pack,
                       .calls = 1});
  }
  void add(const TimingEvent& event) { events_.push_back(event); }
  // The kernel has worked out a DRAM-interleaved page's address; its next
  // read or write takes the mark (a loop computes an address, then moves it).
  void note_dram_page_address() { dram_page_address_pending_ = true; }
  bool take_dram_page_address() { return std::exchange(dram_page_address_pending_, false); }
  const std::vector<TimingEvent>& events() const { return events_; }

  // A device profiler zone (DeviceZoneScopedN). Names are interned: a zone
  // in a loop adds events, not strings.
  void begin_zone(std::string_view name) {
    events_.push_back({.kind = TimingEventKind::kZoneBegin, .value = zone_name_index(name)});
  }
  void end_zone() { events_.push_back({.kind = TimingEventKind::kZoneEnd}); }
  const std::vector<std::string>& zone_names() const { return zone_names_; }

  // As a new trace, keeping the events' storage for the next run.
  void reset() {
    std::vector<TimingEvent> storage = std::move(events_);
    storage.clear();
    *this = KernelTrace();
    events_ = std::move(storage);
  }
  // Events the storage holds without growing.
  std::size_t capacity() const { return events_.capacity(); }

  // The kernel's math fidelity phases (1 LoFi .. 4 HiFi4), for compute costs.
  uint32_t fidelity_phases = 4;
  // The matrix/vector engine's share of the compute cycles (for utilisation).
  uint64_t math_cycles = 0;

  // Distinct zone names a trace keeps; later ones share kOtherZones.
  static constexpr std::size_t kMaxZoneNames = 64;
  static constexpr std::string_view kOtherZones = "(other zones)";

 private:
  uint64_t zone_name_index(std::string_view name) {
    auto found = std::find(zone_names_.begin(), zone_names_.end(), name);
    if (found == zone_names_.end() && zone_names_.size() + 1 >= kMaxZoneNames) {
      found = std::find(zone_names_.begin(), zone_names_.end(), kOtherZones);
      name = kOtherZones;
    }
    if (found != zone_names_.end()) return static_cast<uint64_t>(found - zone_names_.begin());
    zone_names_.emplace_back(name);
    return zone_names_.size() - 1;
  }

  std::vector<TimingEvent> events_;
  std::vector<std::string> zone_names_;
  bool dram_page_address_pending_ = false;
};

}  // namespace tessera::sim::timing
