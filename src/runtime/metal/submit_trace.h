// The trace spans and device time of one device program of a TTM0 submit.
// It exists only when the caller asked for spans (SubmitOptions::
// collect_trace) or device time (collect_device_time): a submit without
// either checks one null pointer per command and times nothing, and one
// with device time alone builds no spans.
//
// A command span starts when the executor takes the command up and ends
// when it is done: on the host for host-side commands (create, deallocate,
// finish, synchronize, blocking programs), on the hardware queue for queued
// transfers and event records/waits (their time there arrives through the
// command's metal::QueuedCommandTiming). Kernel spans come from the kernel engine
// and fall inside their EnqueueProgram command's span.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "tessera/base/steady_clock.h"
#include "tessera/metal/command_queue.h"
#include "tessera/runtime/submit.h"
#include "tessera/sim/program/kernel_run_span.h"
#include "tessera/sim/timing/program_timing.h"

namespace tessera::runtime::metal_backend {

class SubmitTrace {
 public:
  struct CommandSpan {
    TraceSpan span;
    int64_t host_end_ns = 0;
    metal::QueuedCommandTiming on_queue;  // filled by the hardware queue, if queued
  };

  // Spans, device time (SubmitOptions::collect_device_time) or both.
  SubmitTrace(uint32_t queues, bool spans, bool device_time)
      : commands_(queues), spans_(spans), device_time_(device_time) {}
  static std::optional<SubmitTrace> for_submit(uint32_t queues, const SubmitOptions& options) {
    if (!options.collect_trace && !options.collect_device_time) return std::nullopt;
    return std::optional<SubmitTrace>(std::in_place, queues, options.collect_trace,
                                      options.collect_device_time);
  }

  // Whether the caller asked for spans: device time alone needs none.
  bool collects_spans() const { return spans_; }

  // Starts the span of command `index` of `queue`. Only the queue's own
  // thread calls this for a queue; the span stays put until take_spans.
  CommandSpan& begin_command(uint32_t queue, uint32_t index, const char* type, std::string detail);
  static void end_command(CommandSpan& command) { command.host_end_ns = steady_now_ns(); }

  // From any thread: kernels of one program may run on several.
  void add_kernel(uint32_t queue, uint32_t command_index, const std::string& program,
                  const sim::KernelRunSpan& kernel);

  // What a program run calls per kernel span: adds it to `trace` under the
  // command that enqueued the program; empty when not tracing.
  static std::function<void(const sim::KernelRunSpan&)> kernel_recorder(SubmitTrace* trace,
                                                                        uint32_t queue,
                                                                        uint32_t command_index,
                                                                        std::string program);

  // What a program run calls with its device time: adds it to `trace`
  // under the command that enqueued the program; empty unless asked for.
  static std::function<void(const sim::timing::ProgramTiming&)> device_time_recorder(
      SubmitTrace* trace, uint32_t queue, uint32_t command_index, std::string program);

  // Appends every span (commands, then kernels) and device time (by queue,
  // then command); call once the queues are drained, so queued commands'
  // times are final.
  void take(SubmitResult& result);
  void take_spans(std::vector<TraceSpan>& out);

 private:
  std::vector<std::deque<CommandSpan>> commands_;  // per queue
  std::mutex kernels_mutex_;
  std::vector<TraceSpan> kernels_;
  bool spans_ = true;
  bool device_time_ = false;
  std::vector<ProgramDeviceTime> device_times_;  // under kernels_mutex_
};

}  // namespace tessera::runtime::metal_backend
