#include "queued_command.h"

namespace tessera::metal::internal {

TransferTarget TransferTarget::of(const sim::BufferInfo& info) {
  return {info.id,        info.spec.memory_type, info.spec.layout,
          info.spec.size, info.spec.page_size,   info.address};
}

std::string TransferTarget::describe() const {
  sim::BufferInfo info;
  info.id = id;
  info.spec = {memory_type, size, page_size, layout, std::nullopt};
  info.address = address;
  return info.describe();
}

Status run_command(const QueuedCommand& command) {
  switch (command.kind) {
    case QueuedCommandKind::kWriteBuffer: {
      Status status = command.chip->write_buffer(
          command.buffer.id, std::span<const uint8_t>(command.host_data, command.host_size));
      return status.ok() ? status : status.with_context("writing " + command.buffer.describe());
    }
    case QueuedCommandKind::kReadBuffer: {
      Status status = command.chip->read_buffer(
          command.buffer.id, std::span<uint8_t>(command.host_data, command.host_size));
      return status.ok() ? status : status.with_context("reading " + command.buffer.describe());
    }
    case QueuedCommandKind::kProgram:
      return command.program();
    case QueuedCommandKind::kRecordEvent:
      return ok_status();
    case QueuedCommandKind::kWaitForEvent:
      return command.event->wait(command.event_generation);
  }
  return make_error(ErrorCode::kInternal, "unknown command kind ", static_cast<int>(command.kind));
}

std::string describe_command(const QueuedCommand& command) {
  std::string text = "command " + std::to_string(command.index) + " (" +
                     std::string(queued_command_kind_name(command.kind));
  if (!command.name.empty()) text += " " + command.name;
  text += ")";
  if (command.note.origin) {
    text += " for command " + std::to_string(command.note.origin_index) + " (" +
            command.note.origin + ")";
  }
  return text;
}

}  // namespace tessera::metal::internal
