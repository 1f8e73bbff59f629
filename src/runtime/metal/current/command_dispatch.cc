#include "../device_program_checks.h"
#include "command_handlers.h"

namespace tessera::runtime::metal_backend::current {

Status execute_command(const cm::Command& command, QueueContext& queue) {
  using cm::CommandType;
  switch (command.type_type()) {
    case CommandType::HostAllocCommand:
      return with_body(command.type_as_HostAllocCommand(), "HostAllocCommand", queue,
                       execute_host_alloc);
    case CommandType::ReturnCommand:
      return with_body(command.type_as_ReturnCommand(), "ReturnCommand", queue, execute_return);
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
    case CommandType::CreateGlobalSemaphoreCommand:
      return with_body(command.type_as_CreateGlobalSemaphoreCommand(),
                       "CreateGlobalSemaphoreCommand", queue, execute_create_global_semaphore);
    case CommandType::ResetGlobalSemaphoreCommand:
      return with_body(command.type_as_ResetGlobalSemaphoreCommand(), "ResetGlobalSemaphoreCommand",
                       queue, execute_reset_global_semaphore);
    case CommandType::CreateLocalSemaphoreCommand:
      return with_body(command.type_as_CreateLocalSemaphoreCommand(), "CreateLocalSemaphoreCommand",
                       queue, execute_create_local_semaphore);
    case CommandType::EnqueueRecordEventCommand:
      return with_body(command.type_as_EnqueueRecordEventCommand(), "EnqueueRecordEventCommand",
                       queue, execute_enqueue_record_event);
    case CommandType::EnqueueWaitForEventCommand:
      return with_body(command.type_as_EnqueueWaitForEventCommand(), "EnqueueWaitForEventCommand",
                       queue, execute_enqueue_wait_for_event);
    case CommandType::EventSynchronizeCommand:
      return with_body(command.type_as_EventSynchronizeCommand(), "EventSynchronizeCommand", queue,
                       execute_event_synchronize);
    case CommandType::MemrefCopyCommand:
      return with_body(command.type_as_MemrefCopyCommand(), "MemrefCopyCommand", queue,
                       execute_memref_copy);
    case CommandType::CpuCommand:
      return with_body(command.type_as_CpuCommand(), "CpuCommand", queue, execute_cpu);
    case CommandType::FinishCommand:
      return with_body(command.type_as_FinishCommand(), "FinishCommand", queue, execute_finish);
    case CommandType::MeshShardCommand:
      return with_body(command.type_as_MeshShardCommand(), "MeshShardCommand", queue,
                       execute_mesh_shard);
    case CommandType::NONE:
      break;
  }
  return make_error(ErrorCode::kInvalidArgument, "command has no type (union type ",
                    static_cast<int>(command.type_type()), ")");
}

}  // namespace tessera::runtime::metal_backend::current
