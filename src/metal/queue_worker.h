// The thread behind one command queue: runs commands in order, remembers the
// first failure and drops later commands until the failure is taken.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "tessera/base/status.h"
#include "tessera/metal/command_queue.h"
#include "tessera/metal/event.h"

namespace tessera::metal::internal {

class QueueWorker : public std::enable_shared_from_this<QueueWorker> {
 public:
  QueueWorker(uint32_t device_id, uint32_t queue_id);
  ~QueueWorker();

  void start();
  // Appends a command. A record-event command names its event. Fails once
  // the worker is stopping.
  Status push(CommandKind kind, std::string what, std::function<Status()> run,
              std::shared_ptr<Event> recorded_event);
  // Waits until every pushed command ran (or was dropped); returns and
  // clears the failure, if any.
  Status finish();
  // Clears the failure if it is `failure_id` (it surfaced elsewhere).
  void forget_failure(uint64_t failure_id);
  // Runs what is queued, then stops the thread; returns an unsurfaced failure.
  Status stop();

 private:
  struct Command {
    uint64_t index;
    CommandKind kind;
    std::string what;
    std::function<Status()> run;
    std::shared_ptr<Event> event;
    uint64_t event_generation;
  };
  struct Failure {
    uint64_t id;
    Error error;
  };

  void run_loop();
  void execute(Command& command);
  Error describe_failure(const Command& command, Error error) const;

  const uint32_t device_id_;
  const uint32_t queue_id_;
  std::mutex mutex_;
  std::condition_variable work_available_;
  std::condition_variable idle_;
  std::deque<Command> pending_;
  bool busy_ = false;
  bool worker_waiting_ = false;
  std::atomic<bool> has_failure_{false};  // lets execute skip the lock
  bool stopping_ = false;
  uint64_t next_index_ = 0;
  uint64_t next_failure_id_ = 1;
  std::optional<Failure> failure_;
  std::thread thread_;
};

}  // namespace tessera::metal::internal
