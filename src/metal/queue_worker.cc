#include "queue_worker.h"

#include "tessera/base/spin_wait.h"
#include "tessera/base/steady_clock.h"

namespace tessera::metal::internal {
namespace {

// Long enough to cover a burst of enqueues or a short command, short
// enough not to matter when the queue goes idle.
constexpr std::chrono::microseconds kSpinBudget{30};

}  // namespace

QueueWorker::QueueWorker(uint32_t device_id, uint32_t queue_id)
    : device_id_(device_id), queue_id_(queue_id) {}

QueueWorker::~QueueWorker() {
  (void)stop();
}

void QueueWorker::start() {
  thread_ = std::thread([this] { run_loop(); });
}

void QueueWorker::index(QueuedCommand& command) {
  command.index = next_index_++;
  if (command.kind == QueuedCommandKind::kRecordEvent) {
    // Under the queue lock: generations follow queue order.
    command.event_generation = command.event->mark_pending(weak_from_this(), queue_id_);
  }
}

Status QueueWorker::push(QueuedCommand command) {
  std::lock_guard lock(mutex_);
  if (stopping_) {
    return make_error(ErrorCode::kFailedPrecondition, "device ", device_id_, " command queue ",
                      queue_id_, " is shut down (the device is closing or closed)");
  }
  index(command);
  bool now = command.wakes_worker();
  pending_.push_back(std::move(command));
  if (now || pending_.size() >= kWakeBatch) hand_to_worker();
  return ok_status();
}

void QueueWorker::hand_to_worker() {
  if (!take_now_.load(std::memory_order_relaxed)) take_now_.store(true, std::memory_order_release);
  // A busy or spinning worker picks the batch up by itself; a sleeping one
  // is woken (a system call) only now that something needs it, and not
  // while a caller runs commands itself (it hands over when it is done).
  if (worker_waiting_ && !caller_running_) {
    worker_waiting_ = false;  // one wake-up is enough
    work_available_.notify_one();
  }
}

Status QueueWorker::push_and_finish(QueuedCommand command) {
  if (std::optional<Status> ran = run_on_caller(&command)) return *ran;
  TESSERA_RETURN_IF_ERROR(push(std::move(command)));
  return finish();
}

std::optional<Status> QueueWorker::run_on_caller(QueuedCommand* command) {
  std::vector<QueuedCommand> batch;
  {
    std::lock_guard lock(mutex_);
    // Every command the worker took has run: it holds no batch, so the
    // caller may run what waits, in order, while the worker stays off.
    const bool worker_idle = done_.load(std::memory_order_seq_cst) == next_index_ - pending_.size();
    if (stopping_ || caller_running_ || !worker_idle) return std::nullopt;
    if (command) index(*command);
    batch.swap(pending_);
    if (command) batch.push_back(std::move(*command));
    take_now_.store(false, std::memory_order_relaxed);
    caller_running_ = true;
  }
  for (QueuedCommand& queued : batch) execute(queued);
  const uint64_t ran = batch.size();
  batch.clear();  // releases chips and closures before returning, as the worker does
  // Counted before the worker may run later commands: done_ only ever
  // counts a prefix of the queue.
  mark_done(ran);
  std::lock_guard lock(mutex_);
  caller_running_ = false;
  // Commands other threads pushed meanwhile are the worker's again, and a
  // stop that came meanwhile waits for the worker to see it.
  if (!pending_.empty() || stopping_) hand_to_worker();
  if (std::optional<Error> error = take_failure()) return Status(std::move(*error));
  return ok_status();
}

void QueueWorker::run_loop() {
  std::vector<QueuedCommand> batch;
  while (true) {
    {
      std::unique_lock lock(mutex_);
      if (!take_now_.load(std::memory_order_relaxed) && !stopping_) {
        // Let a burst of transfers build up a batch (the host pushing while
        // the worker takes the lock for each command would make both sides
        // contend); anything waited for is taken at once.
        lock.unlock();
        spin_until([this] { return take_now_.load(std::memory_order_acquire); }, kSpinBudget);
        lock.lock();
      }
      // Announced again before every sleep: a wake-up may find the
      // commands taken by a caller that runs them itself.
      while (!((stopping_ || !pending_.empty()) && !caller_running_)) {
        worker_waiting_ = true;
        work_available_.wait(lock);
      }
      worker_waiting_ = false;
      if (pending_.empty()) break;  // stopping, and drained
      // Everything queued so far: one lock round trip per batch.
      batch.swap(pending_);
      take_now_.store(false, std::memory_order_relaxed);
    }
    for (QueuedCommand& command : batch) execute(command);
    uint64_t ran = batch.size();
    batch.clear();  // releases chips and closures before finish returns
    mark_done(ran);
  }
  { std::lock_guard lock(mutex_); }
  idle_.notify_all();
}

void QueueWorker::mark_done(uint64_t count) {
  done_.fetch_add(count, std::memory_order_seq_cst);
  // Only a finish asleep on idle_ needs the lock and the notification; it
  // registered before its last check of done_ (both seq_cst), so one of
  // the two sides sees the other.
  if (finish_waiters_.load(std::memory_order_seq_cst) != 0) {
    { std::lock_guard lock(mutex_); }
    idle_.notify_all();
  }
}

void QueueWorker::execute(QueuedCommand& command) {
  std::optional<Failure> failure;
  if (has_failure_.load(std::memory_order_acquire)) {
    std::lock_guard lock(mutex_);
    failure = failure_;
  }
  bool records = command.kind == QueuedCommandKind::kRecordEvent;
  if (failure) {  // the queue is stopped: drop, aborting what waits on it
    if (records) command.event->abort(command.event_generation, failure->error, failure->id);
    return;
  }
  QueuedCommandTiming* timing = command.note.timing;
  if (timing) timing->start_ns = steady_now_ns();
  Status status = run_command(command);
  if (timing) timing->end_ns = steady_now_ns();
  if (status.ok()) {
    if (records) command.event->complete(command.event_generation);
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
  if (records) command.event->abort(command.event_generation, error, id);
}

Error QueueWorker::describe_failure(const QueuedCommand& command, Error error) const {
  error.add_context(describe_command(command));
  error.add_context("command queue " + std::to_string(queue_id_));
  error.add_context("device " + std::to_string(device_id_));
  return error;
}

std::optional<Error> QueueWorker::take_failure() {
  if (!failure_) return std::nullopt;
  Error error = std::move(failure_->error);
  failure_.reset();
  has_failure_.store(false, std::memory_order_release);
  return error;
}

Status QueueWorker::finish() {
  // Commands pushed since the worker last ran: the caller runs them itself
  // rather than waking the worker and waiting for it.
  if (std::optional<Status> ran = run_on_caller(nullptr)) return *ran;
  uint64_t target;
  {
    std::lock_guard lock(mutex_);
    target = next_index_;
    if (!pending_.empty()) hand_to_worker();
  }
  auto reached = [&] { return done_.load(std::memory_order_seq_cst) >= target; };
  std::unique_lock lock(mutex_, std::defer_lock);
  if (!spin_until(reached, kSpinBudget)) {
    finish_waiters_.fetch_add(1, std::memory_order_seq_cst);
    lock.lock();
    idle_.wait(lock, reached);
    finish_waiters_.fetch_sub(1, std::memory_order_relaxed);
  } else {
    lock.lock();
  }
  if (std::optional<Error> error = take_failure()) return std::move(*error);
  return ok_status();
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
  }
  work_available_.notify_all();
  if (thread_.joinable()) thread_.join();
  std::lock_guard lock(mutex_);
  if (std::optional<Error> error = take_failure()) return std::move(*error);
  return ok_status();
}

}  // namespace tessera::metal::internal
