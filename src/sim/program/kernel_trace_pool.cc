#include "kernel_trace_pool.h"

namespace tessera::sim {

namespace {

// What a thread keeps: a program's worth of traces of up to a few MB, so
// that a run that recorded far more does not hold on to it.
constexpr std::size_t kMaxTraces = 1024;
constexpr std::size_t kMaxEvents = std::size_t{1} << 17;  // 128 Ki events, 5 MiB

struct SpareTraces {
  std::vector<std::unique_ptr<timing::KernelTrace>> traces;
  std::size_t events = 0;  // the capacity they hold
};

SpareTraces& spare_traces() {
  thread_local SpareTraces spare;
  return spare;
}

}  // namespace

std::unique_ptr<timing::KernelTrace> take_kernel_trace() {
  SpareTraces& spare = spare_traces();
  if (spare.traces.empty()) return std::make_unique<timing::KernelTrace>();
  std::unique_ptr<timing::KernelTrace> trace = std::move(spare.traces.back());
  spare.traces.pop_back();
  spare.events -= trace->capacity();
  return trace;
}

void give_back_kernel_traces(std::vector<std::unique_ptr<timing::KernelTrace>>& traces) {
  SpareTraces& spare = spare_traces();
  for (std::unique_ptr<timing::KernelTrace>& trace : traces) {
    if (!trace || spare.traces.size() >= kMaxTraces ||
        spare.events + trace->capacity() > kMaxEvents) {
      continue;
    }
    trace->reset();
    spare.events += trace->capacity();
    spare.traces.push_back(std::move(trace));
  }
  traces.clear();
}

}  // namespace tessera::sim
