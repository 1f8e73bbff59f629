// How the host waits for its device process's reply to a program run.
//
// The two processes share the machine's hardware threads. A host spinning
// for the reply holds one of them, so the program's kernels get the others;
// in-process, the waiting thread is itself one of the workers. Spinning
// saves a wake-up of tens of microseconds, which matters only to short
// programs: a program that would take longer than kLongReply on one thread
// fewer than the machine has is waited for asleep, and its kernels get
// every hardware thread. So is one on many cores that would take longer
// than kLongReplyManyCores: its cores keep every thread busy, and the
// thread it gains is worth more than the wake-ups.
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
// Many cores: at least this many a hardware thread. The 64-core eltwise
// ran a quarter faster on two threads than on one; the example suite's
// programs, nearly all on one to six cores, gain less than a wake-up costs
// (docs/architecture.md, Isolation).
inline constexpr std::size_t kManyCoresPerThread = 4;
inline constexpr std::chrono::microseconds kLongReplyManyCores{300};

struct ReplyWait {
  SchedulerOptions scheduler;          // what the device process runs the program with
  std::chrono::nanoseconds host_spin;  // how long the host spins before it sleeps
};

// What the host knows of a program it is about to run.
struct ProgramHistory {
  // Its last reply time multiplied by the threads it ran on, 0 if new.
  // Thread time, not the reply alone: a program judged long runs faster on
  // every thread, and judged again by that time it would flip back to
  // short and slow on the next run.
  std::chrono::nanoseconds work{0};
  std::chrono::nanoseconds reply{0};  // its last reply time
  std::size_t cores = 0;              // how many cores its kernels run on
};

// A thread count the caller asked for is kept.
ReplyWait plan_reply_wait(SchedulerOptions asked, unsigned hardware_threads,
                          const ProgramHistory& program);

// How many distinct cores a program's kernels run on.
std::size_t cores_of(const ProgramPlan& plan);

// Each program's last reply (ProgramHistory's work and reply), by its name
// and kernel objects.
class ProgramReplyTimes {
 public:
  static std::string key_of(const ProgramPlan& plan, const std::vector<std::string>& objects);
  // Its cores are left 0.
  ProgramHistory last(const std::string& key) const;
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
