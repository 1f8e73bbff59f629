#include "tessera/metal/event.h"

#include "queue_worker.h"

namespace tessera::metal {

bool Event::recorded() const {
  std::lock_guard lock(mutex_);
  return state_ != State::kNotRecorded;
}

uint64_t Event::mark_pending(std::weak_ptr<internal::QueueWorker> queue, uint32_t queue_id) {
  std::lock_guard lock(mutex_);
  state_ = State::kPending;
  queue_ = std::move(queue);
  queue_id_ = queue_id;
  error_.reset();
  unfinished_.insert(++generation_);
  return generation_;
}

void Event::complete(uint64_t generation) {
  std::lock_guard lock(mutex_);
  unfinished_.erase(generation);
  if (generation == generation_) state_ = State::kCompleted;
  changed_.notify_all();
}

void Event::abort(uint64_t generation, const Error& error, uint64_t failure_id) {
  std::lock_guard lock(mutex_);
  unfinished_.erase(generation);
  aborted_.insert_or_assign(generation, error);
  if (generation == generation_) {
    state_ = State::kAborted;
    error_ = error;
    failure_id_ = failure_id;
  }
  changed_.notify_all();
}

Result<uint64_t> Event::latest_generation() const {
  std::lock_guard lock(mutex_);
  if (state_ == State::kNotRecorded) {
    return make_error(ErrorCode::kFailedPrecondition, "the event was never recorded on a queue");
  }
  return generation_;
}

Status Event::wait(uint64_t generation) const {
  std::unique_lock lock(mutex_);
  if (state_ == State::kNotRecorded) {
    return make_error(ErrorCode::kFailedPrecondition, "the event was never recorded on a queue");
  }
  if (generation == 0) generation = generation_;
  // A later re-record does not release waiters of an earlier one.
  changed_.wait(lock, [&] { return !unfinished_.contains(generation); });
  if (auto aborted = aborted_.find(generation); aborted != aborted_.end()) {
    Error error = aborted->second;
    error.add_context("event recorded on command queue " + std::to_string(queue_id_) +
                      " was aborted by a failure");
    return error;
  }
  return ok_status();
}

Status event_synchronize(const std::shared_ptr<Event>& event) {
  if (!event) return make_error(ErrorCode::kInvalidArgument, "event_synchronize on a null event");
  Status status = event->wait();
  if (!status.ok()) {
    // The failure has surfaced here; the queue need not report it again.
    std::shared_ptr<internal::QueueWorker> queue;
    uint64_t failure_id;
    {
      std::lock_guard lock(event->mutex_);
      queue = event->queue_.lock();
      failure_id = event->failure_id_;
    }
    if (queue) queue->forget_failure(failure_id);
  }
  return status;
}

Result<bool> event_query(const std::shared_ptr<Event>& event) {
  if (!event) return make_error(ErrorCode::kInvalidArgument, "event_query on a null event");
  std::lock_guard lock(event->mutex_);
  switch (event->state_) {
    case Event::State::kNotRecorded:
      return make_error(ErrorCode::kFailedPrecondition, "the event was never recorded on a queue");
    case Event::State::kPending:
      return false;
    case Event::State::kCompleted:
      return true;
    case Event::State::kAborted: {
      Error error = *event->error_;
      error.add_context("event was aborted by a failure");
      return error;
    }
  }
  return false;
}

}  // namespace tessera::metal
