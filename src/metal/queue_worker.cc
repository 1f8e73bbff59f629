#include "queue_worker.h"

namespace tessera::metal::internal {

QueueWorker::QueueWorker(uint32_t device_id, uint32_t queue_id)
    : device_id_(device_id), queue_id_(queue_id) {}

QueueWorker::~QueueWorker() {
  (void)stop();
}

void QueueWorker::start() {
  thread_ = std::thread([this] { run_loop(); });
}

Status QueueWorker::push(CommandKind kind, std::string what, std::function<Status()> run,
                         std::shared_ptr<Event> recorded_event) {
  std::lock_guard lock(mutex_);
  if (stopping_) {
    return make_error(ErrorCode::kFailedPrecondition, "device ", device_id_, " command queue ",
                      queue_id_, " is shut down (the device is closing or closed)");
  }
  uint64_t generation = 0;
  if (recorded_event) generation = recorded_event->mark_pending(weak_from_this(), queue_id_);
  pending_.push_back({next_index_++, kind, std::move(what), std::move(run),
                      std::move(recorded_event), generation});
  // Only a sleeping worker needs the (system-call) wake-up; a busy one picks
  // the command up with its next batch.
  if (worker_waiting_) work_available_.notify_one();
  return ok_status();
}

void QueueWorker::run_loop() {
  std::deque<Command> batch;
  std::unique_lock lock(mutex_);
  while (true) {
    worker_waiting_ = true;
    work_available_.wait(lock, [this] { return stopping_ || !pending_.empty(); });
    worker_waiting_ = false;
    if (pending_.empty()) break;  // stopping, and drained
    // Take everything queued so far: one lock round trip per batch, not per
    // command, keeps dispatch cheap when the host enqueues in bursts.
    batch.swap(pending_);
    busy_ = true;
    lock.unlock();
    for (Command& command : batch) execute(command);
    batch.clear();
    lock.lock();
    busy_ = false;
    if (pending_.empty()) idle_.notify_all();
  }
  idle_.notify_all();
}

void QueueWorker::execute(Command& command) {
  std::optional<Failure> failure;
  if (has_failure_.load(std::memory_order_acquire)) {
    std::lock_guard lock(mutex_);
    failure = failure_;
  }
  if (failure) {  // the queue is stopped: drop, aborting what waits on it
    if (command.event) command.event->abort(command.event_generation, failure->error, failure->id);
    return;
  }
  Status status = command.run ? command.run() : ok_status();
  if (status.ok()) {
    if (command.event) command.event->complete(command.event_generation);
    return;
  }
  Error error = describe_failure(command, std::move(status).error());
  uint64_t id;
  {
    std::lock_guard lock(mutex_);
    id = next_failure_id_++;
    failure_ = Failure{id, error};
    has_failure_.store(true, std::memory_order_release);
  }
  if (command.event) command.event->abort(command.event_generation, error, id);
}

Error QueueWorker::describe_failure(const Command& command, Error error) const {
  std::string frame = "command " + std::to_string(command.index) + " (" +
                      std::string(command_kind_name(command.kind));
  if (!command.what.empty()) frame += " " + command.what;
  error.add_context(frame + ")");
  error.add_context("command queue " + std::to_string(queue_id_));
  error.add_context("device " + std::to_string(device_id_));
  return error;
}

Status QueueWorker::finish() {
  std::unique_lock lock(mutex_);
  idle_.wait(lock, [this] { return pending_.empty() && !busy_; });
  if (!failure_) return ok_status();
  Error error = std::move(failure_->error);
  failure_.reset();
  has_failure_.store(false, std::memory_order_release);
  return error;
}

void QueueWorker::forget_failure(uint64_t failure_id) {
  std::lock_guard lock(mutex_);
  if (failure_ && failure_->id == failure_id) failure_.reset();
  has_failure_.store(failure_.has_value(), std::memory_order_release);
}

Status QueueWorker::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    work_available_.notify_all();
  }
  if (thread_.joinable()) thread_.join();
  std::lock_guard lock(mutex_);
  if (!failure_) return ok_status();
  Error error = std::move(failure_->error);
  failure_.reset();
  has_failure_.store(false, std::memory_order_release);
  return error;
}

}  // namespace tessera::metal::internal
