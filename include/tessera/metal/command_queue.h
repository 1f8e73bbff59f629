// A hardware command queue of a device (tt-metal's CommandQueue).
//
// Commands run in order on the queue's own worker thread. A failing command
// stops the queue: later commands are dropped (events they would record are
// aborted) until the error surfaces at the next synchronising call — finish,
// a blocking read/write, or event_synchronize — which reports it with the
// failed command's identity and makes the queue usable again.
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

enum class CommandKind {
  kWriteBuffer,
  kReadBuffer,
  kProgram,
  kRecordEvent,
  kWaitForEvent,
};
// "EnqueueWriteBuffer", "EnqueueReadBuffer", "EnqueueProgram", ...
std::string_view command_kind_name(CommandKind kind);

class CommandQueue {
 public:
  CommandQueue(uint32_t device_id, uint32_t queue_id);
  ~CommandQueue();
  CommandQueue(const CommandQueue&) = delete;
  CommandQueue& operator=(const CommandQueue&) = delete;

  uint32_t id() const { return queue_id_; }

  // Non-blocking: `data` must stay alive and unchanged until the command has
  // run (finish, or an event recorded after it). Blocking: returns once done.
  Status enqueue_write_buffer(const Buffer& buffer, std::span<const uint8_t> data, bool blocking);
  // Non-blocking: `data` is filled only when the queue reaches the command.
  Status enqueue_read_buffer(const Buffer& buffer, std::span<uint8_t> data, bool blocking);
  // Runs `program` in queue order; the kernel engine supplies the callable.
  Status enqueue_program(std::string name, std::function<Status()> program);
  Status enqueue_record_event(const std::shared_ptr<Event>& event);
  // Later commands of this queue wait until `event` (recorded on any queue)
  // completes. The event must have been recorded already.
  Status enqueue_wait_for_event(const std::shared_ptr<Event>& event);
  // Waits for every enqueued command; reports (and clears) a failure.
  Status finish();

  // Stops the worker after the commands already enqueued; returns a failure
  // that never surfaced, if any. Used when the device closes.
  Status shut_down();

 private:
  Status enqueue(CommandKind kind, std::string what, std::function<Status()> run,
                 std::shared_ptr<Event> recorded_event = nullptr);

  uint32_t device_id_;
  uint32_t queue_id_;
  std::shared_ptr<internal::QueueWorker> worker_;
};

}  // namespace tessera::metal
