#include "plan_memo.h"

#include <algorithm>

namespace tessera::sim {

std::shared_ptr<const ProgramPlan> PlanMemo::find(std::span<const uint8_t> bytes) {
  auto found = std::find_if(entries_.begin(), entries_.end(), [&](const Entry& entry) {
    return std::ranges::equal(entry.bytes, bytes);
  });
  if (found == entries_.end()) return nullptr;
  entries_.splice(entries_.begin(), entries_, found);
  return found->plan;
}

void PlanMemo::remember(std::span<const uint8_t> bytes, std::shared_ptr<const ProgramPlan> plan) {
  if (bytes.size() > kMaxPlanBytes) return;
  while (entries_.size() == kMaxPlans || bytes_ + bytes.size() > kMaxBytes) {
    bytes_ -= entries_.back().bytes.size();
    entries_.pop_back();
  }
  entries_.push_front({std::vector<uint8_t>(bytes.begin(), bytes.end()), std::move(plan)});
  bytes_ += bytes.size();
}

}  // namespace tessera::sim
