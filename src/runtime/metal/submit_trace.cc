#include "submit_trace.h"

#include <algorithm>

#include "../program_device_time.h"
#include "tessera/base/steady_clock.h"

namespace tessera::runtime::metal_backend {

SubmitTrace::CommandSpan& SubmitTrace::begin_command(uint32_t queue, uint32_t index,
                                                     const char* type, std::string detail) {
  CommandSpan& command = commands_[queue].emplace_back();
  command.span.name = type;
  command.span.category = "command";
  command.span.queue = static_cast<int32_t>(queue);
  command.span.index = static_cast<int32_t>(index);
  command.span.detail = std::move(detail);
  command.span.start_ns = steady_now_ns();
  return command;
}

void SubmitTrace::add_kernel(uint32_t queue, uint32_t command_index, const std::string& program,
                             const sim::KernelRunSpan& kernel) {
  TraceSpan span;
  span.name = std::string(kernel.kernel_name);
  span.category = "kernel";
  span.start_ns = kernel.start_ns;
  span.duration_ns = kernel.duration_ns;
  span.queue = static_cast<int32_t>(queue);
  span.index = static_cast<int32_t>(command_index);
  span.core_x = static_cast<int32_t>(kernel.core.x);
  span.core_y = static_cast<int32_t>(kernel.core.y);
  span.detail = program;
  std::lock_guard lock(kernels_mutex_);
  kernels_.push_back(std::move(span));
}

void SubmitTrace::take(SubmitResult& result) {
  if (spans_) take_spans(result.spans);
  std::lock_guard lock(kernels_mutex_);
  std::ranges::sort(device_times_, {}, [](const ProgramDeviceTime& time) {
    return std::pair{time.queue, time.index};
  });
  for (ProgramDeviceTime& time : device_times_) result.device_time.push_back(std::move(time));
  device_times_.clear();
}

std::function<void(const sim::timing::ProgramTiming&)> SubmitTrace::device_time_recorder(
    SubmitTrace* trace, uint32_t queue, uint32_t command_index, std::string program) {
  if (!trace || !trace->device_time_) return {};
  return [trace, queue, command_index,
          program = std::move(program)](const sim::timing::ProgramTiming& timing) {
    ProgramDeviceTime time = program_device_time(timing);
    time.name = program;
    time.category = "command";
    time.queue = static_cast<int32_t>(queue);
    time.index = static_cast<int32_t>(command_index);
    std::lock_guard lock(trace->kernels_mutex_);
    trace->device_times_.push_back(std::move(time));
  };
}

void SubmitTrace::take_spans(std::vector<TraceSpan>& out) {
  for (std::deque<CommandSpan>& queue : commands_) {
    for (CommandSpan& command : queue) {
      // Queued commands end when the hardware queue ran them, which may be
      // after the executor handed them over.
      int64_t end = std::max(command.host_end_ns, command.on_queue.end_ns);
      command.span.duration_ns = std::max<int64_t>(0, end - command.span.start_ns);
      out.push_back(std::move(command.span));
    }
    queue.clear();
  }
  std::lock_guard lock(kernels_mutex_);
  std::ranges::sort(kernels_, {}, &TraceSpan::start_ns);
  for (TraceSpan& kernel : kernels_) out.push_back(std::move(kernel));
  kernels_.clear();
}

std::function<void(const sim::KernelRunSpan&)> SubmitTrace::kernel_recorder(SubmitTrace* trace,
                                                                            uint32_t queue,
                                                                            uint32_t command_index,
                                                                            std::string program) {
  if (!trace || !trace->spans_) return {};
  return [trace, queue, command_index,
          program = std::move(program)](const sim::KernelRunSpan& kernel) {
    trace->add_kernel(queue, command_index, program, kernel);
  };
}

}  // namespace tessera::runtime::metal_backend
