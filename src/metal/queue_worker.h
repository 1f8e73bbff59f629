// The thread behind one command queue: runs commands in order, remembers the
// first failure and drops later commands until the failure is taken.
//
// Hand-off: commands go to a pending list under one lock and the worker
// takes the whole list at once. A sleeping worker is woken only when it is
// needed — a command that others wait on (program, event), a full batch of
// transfers, or a synchronising call — and both sides spin briefly before
// sleeping, so a burst of commands costs no system call per command.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "queued_command.h"
#include "tessera/base/status.h"

namespace tessera::metal::internal {

class QueueWorker : public std::enable_shared_from_this<QueueWorker> {
 public:
  // Transfers pending for a sleeping worker before it is woken for them.
  static constexpr size_t kWakeBatch = 64;

  QueueWorker(uint32_t device_id, uint32_t queue_id);
  ~QueueWorker();

  void start();
  // Appends a command (setting its index; a record command's event becomes
  // pending). Fails once the worker is stopping.
  Status push(QueuedCommand command);
  // Waits until every command pushed so far ran (or was dropped); returns
  // and clears the failure, if any. When the worker is not running a
  // batch, the caller runs the waiting commands on its own thread.
  Status finish();
  // push(command) then finish(). When the worker is not running a batch,
  // the caller runs the waiting commands and this one on its own thread:
  // a blocking command then costs no hand-over to the worker and back.
  Status push_and_finish(QueuedCommand command);
  // Clears the failure if it is `failure_id` (it surfaced elsewhere).
  void forget_failure(uint64_t failure_id);
  // Runs what is queued, then stops the thread; returns an unsurfaced failure.
  Status stop();

 private:
  struct Failure {
    uint64_t id;
    Error error;
  };

  void run_loop();
  // When the worker holds no batch: runs the pending commands, then
  // `command` if given, on the calling thread and returns their failure or
  // ok; otherwise nothing (the worker runs them).
  std::optional<Status> run_on_caller(QueuedCommand* command);
  void execute(QueuedCommand& command);
  // After a batch ran on either thread: counts it done, wakes finish calls.
  void mark_done(uint64_t count);
  // Indexes `command` and, for a record, makes its event pending.
  void index(QueuedCommand& command);  // with mutex_ held
  // Lets the worker take what is pending now, waking it if it sleeps.
  void hand_to_worker();  // with mutex_ held
  Error describe_failure(const QueuedCommand& command, Error error) const;
  std::optional<Error> take_failure();  // with mutex_ held

  const uint32_t device_id_;
  const uint32_t queue_id_;
  std::mutex mutex_;
  std::condition_variable work_available_;
  std::condition_variable idle_;
  std::vector<QueuedCommand> pending_;
  bool worker_waiting_ = false;  // asleep on work_available_
  bool caller_running_ = false;  // a caller runs commands itself (run_on_caller)
  bool stopping_ = false;
  uint64_t next_index_ = 0;               // commands pushed so far
  std::atomic<bool> has_failure_{false};  // lets execute skip the lock
  // Set when the pending commands should be taken now — a full batch, or
  // one that is waited for (program, event, finish) — rather than left to
  // build up. Read by the spinning worker; on its own cache line and
  // written once per batch, so the spin costs the host nothing per command.
  alignas(64) std::atomic<bool> take_now_{false};
  // Read by a spinning finish; written once per batch.
  alignas(64) std::atomic<uint64_t> done_{0};  // commands run or dropped
  std::atomic<uint32_t> finish_waiters_{0};    // finish calls asleep on idle_
  uint64_t next_failure_id_ = 1;
  std::optional<Failure> failure_;
  std::thread thread_;
};

}  // namespace tessera::metal::internal
