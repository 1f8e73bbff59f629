#include "tessera/metal/command_queue.h"

#include "queue_worker.h"

namespace tessera::metal {

std::string_view queued_command_kind_name(QueuedCommandKind kind) {
  switch (kind) {
    case QueuedCommandKind::kWriteBuffer:
      return "EnqueueWriteBuffer";
    case QueuedCommandKind::kReadBuffer:
      return "EnqueueReadBuffer";
    case QueuedCommandKind::kProgram:
      return "EnqueueProgram";
    case QueuedCommandKind::kRecordEvent:
      return "EnqueueRecordEvent";
    case QueuedCommandKind::kWaitForEvent:
      return "EnqueueWaitForEvent";
  }
  return "unknown";
}

CommandQueue::CommandQueue(uint32_t device_id, uint32_t queue_id)
    : device_id_(device_id),
      queue_id_(queue_id),
      worker_(std::make_shared<internal::QueueWorker>(device_id, queue_id)) {
  worker_->start();
}

CommandQueue::~CommandQueue() {
  (void)worker_->stop();
}

namespace {

// The command for a transfer of `host_size` bytes, checked now: a size
// mismatch or a gone device is the caller's error, not the queue's.
Result<internal::QueuedCommand> transfer(QueuedCommandKind kind, const Buffer& buffer,
                                         uint8_t* host_data, size_t host_size,
                                         const QueuedCommandNote& note) {
  TESSERA_ASSIGN_OR_RETURN(std::shared_ptr<sim::Chip> chip, buffer.chip());
  if (host_size != buffer.size()) {
    return make_error(ErrorCode::kInvalidArgument,
                      kind == QueuedCommandKind::kWriteBuffer ? "writing " : "reading ",
                      buffer.info().describe(), ": host data is ", host_size,
                      " bytes, the buffer is ", buffer.size());
  }
  internal::QueuedCommand command;
  command.kind = kind;
  command.note = note;
  command.chip = std::move(chip);
  command.buffer = internal::TransferTarget::of(buffer.info());
  command.host_data = host_data;
  command.host_size = host_size;
  return command;
}

}  // namespace

Status CommandQueue::enqueue_write_buffer(const Buffer& buffer, std::span<const uint8_t> data,
                                          bool blocking, const QueuedCommandNote& note) {
  // The command only reads through host_data.
  TESSERA_ASSIGN_OR_RETURN(internal::QueuedCommand command,
                           transfer(QueuedCommandKind::kWriteBuffer, buffer,
                                    const_cast<uint8_t*>(data.data()), data.size(), note));
  if (blocking) return worker_->push_and_finish(std::move(command));
  return worker_->push(std::move(command));
}

Status CommandQueue::enqueue_read_buffer(const Buffer& buffer, std::span<uint8_t> data,
                                         bool blocking, const QueuedCommandNote& note) {
  TESSERA_ASSIGN_OR_RETURN(
      internal::QueuedCommand command,
      transfer(QueuedCommandKind::kReadBuffer, buffer, data.data(), data.size(), note));
  if (blocking) return worker_->push_and_finish(std::move(command));
  return worker_->push(std::move(command));
}

Status CommandQueue::enqueue_program(std::string name, std::function<Status()> program,
                                     bool blocking, const QueuedCommandNote& note) {
  if (!program) {
    return make_error(ErrorCode::kInvalidArgument, "program '", name, "' has nothing to run");
  }
  internal::QueuedCommand command;
  command.kind = QueuedCommandKind::kProgram;
  command.note = note;
  command.name = std::move(name);
  command.program = std::move(program);
  if (blocking) return worker_->push_and_finish(std::move(command));
  return worker_->push(std::move(command));
}

Status CommandQueue::enqueue_record_event(const std::shared_ptr<Event>& event,
                                          const QueuedCommandNote& note) {
  if (!event) return make_error(ErrorCode::kInvalidArgument, "recording a null event");
  internal::QueuedCommand command;
  command.kind = QueuedCommandKind::kRecordEvent;
  command.note = note;
  command.event = event;
  return worker_->push(std::move(command));
}

Status CommandQueue::enqueue_wait_for_event(const std::shared_ptr<Event>& event,
                                            const QueuedCommandNote& note) {
  if (!event) return make_error(ErrorCode::kInvalidArgument, "waiting for a null event");
  // Waiting for a record that is not enqueued yet could wait forever.
  TESSERA_ASSIGN_OR_RETURN(uint64_t generation, event->latest_generation());
  internal::QueuedCommand command;
  command.kind = QueuedCommandKind::kWaitForEvent;
  command.note = note;
  command.event = event;
  command.event_generation = generation;
  return worker_->push(std::move(command));
}

Status CommandQueue::finish() {
  return worker_->finish();
}

Status CommandQueue::shut_down() {
  return worker_->stop();
}

}  // namespace tessera::metal
