// One handler per command of the current layout (commands/<command>.cc),
// and the dispatch from a Command's union to its handler.
#pragma once

#include "submit_state.h"

namespace tessera::runtime::metal_backend::current {

// Where a command runs: the submit's state and the hardware queue named by
// its CommandQueue's queue_id; which command it is, for the hardware
// commands it enqueues (named in their errors, timed when tracing).
struct QueueContext {
  SubmitState& state;
  metal::CommandQueue& hw_queue;
  uint32_t queue_index;
  metal::QueuedCommandNote note{};
};

Status execute_host_alloc(const cm::HostAllocCommand& command, QueueContext& queue);
Status execute_return(const cm::ReturnCommand& command, QueueContext& queue);
Status execute_enqueue_program(const cm::EnqueueProgramCommand& command, QueueContext& queue);
Status execute_enqueue_write_buffer(const cm::EnqueueWriteBufferCommand& command,
                                    QueueContext& queue);
Status execute_enqueue_read_buffer(const cm::EnqueueReadBufferCommand& command,
                                   QueueContext& queue);
Status execute_create_buffer(const cm::CreateBufferCommand& command, QueueContext& queue);
Status execute_deallocate_buffer(const cm::DeallocateBufferCommand& command, QueueContext& queue);
Status execute_create_global_semaphore(const cm::CreateGlobalSemaphoreCommand& command,
                                       QueueContext& queue);
Status execute_reset_global_semaphore(const cm::ResetGlobalSemaphoreCommand& command,
                                      QueueContext& queue);
Status execute_create_local_semaphore(const cm::CreateLocalSemaphoreCommand& command,
                                      QueueContext& queue);
Status execute_enqueue_record_event(const cm::EnqueueRecordEventCommand& command,
                                    QueueContext& queue);
Status execute_enqueue_wait_for_event(const cm::EnqueueWaitForEventCommand& command,
                                      QueueContext& queue);
Status execute_event_synchronize(const cm::EventSynchronizeCommand& command, QueueContext& queue);
Status execute_memref_copy(const cm::MemrefCopyCommand& command, QueueContext& queue);
Status execute_cpu(const cm::CpuCommand& command, QueueContext& queue);
Status execute_finish(const cm::FinishCommand& command, QueueContext& queue);
Status execute_mesh_shard(const cm::MeshShardCommand& command, QueueContext& queue);

// Runs one command through its handler; errors name the command type.
Status execute_command(const cm::Command& command, QueueContext& queue);

}  // namespace tessera::runtime::metal_backend::current
