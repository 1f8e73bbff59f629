#include "tessera/metal/command_queue.h"

#include "queue_worker.h"

namespace tessera::metal {

std::string_view command_kind_name(CommandKind kind) {
  switch (kind) {
    case CommandKind::kWriteBuffer:
      return "EnqueueWriteBuffer";
    case CommandKind::kReadBuffer:
      return "EnqueueReadBuffer";
    case CommandKind::kProgram:
      return "EnqueueProgram";
    case CommandKind::kRecordEvent:
      return "EnqueueRecordEvent";
    case CommandKind::kWaitForEvent:
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

Status CommandQueue::enqueue(CommandKind kind, std::string what, std::function<Status()> run,
                             std::shared_ptr<Event> recorded_event) {
  return worker_->push(kind, std::move(what), std::move(run), std::move(recorded_event));
}

namespace {

Status check_transfer(const Buffer& buffer, size_t host_size, const char* direction) {
  TESSERA_ASSIGN_OR_RETURN(std::shared_ptr<sim::Chip> chip, buffer.chip());
  if (host_size != buffer.size()) {
    return make_error(ErrorCode::kInvalidArgument, direction, " ", buffer.info().describe(),
                      ": host data is ", host_size, " bytes, the buffer is ", buffer.size());
  }
  return ok_status();
}

}  // namespace

Status CommandQueue::enqueue_write_buffer(const Buffer& buffer, std::span<const uint8_t> data,
                                          bool blocking) {
  TESSERA_RETURN_IF_ERROR(check_transfer(buffer, data.size(), "writing"));
  // The buffer is described only if the write fails: describing it for
  // every command would cost more than the dispatch itself.
  TESSERA_RETURN_IF_ERROR(enqueue(CommandKind::kWriteBuffer, "", [buffer, data]() -> Status {
    TESSERA_ASSIGN_OR_RETURN(std::shared_ptr<sim::Chip> chip, buffer.chip());
    Status status = chip->write_buffer(buffer.id(), data);
    return status.ok() ? status : status.with_context(buffer.info().describe());
  }));
  return blocking ? finish() : ok_status();
}

Status CommandQueue::enqueue_read_buffer(const Buffer& buffer, std::span<uint8_t> data,
                                         bool blocking) {
  TESSERA_RETURN_IF_ERROR(check_transfer(buffer, data.size(), "reading"));
  TESSERA_RETURN_IF_ERROR(enqueue(CommandKind::kReadBuffer, "", [buffer, data]() -> Status {
    TESSERA_ASSIGN_OR_RETURN(std::shared_ptr<sim::Chip> chip, buffer.chip());
    Status status = chip->read_buffer(buffer.id(), data);
    return status.ok() ? status : status.with_context(buffer.info().describe());
  }));
  return blocking ? finish() : ok_status();
}

Status CommandQueue::enqueue_program(std::string name, std::function<Status()> program) {
  if (!program) {
    return make_error(ErrorCode::kInvalidArgument, "program '", name, "' has nothing to run");
  }
  return enqueue(CommandKind::kProgram, std::move(name), std::move(program));
}

Status CommandQueue::enqueue_record_event(const std::shared_ptr<Event>& event) {
  if (!event) return make_error(ErrorCode::kInvalidArgument, "recording a null event");
  return enqueue(CommandKind::kRecordEvent, "", nullptr, event);
}

Status CommandQueue::enqueue_wait_for_event(const std::shared_ptr<Event>& event) {
  if (!event) return make_error(ErrorCode::kInvalidArgument, "waiting for a null event");
  // Waiting for a record that is not enqueued yet could wait forever.
  TESSERA_ASSIGN_OR_RETURN(uint64_t generation, event->latest_generation());
  return enqueue(CommandKind::kWaitForEvent, "",
                 [event, generation] { return event->wait(generation); });
}

Status CommandQueue::finish() {
  return worker_->finish();
}

Status CommandQueue::shut_down() {
  return worker_->stop();
}

}  // namespace tessera::metal
