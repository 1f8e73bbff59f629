// Replays of programs replayed before. The replay is a pure function of the
// timing parameters, the chip and its input, and a program run again on the
// same data (a benchmark loop, `tessera perf --loops`) records the same
// traces run after run: such a run gets its figures without a replay. An
// input is found by a hash of everything the replay reads, then compared in
// full, so a hit returns exactly what the replay would.
#pragma once

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "tessera/sim/arch/chip_descriptor.h"
#include "tessera/sim/timing/program_timing.h"
#include "tessera/sim/timing/timing_params.h"
#include "tessera/sim/timing/timing_replay.h"

namespace tessera::sim::timing {

class ReplayMemo {
 public:
  // Bounds: past either, the memo starts again empty (a miss costs one
  // replay). An input is about its traces' size: 40 bytes an event.
  static constexpr std::size_t kMaxPrograms = 512;
  static constexpr std::size_t kMaxBytes = std::size_t{64} << 20;
  // A larger input is replayed every time: its replay is long against the
  // run that recorded it, and keeping it would crowd the rest out.
  static constexpr std::size_t kMaxProgramBytes = kMaxBytes / 8;

  // replay_program(params, chip, input), or the figures it gave before.
  ProgramTiming replay(const TimingParams& params, const ChipDescriptor& chip,
                       const ReplayInput& input);

  std::size_t size() const;
  std::size_t hits() const;
  void clear();

 private:
  struct Entry {
    std::vector<uint8_t> input;  // everything the replay read, flattened
    ProgramTiming timing;
  };
  void clear_locked();

  mutable std::mutex mutex_;
  std::unordered_multimap<uint64_t, Entry> entries_;  // by the input's hash
  std::size_t bytes_ = 0;
  std::size_t hits_ = 0;
};

// The memo every run of this process shares.
ReplayMemo& process_replay_memo();

}  // namespace tessera::sim::timing
