#include "command_handlers.h"

namespace tessera::runtime::metal_backend {

Status execute_command(const tm::Command& command, QueueContext& queue) {
  using tm::CommandType;
  switch (command.type_type()) {
    case CommandType::EnqueueProgramCommand:
      return execute_enqueue_program(*command.type_as_EnqueueProgramCommand(), queue);
    case CommandType::EnqueueWriteBufferCommand:
      return execute_enqueue_write_buffer(*command.type_as_EnqueueWriteBufferCommand(), queue);
    case CommandType::EnqueueReadBufferCommand:
      return execute_enqueue_read_buffer(*command.type_as_EnqueueReadBufferCommand(), queue);
    case CommandType::CreateBufferCommand:
      return execute_create_buffer(*command.type_as_CreateBufferCommand(), queue);
    case CommandType::DeallocateBufferCommand:
      return execute_deallocate_buffer(*command.type_as_DeallocateBufferCommand(), queue);
    case CommandType::CreateEventCommand:
      return execute_create_event(*command.type_as_CreateEventCommand(), queue);
    case CommandType::EnqueueRecordEventCommand:
      return execute_enqueue_record_event(*command.type_as_EnqueueRecordEventCommand(), queue);
    case CommandType::EnqueueWaitForEventCommand:
      return execute_enqueue_wait_for_event(*command.type_as_EnqueueWaitForEventCommand(), queue);
    case CommandType::EventSynchronizeCommand:
      return execute_event_synchronize(*command.type_as_EventSynchronizeCommand(), queue);
    case CommandType::EventQueryCommand:
      return execute_event_query(*command.type_as_EventQueryCommand(), queue);
    case CommandType::FinishCommand:
      return execute_finish(*command.type_as_FinishCommand(), queue);
    case CommandType::NONE:
      break;
  }
  return make_error(ErrorCode::kInvalidArgument, "command has no type (union type ",
                    static_cast<int>(command.type_type()), ")");
}

}  // namespace tessera::runtime::metal_backend
