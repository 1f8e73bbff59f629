// EnqueueProgramCommand: builds the program of kernels its ProgramDesc
// describes and runs it on this queue. Compiled kernels are cached across
// submits by the process-wide kernel cache.
#include "../command_handlers.h"
#include "../program_from_desc.h"

namespace tessera::runtime::metal_backend {

Status execute_enqueue_program(const tm::EnqueueProgramCommand& command, QueueContext& queue) {
  if (!command.program()) return make_error(ErrorCode::kInvalidArgument, "has no program");
  std::string name = "cq" + std::to_string(queue.queue_index) + "_program";
  TESSERA_ASSIGN_OR_RETURN(metal::Program program,
                           program_from_desc(*command.program(), name, queue.submit));
  metal::EnqueueProgramOptions options{.note = queue.note};
  options.dprint = queue.submit.dprint();
  options.on_kernel_span = SubmitTrace::kernel_recorder(
      queue.submit.trace_spans(), queue.queue_index, queue.note.origin_index, name);
  options.on_device_time = SubmitTrace::device_time_recorder(
      queue.submit.trace_spans(), queue.queue_index, queue.note.origin_index, name);
  // Blocking: a kernel failure is reported against this command, not at the
  // next synchronising one. The queue's host thread has nothing else to do.
  return metal::enqueue_program(queue.hw_queue, queue.submit.device(), program,
                                /*blocking=*/true, options);
}

}  // namespace tessera::runtime::metal_backend
