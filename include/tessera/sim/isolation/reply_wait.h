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

// How long the host spins, at least, for the reply to a short program
// (then sleeps). A program whose last reply took longer is spun for a
// quarter more than that reply, plus kReplySpinMargin: sleeping through
// the end of a short program costs it a wake-up, tens of microseconds.
inline constexpr std::chrono::microseconds kHostReplySpin{200};
inline constexpr std::chrono::microseconds kReplySpinMargin{50};
// A reply slower than this marks a long program. Five spins, not one: the
// example suite's programs between the two ran faster on one thread fewer
// with the host spinning first (docs/architecture.md, Isolation).
inline constexpr std::chrono::milliseconds kLongReply{1};

struct ReplyWait {
  SchedulerOptions scheduler;          // what the device process runs the program with
  std::chrono::nanoseconds host_spin;  // how long the host spins before it sleeps
};

// `last_work`: the same program's last reply time multiplied by the threads
// it ran on (ProgramReplyTimes::last), 0 if unknown; `last_reply`: that
// reply time itself (ProgramReplyTimes::last_reply). A thread count the
// caller asked for is kept.
ReplyWait plan_reply_wait(SchedulerOptions asked, unsigned hardware_threads,
                          std::chrono::nanoseconds last_work,
                          std::chrono::nanoseconds last_reply = std::chrono::nanoseconds(0));

// How much thread time each program's last reply took (reply time x the
// threads it ran on), and the reply itself, by its name and kernel objects. Thread time, not the
// reply alone: a program judged long runs faster on every thread, and
// judged again by that time it would flip back to short and slow on the
// next run.
class ProgramReplyTimes {
 public:
  static std::string key_of(const ProgramPlan& plan, const std::vector<std::string>& objects);
  std::chrono::nanoseconds last(const std::string& key) const;
  std::chrono::nanoseconds last_reply(const std::string& key) const;
  // Past kMaxPrograms programs, forgets them all and starts again.
  void record(const std::string& key, std::chrono::nanoseconds reply, unsigned threads);

  static constexpr std::size_t kMaxPrograms = 4096;

 private:
  struct LastReply {
    std::chrono::nanoseconds reply;
    unsigned threads;
  };
  std::unordered_map<std::string, LastReply> replies_;
};

}  // namespace tessera::sim
