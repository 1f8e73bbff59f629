// A hardware command queue of a device (tt-metal's CommandQueue).
//
// Commands run in order on the queue's own worker thread. A failing command
// stops the queue: later commands are dropped (events they would record are
// aborted) until the error surfaces at the next synchronising call — finish,
// a blocking read/write, or event_synchronize — which reports it with the
// failed command's identity and makes the queue usable again.
//
// Non-blocking transfers are handed to the worker in batches: they are
// guaranteed to have run by the next synchronising call or event that
// follows them, not earlier.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>

#include "tessera/base/status.h"
#include "tessera/metal/buffer.h"
#include "tessera/metal/event.h"

namespace tessera::metal {

namespace internal {
class QueueWorker;
}

enum class QueuedCommandKind {
  kWriteBuffer,
  kReadBuffer,
  kProgram,
  kRecordEvent,
  kWaitForEvent,
};
// "EnqueueWriteBuffer", "EnqueueReadBuffer", "EnqueueProgram", ...
std::string_view queued_command_kind_name(QueuedCommandKind kind);

// When a queued command ran on its queue, in steady-clock nanoseconds; both
// stay 0 if it was dropped after an earlier failure.
struct QueuedCommandTiming {
  int64_t start_ns = 0;
  int64_t end_ns = 0;
};

// Optional annotations of one enqueued command, cheap to pass on every call.
struct QueuedCommandNote {
  // The caller's own name for the command, named in its errors as
  // "for command <origin_index> (<origin>)"; `origin` must be a string that
  // outlives the queue (a literal or a static table entry).
  const char* origin = nullptr;
  uint32_t origin_index = 0;
  // If set, filled when the command has run: valid after the next
  // synchronising call. Must stay alive until then.
  QueuedCommandTiming* timing = nullptr;
};

class CommandQueue {
 public:
  CommandQueue(uint32_t device_id, uint32_t queue_id);
  ~CommandQueue();
  CommandQueue(const CommandQueue&) = delete;
  CommandQueue& operator=(const CommandQueue&) = delete;

  uint32_t id() const { return queue_id_; }
  uint32_t device_id() const { return device_id_; }

  // Non-blocking: `data` must stay alive and unchanged until the command has
  // run (finish, or an event recorded after it). Blocking: returns once done.
  Status enqueue_write_buffer(const Buffer& buffer, std::span<const uint8_t> data, bool blocking,
                              const QueuedCommandNote& note = {});
  // Non-blocking: `data` is filled only when the queue reaches the command.
  // Blocking transfers, like blocking programs, run on the calling thread
  // when the queue is idle.
  Status enqueue_read_buffer(const Buffer& buffer, std::span<uint8_t> data, bool blocking,
                             const QueuedCommandNote& note = {});
  // Runs `program` in queue order; the kernel engine supplies the callable.
  // Blocking: returns once it ran, with its failure or an earlier command's,
  // as finish does; when the queue is idle it runs on the calling thread.
  Status enqueue_program(std::string name, std::function<Status()> program, bool blocking = false,
                         const QueuedCommandNote& note = {});
  Status enqueue_record_event(const std::shared_ptr<Event>& event,
                              const QueuedCommandNote& note = {});
  // Later commands of this queue wait until `event` (recorded on any queue)
  // completes. The event must have been recorded already.
  Status enqueue_wait_for_event(const std::shared_ptr<Event>& event,
                                const QueuedCommandNote& note = {});
  // Waits for every enqueued command; reports (and clears) a failure.
  Status finish();

  // Stops the worker after the commands already enqueued; returns a failure
  // that never surfaced, if any. Used when the device closes.
  Status shut_down();

 private:
  uint32_t device_id_;
  uint32_t queue_id_;
  std::shared_ptr<internal::QueueWorker> worker_;
};

}  // namespace tessera::metal
