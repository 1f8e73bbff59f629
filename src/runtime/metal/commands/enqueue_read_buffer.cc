// EnqueueReadBufferCommand: a device buffer into a host tensor (a program
// output, or a host tensor created for the read), in host page order.
#include "../command_handlers.h"

namespace tessera::runtime::metal_backend {

Status execute_enqueue_read_buffer(const tm::EnqueueReadBufferCommand& command,
                                   QueueContext& queue) {
  if (!command.src() || !command.dst()) {
    return make_error(ErrorCode::kInvalidArgument, "needs both src and dst tensor refs");
  }
  TESSERA_ASSIGN_OR_RETURN(auto live, queue.submit.buffer(command.src()->global_id()));
  TESSERA_ASSIGN_OR_RETURN(Tensor destination, queue.submit.host_destination(*command.dst()));
  if (destination.bytes().size() != live->buffer.size()) {
    return make_error(ErrorCode::kInvalidArgument, "buffer ", command.src()->global_id(), " holds ",
                      live->buffer.size(), " bytes but host tensor ", command.dst()->global_id(),
                      " has ", destination.bytes().size());
  }
  return queue.hw_queue.enqueue_read_buffer(live->buffer, destination.mutable_bytes(),
                                            /*blocking=*/false, queue.note);
}

}  // namespace tessera::runtime::metal_backend
