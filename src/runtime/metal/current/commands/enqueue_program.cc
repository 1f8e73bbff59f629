// EnqueueProgramCommand: builds the program its kernels, arguments and CBs
// describe and runs it on this queue. Compiled kernels are cached across
// submits by the process-wide kernel cache, and the program as laid out
// for the device by the device's program cache.
#include "../../cached_program.h"
#include "../command_handlers.h"
#include "../kernel_args.h"
#include "../program_from_command.h"

namespace tessera::runtime::metal_backend::current {
namespace {

// What the program built from `command` depends on beyond the device: the
// binary and the command in it (whose bytes cannot change while the binary
// lives), the queue and command index (its kernels' names), every word its
// kernels' arguments resolve to now (buffer and semaphore addresses, host
// scalars, accessor layouts), and the address of each CB's buffer. Empty
// when something is missing: the program is then built, and fails, as usual.
std::string program_key(const cm::EnqueueProgramCommand& command, const QueueContext& queue) {
  std::string key;
  append_key_word(key, queue.state.binary_serial());
  append_key_word(key, reinterpret_cast<uintptr_t>(&command));
  append_key_word(key, queue.queue_index);
  append_key_word(key, queue.note.origin_index);
  // A semaphore's id depends only on the program's structure; its initial
  // value stands in for it here.
  const KernelArgSources sources{command, queue.state,
                                 [](uint32_t initial) -> Result<uint32_t> { return initial; }};
  const auto* kernels = command.program() ? command.program()->kernels() : nullptr;
  for (uint32_t k = 0; kernels && k < kernels->size(); ++k) {
    const cm::KernelArgs* args = kernels->Get(k)->args();
    if (!args) continue;
    for (auto [list, kind] : {std::pair{args->ct_args(), ArgList::kCompileTime},
                              std::pair{args->crt_args(), ArgList::kCommonRuntime},
                              std::pair{args->rt_args(), ArgList::kRuntime}}) {
      auto resolved = resolve_kernel_args(list, kind, sources);
      if (!resolved.ok()) return {};
      append_key_word(key, resolved->words.size());
      for (uint32_t word : resolved->words) append_key_word(key, word);
    }
  }
  const auto* cbs = command.cbs();
  for (uint32_t c = 0; cbs && c < cbs->size(); ++c) {
    const cm::CBRef& cb = *cbs->Get(c);
    if (!cb.buffer_ref()) return {};
    auto live = queue.state.device_buffer(cb.buffer_ref()->global_id());
    if (!live.ok()) return {};
    append_key_word(key, (*live)->address);
  }
  return key;
}

}  // namespace

Status execute_enqueue_program(const cm::EnqueueProgramCommand& command, QueueContext& queue) {
  const std::string name = "cq" + std::to_string(queue.queue_index) + "_program" +
                           std::to_string(queue.note.origin_index);
  metal::EnqueueProgramOptions options{.note = queue.note};
  options.dprint = queue.state.dprint();
  options.on_kernel_span = SubmitTrace::kernel_recorder(
      queue.state.trace_spans(), queue.queue_index, queue.note.origin_index, name);
  options.on_device_time = SubmitTrace::device_time_recorder(
      queue.state.trace_spans(), queue.queue_index, queue.note.origin_index, name);
  // Blocking: a kernel failure is reported against this command.
  return enqueue_cached_program(queue.hw_queue, queue.state.device(), program_key(command, queue),
                                std::move(options),
                                [&] { return program_from_command(command, name, queue.state); });
}

}  // namespace tessera::runtime::metal_backend::current
