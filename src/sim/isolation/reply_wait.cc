#include "tessera/sim/isolation/reply_wait.h"

#include <algorithm>
#include <bitset>
#include <cstdint>

namespace tessera::sim {

ReplyWait plan_reply_wait(SchedulerOptions asked, unsigned hardware_threads,
                          const ProgramHistory& program) {
  const unsigned threads = std::max(hardware_threads, 1u);
  const unsigned fewer = std::max(threads, 2u) - 1;
  const std::chrono::nanoseconds long_from = program.cores >= kManyCoresPerThread * threads
                                                 ? std::chrono::nanoseconds(kLongReplyManyCores)
                                                 : std::chrono::nanoseconds(kLongReply);
  if (program.work / fewer > long_from) {
    if (asked.threads == 0) asked.threads = threads;
    return {asked, std::chrono::nanoseconds(0)};
  }
  if (asked.threads == 0) asked.threads = fewer;
  // Spinning through the whole reply only where the spin has a hardware
  // thread to itself; on one, it would take turns with the kernels.
  if (threads < 2) return {asked, kHostReplySpin};
  const std::chrono::nanoseconds expected = program.reply + program.reply / 4 + kReplySpinMargin;
  return {asked, std::max<std::chrono::nanoseconds>(kHostReplySpin, expected)};
}

std::size_t cores_of(const ProgramPlan& plan) {
  // Counted on every run, a bit per core. No chip's grid is 64 cores wide:
  // a range past that is off the grid (the layout check refuses it) and
  // only counted by its size, never walked.
  constexpr uint32_t kSide = 64;
  std::bitset<kSide * kSide> seen;
  uint64_t beyond = 0;
  for (const KernelPlan& kernel : plan.kernels) {
    for (const CoreRange& range : kernel.cores) {
      if (range.end.x >= kSide || range.end.y >= kSide) {
        beyond += (uint64_t{range.end.x} - range.start.x + 1) *
                  (uint64_t{range.end.y} - range.start.y + 1);
        continue;
      }
      for (uint32_t y = range.start.y; y <= range.end.y; ++y) {
        for (uint32_t x = range.start.x; x <= range.end.x; ++x) seen.set(y * kSide + x);
      }
    }
  }
  return seen.count() + static_cast<std::size_t>(beyond);
}

std::string ProgramReplyTimes::key_of(const ProgramPlan& plan,
                                      const std::vector<std::string>& objects) {
  std::string key = plan.name;
  for (const std::string& object : objects) {
    key += '\0';
    key += object;
  }
  return key;
}

ProgramHistory ProgramReplyTimes::last(const std::string& key) const {
  auto found = replies_.find(key);
  if (found == replies_.end()) return {};
  return {.work = found->second.reply * found->second.threads, .reply = found->second.reply};
}

void ProgramReplyTimes::record(const std::string& key, std::chrono::nanoseconds reply,
                               unsigned threads) {
  if (replies_.size() >= kMaxPrograms && !replies_.contains(key)) replies_.clear();
  replies_.insert_or_assign(key, LastReply{reply, std::max(threads, 1u)});
}

}  // namespace tessera::sim
