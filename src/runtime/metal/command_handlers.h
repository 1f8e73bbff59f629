// One handler per TTM0 command type (commands/<command>.cc), and the
// dispatch from a Command's union to its handler.
#pragma once

#include "submit_context.h"
#include "tessera/format/generated.h"

namespace tessera::runtime::metal_backend {

namespace tm = tt::target::metal;

// Where a command runs: the submit's shared state and the hardware queue of
// the binary's command queue; and which command runs, for the hardware
// commands it enqueues (named in their errors, timed when tracing).
struct QueueContext {
  SubmitContext& submit;
  metal::CommandQueue& hw_queue;
  uint32_t queue_index;
  metal::QueuedCommandNote note{};
};

Status execute_create_buffer(const tm::CreateBufferCommand& command, QueueContext& queue);
Status execute_deallocate_buffer(const tm::DeallocateBufferCommand& command, QueueContext& queue);
Status execute_enqueue_write_buffer(const tm::EnqueueWriteBufferCommand& command,
                                    QueueContext& queue);
Status execute_enqueue_read_buffer(const tm::EnqueueReadBufferCommand& command,
                                   QueueContext& queue);
Status execute_enqueue_program(const tm::EnqueueProgramCommand& command, QueueContext& queue);
Status execute_create_event(const tm::CreateEventCommand& command, QueueContext& queue);
Status execute_enqueue_record_event(const tm::EnqueueRecordEventCommand& command,
                                    QueueContext& queue);
Status execute_enqueue_wait_for_event(const tm::EnqueueWaitForEventCommand& command,
                                      QueueContext& queue);
Status execute_event_synchronize(const tm::EventSynchronizeCommand& command, QueueContext& queue);
Status execute_event_query(const tm::EventQueryCommand& command, QueueContext& queue);
Status execute_finish(const tm::FinishCommand& command, QueueContext& queue);

// Runs one command through its handler; errors name the command type.
Status execute_command(const tm::Command& command, QueueContext& queue);

}  // namespace tessera::runtime::metal_backend
