#include "tessera/sim/isolation/reply_wait.h"

#include <algorithm>

namespace tessera::sim {

ReplyWait plan_reply_wait(SchedulerOptions asked, unsigned hardware_threads,
                          std::chrono::nanoseconds last_work, std::chrono::nanoseconds last_reply) {
  const unsigned threads = std::max(hardware_threads, 1u);
  const unsigned fewer = std::max(threads, 2u) - 1;
  if (last_work / fewer > kLongReply) {
    if (asked.threads == 0) asked.threads = threads;
    return {asked, std::chrono::nanoseconds(0)};
  }
  if (asked.threads == 0) asked.threads = fewer;
  // Spinning through the whole reply only where the spin has a hardware
  // thread to itself; on one, it would take turns with the kernels.
  if (threads < 2) return {asked, kHostReplySpin};
  const std::chrono::nanoseconds expected = last_reply + last_reply / 4 + kReplySpinMargin;
  return {asked, std::max<std::chrono::nanoseconds>(kHostReplySpin, expected)};
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

std::chrono::nanoseconds ProgramReplyTimes::last(const std::string& key) const {
  auto found = replies_.find(key);
  if (found == replies_.end()) return std::chrono::nanoseconds(0);
  return found->second.reply * found->second.threads;
}

std::chrono::nanoseconds ProgramReplyTimes::last_reply(const std::string& key) const {
  auto found = replies_.find(key);
  return found == replies_.end() ? std::chrono::nanoseconds(0) : found->second.reply;
}

void ProgramReplyTimes::record(const std::string& key, std::chrono::nanoseconds reply,
                               unsigned threads) {
  if (replies_.size() >= kMaxPrograms && !replies_.contains(key)) replies_.clear();
  replies_.insert_or_assign(key, LastReply{reply, std::max(threads, 1u)});
}

}  // namespace tessera::sim
