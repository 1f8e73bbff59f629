// An event marks a point in a command queue (tt-metal's Event).
//
// Recording it enqueues a marker; the event completes when the queue reaches
// the marker, or is aborted (with the queue's error) when the queue fails
// before that. Other queues can wait for it; the host can synchronize on it.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>

#include "tessera/base/status.h"

namespace tessera::metal {

namespace internal {
class QueueWorker;
struct QueuedCommand;
Status run_command(const QueuedCommand& command);
}  // namespace internal

class Event {
 public:
  static std::shared_ptr<Event> create() { return std::shared_ptr<Event>(new Event()); }

  // True once recorded on a queue (the record may still be pending).
  bool recorded() const;

 private:
  Event() = default;
  friend class internal::QueueWorker;
  friend Status internal::run_command(const internal::QueuedCommand& command);
  friend class CommandQueue;
  friend Status event_synchronize(const std::shared_ptr<Event>& event);
  friend Result<bool> event_query(const std::shared_ptr<Event>& event);

  enum class State { kNotRecorded, kPending, kCompleted, kAborted };

  // Called by the queue worker.
  // Returns the new record's generation.
  uint64_t mark_pending(std::weak_ptr<internal::QueueWorker> queue, uint32_t queue_id);
  void complete(uint64_t generation);
  void abort(uint64_t generation, const Error& error, uint64_t failure_id);
  // Blocks until the record of `generation` (0: the latest) completes or is
  // aborted; the error if aborted.
  Status wait(uint64_t generation = 0) const;
  // The latest record's generation, or an error if never recorded.
  Result<uint64_t> latest_generation() const;

  mutable std::mutex mutex_;
  mutable std::condition_variable changed_;
  State state_ = State::kNotRecorded;  // of the latest record
  uint64_t generation_ = 0;            // bumped by every record, so re-recording is safe
  std::set<uint64_t> unfinished_;      // records enqueued but not yet reached
  std::map<uint64_t, Error> aborted_;  // records dropped by a queue failure
  std::weak_ptr<internal::QueueWorker> queue_;
  uint32_t queue_id_ = 0;
  std::optional<Error> error_;
  uint64_t failure_id_ = 0;
};

// Blocks until the event completes. If its queue failed first, returns that
// failure (and clears it from the queue: it has now surfaced).
Status event_synchronize(const std::shared_ptr<Event>& event);
// True if complete; false if pending; an error if aborted or never recorded.
Result<bool> event_query(const std::shared_ptr<Event>& event);

}  // namespace tessera::metal
