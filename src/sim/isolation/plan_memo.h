// The program plans a device process decoded last, by the bytes they came
// from. A loop that runs the same programs again sends the same bytes, and
// a plan found here needs no decoding: decoding a 64-core program's ~400
// runtime-argument vectors took about 30 us a run (docs/architecture.md,
// Isolation). Found by the hash of the bytes, then one comparison.
#pragma once

#include <cstddef>
#include <cstdint>
#include <list>
#include <memory>
#include <span>
#include <unordered_map>
#include <vector>

#include "tessera/sim/program/program_plan.h"

namespace tessera::sim {

class PlanMemo {
 public:
  // At most kMaxPlans plans of kMaxBytes in all (their encoded bytes; a
  // decoded plan takes a few times more). Enough for every program of a
  // directory of binaries run in a loop: with 8, the example suite's
  // programs pushed each other out before they came round again.
  static constexpr std::size_t kMaxPlans = 256;
  static constexpr std::size_t kMaxBytes = std::size_t{8} << 20;
  // A plan larger than this is decoded every time: its decoding is small
  // against the run it comes with.
  static constexpr std::size_t kMaxPlanBytes = kMaxBytes / 8;

  // The plan decoded from exactly these bytes, or null.
  std::shared_ptr<const ProgramPlan> find(std::span<const uint8_t> bytes);
  // Keeps `plan` as the one decoded from `bytes`, forgetting the least
  // recently found plans to make room.
  void remember(std::span<const uint8_t> bytes, std::shared_ptr<const ProgramPlan> plan);

  std::size_t size() const { return entries_.size(); }

 private:
  struct Entry {
    std::vector<uint8_t> bytes;
    std::size_t hash = 0;
    std::shared_ptr<const ProgramPlan> plan;
  };
  using Entries = std::list<Entry>;
  void forget_least_recent();

  Entries entries_;  // most recently found first
  // The entries by the hash of their bytes: a suite's few hundred plans
  // were a list walk of a few hundred nodes on every run.
  std::unordered_multimap<std::size_t, Entries::iterator> by_hash_;
  std::size_t bytes_ = 0;  // the entries' bytes in all
};

}  // namespace tessera::sim
