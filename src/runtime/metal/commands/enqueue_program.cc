// EnqueueProgramCommand: builds the program of kernels its ProgramDesc
// describes and runs it on this queue. Compiled kernels are cached across
// submits by the process-wide kernel cache, and the program as laid out
// for the device by the device's program cache.
#include "../cached_program.h"
#include "../command_handlers.h"
#include "../program_from_desc.h"

namespace tessera::runtime::metal_backend {
namespace {

// What the program built from `desc` depends on beyond the device: the
// binary and the ProgramDesc in it (whose bytes cannot change while the
// binary lives), the queue (its kernels' names), and the address of the
// buffer each CB is bound to. Empty when a CB's tensor is not live: the
// program is then built, and fails, as usual.
std::string program_key(const tm::ProgramDesc& desc, const QueueContext& queue) {
  std::string key;
  append_key_word(key, queue.submit.binary_serial());
  append_key_word(key, reinterpret_cast<uintptr_t>(&desc));
  append_key_word(key, queue.queue_index);
  const auto* kernels = desc.kernels();
  for (uint32_t k = 0; kernels && k < kernels->size(); ++k) {
    const auto* cbs = kernels->Get(k)->cbs();
    for (uint32_t c = 0; cbs && c < cbs->size(); ++c) {
      const tt::target::CBRef& cb = *cbs->Get(c);
      if (!cb.tensor_ref()) return {};
      auto live = queue.submit.buffer(cb.tensor_ref()->global_id());
      if (!live.ok()) return {};
      append_key_word(key, (*live)->address);
    }
  }
  return key;
}

}  // namespace

Status execute_enqueue_program(const tm::EnqueueProgramCommand& command, QueueContext& queue) {
  if (!command.program()) return make_error(ErrorCode::kInvalidArgument, "has no program");
  std::string name = "cq" + std::to_string(queue.queue_index) + "_program";
  metal::EnqueueProgramOptions options{.note = queue.note};
  options.dprint = queue.submit.dprint();
  options.on_kernel_span = SubmitTrace::kernel_recorder(
      queue.submit.trace_spans(), queue.queue_index, queue.note.origin_index, name);
  options.on_device_time = SubmitTrace::device_time_recorder(
      queue.submit.trace_spans(), queue.queue_index, queue.note.origin_index, name);
  // Blocking: a kernel failure is reported against this command, not at the
  // next synchronising one. The queue's host thread has nothing else to do.
  return enqueue_cached_program(queue.hw_queue, queue.submit.device(),
                                program_key(*command.program(), queue), std::move(options), [&] {
                                  return program_from_desc(*command.program(), name, queue.submit);
                                });
}

}  // namespace tessera::runtime::metal_backend
