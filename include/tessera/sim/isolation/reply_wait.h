// How the host waits for its device process's reply to a program run.
//
// The two processes share the machine's hardware threads. A host spinning
// for the reply holds one of them, so the program's kernels get the others;
// in-process, the waiting thread is itself one of the workers. Spinning
// saves a wake-up of tens of microseconds, which matters only to short
// programs: a program that would take longer than kLongReply on one thread
// fewer than the machine has is waited for asleep, and its kernels get
// every hardware thread.
#pragma once

#include <chrono>
#include <cstddef>
#include <string>
#include <unordered_map>
#include <vector>

#include "tessera/sim/fiber/scheduler.h"
#include "tessera/sim/program/program_plan.h"

namespace tessera::sim {

// How long the host spins for the reply to a short program (then sleeps).
inline constexpr std::chrono::microseconds kHostReplySpin{200};
// A reply slower than this marks a long program. Five spins, not one: the
// example suite's programs between the two ran faster on one thread fewer
// with the host spinning first (docs/architecture.md, Isolation).
inline constexpr std::chrono::milliseconds kLongReply{1};

struct ReplyWait {
  SchedulerOptions scheduler;          // what the device process runs the program with
  std::chrono::nanoseconds host_spin;  // how long the host spins before it sleeps
};

// `last_work`: the same program's last reply time multiplied by the threads
// it ran on (ProgramReplyTimes::last), 0 if unknown. A thread count the
// caller asked for is kept.
ReplyWait plan_reply_wait(SchedulerOptions asked, unsigned hardware_threads,
                          std::chrono::nanoseconds last_work);

// How much thread time each program's last reply took (reply time x the
// threads it ran on), by its name and kernel objects. Thread time, not the
// reply alone: a program judged long runs faster on every thread, and
// judged again by that time it would flip back to short and slow on the
// next run.
class ProgramReplyTimes {
 public:
  static std::string key_of(const ProgramPlan& plan, const std::vector<std::string>& objects);
  std::chrono::nanoseconds last(const std::string& key) const;
  // Past kMaxPrograms programs, forgets them all and starts again.
  void record(const std::string& key, std::chrono::nanoseconds reply, unsigned threads);

  static constexpr std::size_t kMaxPrograms = 4096;

 private:
  std::unordered_map<std::string, std::chrono::nanoseconds> replies_;
};

}  // namespace tessera::sim
