#include "command_handlers.h"
#include "device_program_checks.h"

namespace tessera::runtime::metal_backend {

Status execute_command(const tm::Command& command, QueueContext& queue) {
  using tm::CommandType;
  switch (command.type_type()) {
    case CommandType::EnqueueProgramCommand:
      return with_body(command.type_as_EnqueueProgramCommand(), "EnqueueProgramCommand", queue,
                       execute_enqueue_program);
    case CommandType::EnqueueWriteBufferCommand:
      return with_body(command.type_as_EnqueueWriteBufferCommand(), "EnqueueWriteBufferCommand",
                       queue, execute_enqueue_write_buffer);
    case CommandType::EnqueueReadBufferCommand:
      return with_body(command.type_as_EnqueueReadBufferCommand(), "EnqueueReadBufferCommand",
                       queue, execute_enqueue_read_buffer);
    case CommandType::CreateBufferCommand:
      return with_body(command.type_as_CreateBufferCommand(), "CreateBufferCommand", queue,
                       execute_create_buffer);
    case CommandType::DeallocateBufferCommand:
      return with_body(command.type_as_DeallocateBufferCommand(), "DeallocateBufferCommand", queue,
                       execute_deallocate_buffer);
    case CommandType::CreateEventCommand:
      return with_body(command.type_as_CreateEventCommand(), "CreateEventCommand", queue,
                       execute_create_event);
    case CommandType::EnqueueRecordEventCommand:
      return with_body(command.type_as_EnqueueRecordEventCommand(), "EnqueueRecordEventCommand",
                       queue, execute_enqueue_record_event);
    case CommandType::EnqueueWaitForEventCommand:
      return with_body(command.type_as_EnqueueWaitForEventCommand(), "EnqueueWaitForEventCommand",
                       queue, execute_enqueue_wait_for_event);
    case CommandType::EventSynchronizeCommand:
      return with_body(command.type_as_EventSynchronizeCommand(), "EventSynchronizeCommand", queue,
                       execute_event_synchronize);
    case CommandType::EventQueryCommand:
      return with_body(command.type_as_EventQueryCommand(), "EventQueryCommand", queue,
                       execute_event_query);
    case CommandType::FinishCommand:
      return with_body(command.type_as_FinishCommand(), "FinishCommand", queue, execute_finish);
    case CommandType::NONE:
      break;
  }
  return make_error(ErrorCode::kInvalidArgument, "command has no type (union type ",
                    static_cast<int>(command.type_type()), ")");
}

}  // namespace tessera::runtime::metal_backend
