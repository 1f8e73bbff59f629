// EnqueueProgramCommand: builds the program its kernels, arguments and CBs
// describe and runs it on this queue. Compiled kernels are cached across
// submits by the process-wide kernel cache.
#include "../command_handlers.h"
#include "../program_from_command.h"

namespace tessera::runtime::metal_backend::current {

Status execute_enqueue_program(const cm::EnqueueProgramCommand& command, QueueContext& queue) {
  const std::string name = "cq" + std::to_string(queue.queue_index) + "_program" +
                           std::to_string(queue.note.origin_index);
  TESSERA_ASSIGN_OR_RETURN(metal::Program program,
                           program_from_command(command, name, queue.state));
  metal::EnqueueProgramOptions options{.note = queue.note};
  options.dprint = queue.state.dprint();
  options.on_kernel_span = SubmitTrace::kernel_recorder(
      queue.state.trace_spans(), queue.queue_index, queue.note.origin_index, name);
  options.on_device_time = SubmitTrace::device_time_recorder(
      queue.state.trace_spans(), queue.queue_index, queue.note.origin_index, name);
  // Blocking: a kernel failure is reported against this command.
  return metal::enqueue_program(queue.hw_queue, queue.state.device(), program, /*blocking=*/true,
                                options);
}

}  // namespace tessera::runtime::metal_backend::current
