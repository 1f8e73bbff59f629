#include "plan_memo.h"

#include <algorithm>
#include <string_view>

namespace tessera::sim {
namespace {

std::size_t hash_of(std::span<const uint8_t> bytes) {
  return std::hash<std::string_view>{}(
      std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
}

}  // namespace

std::shared_ptr<const ProgramPlan> PlanMemo::find(std::span<const uint8_t> bytes) {
  auto [first, last] = by_hash_.equal_range(hash_of(bytes));
  auto found = std::find_if(first, last, [&](const auto& indexed) {
    return std::ranges::equal(indexed.second->bytes, bytes);
  });
  if (found == last) return nullptr;
  entries_.splice(entries_.begin(), entries_, found->second);
  return found->second->plan;
}

void PlanMemo::remember(std::span<const uint8_t> bytes, std::shared_ptr<const ProgramPlan> plan) {
  if (bytes.size() > kMaxPlanBytes) return;
  while (entries_.size() == kMaxPlans || bytes_ + bytes.size() > kMaxBytes) forget_least_recent();
  const std::size_t hash = hash_of(bytes);
  entries_.push_front({std::vector<uint8_t>(bytes.begin(), bytes.end()), hash, std::move(plan)});
  by_hash_.emplace(hash, entries_.begin());
  bytes_ += bytes.size();
}

void PlanMemo::forget_least_recent() {
  const auto least = std::prev(entries_.end());
  auto [first, last] = by_hash_.equal_range(least->hash);
  by_hash_.erase(
      std::find_if(first, last, [&](const auto& indexed) { return indexed.second == least; }));
  bytes_ -= least->bytes.size();
  entries_.erase(least);
}

}  // namespace tessera::sim
