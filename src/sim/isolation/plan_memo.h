// The program plans a device process decoded last, by the bytes they came
// from. A loop that runs the same programs again sends the same bytes, and
// a plan found here needs no decoding: decoding a 64-core program's ~400
// runtime-argument vectors took about 30 us a run (docs/architecture.md,
// Isolation).
#pragma once

#include <cstddef>
#include <cstdint>
#include <list>
#include <memory>
#include <span>
#include <vector>

#include "tessera/sim/program/program_plan.h"

namespace tessera::sim {

class PlanMemo {
 public:
  // At most this many plans, and none whose bytes are larger than
  // kMaxPlanBytes: a memo is worth keeping only for plans that recur.
  static constexpr std::size_t kMaxPlans = 8;
  static constexpr std::size_t kMaxPlanBytes = std::size_t{1} << 20;

  // The plan decoded from exactly these bytes, or null.
  std::shared_ptr<const ProgramPlan> find(std::span<const uint8_t> bytes);
  // Keeps `plan` as the one decoded from `bytes`, forgetting the least
  // recently found plan when full.
  void remember(std::span<const uint8_t> bytes, std::shared_ptr<const ProgramPlan> plan);

  std::size_t size() const { return entries_.size(); }

 private:
  struct Entry {
    std::vector<uint8_t> bytes;
    std::shared_ptr<const ProgramPlan> plan;
  };
  std::list<Entry> entries_;  // most recently found first
};

}  // namespace tessera::sim
