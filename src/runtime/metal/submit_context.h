// The state of one TTM0 submit, shared by the threads that run its command
// queues: buffers and events by global id, the host tensors, and the trace.
#pragma once

#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <vector>

#include "submit_trace.h"
#include "tessera/base/status.h"
#include "tessera/format/generated.h"
#include "tessera/metal/buffer.h"
#include "tessera/metal/command_queue.h"
#include "tessera/metal/device.h"
#include "tessera/metal/event.h"
#include "tessera/runtime/tensor.h"
#include "tessera/sim/jit/dprint_log.h"

namespace tessera::runtime::metal_backend {

struct LiveBuffer {
  metal::Buffer buffer;
  metal::BufferConfig config;
  uint64_t address = 0;
};

class SubmitContext {
 public:
  // `trace` is null unless the caller collects trace spans. `binary_serial`
  // names the binary in the device's program cache (BinaryAccess::serial).
  SubmitContext(metal::Device& device, uint32_t queues_in_program, SubmitTrace* trace,
                uint64_t binary_serial)
      : device_(device),
        trace_spans_(trace),
        binary_serial_(binary_serial),
        queues_running_(queues_in_program) {}

  metal::Device& device() { return device_; }
  uint64_t binary_serial() const { return binary_serial_; }
  SubmitTrace* trace_spans() { return trace_spans_; }
  // Where the submit's kernels print; null when DPRINT is off.
  void set_dprint(std::shared_ptr<sim::DprintLog> dprint) { dprint_ = std::move(dprint); }
  const std::shared_ptr<sim::DprintLog>& dprint() const { return dprint_; }

  // Buffers by global id (shared, so a lookup on the hot path copies nothing).
  Result<std::shared_ptr<const LiveBuffer>> buffer(uint32_t global_id) const;
  void add_buffer(uint32_t global_id, LiveBuffer buffer);
  void remove_buffer(uint32_t global_id);
  // Every buffer still live, removed from the map (end-of-submit cleanup).
  std::vector<std::pair<uint32_t, std::shared_ptr<const LiveBuffer>>> take_buffers();

  // Host tensors by global id: program inputs and outputs, plus any host
  // destination a read names that is neither.
  void add_host_tensor(uint32_t global_id, Tensor tensor);
  Result<Tensor> host_tensor(uint32_t global_id) const;
  Result<Tensor> host_destination(const tt::target::TensorRef& ref);

  // Events by global id. `recorded` wakes queues waiting to use the event.
  Status create_event(uint32_t global_id);
  Result<std::shared_ptr<metal::Event>> event(uint32_t global_id) const;
  void mark_recorded(uint32_t global_id);
  // Blocks the calling queue thread until another queue has recorded the
  // event, or errors once no other queue is left that could.
  Status wait_until_recorded(uint32_t global_id);
  void queue_finished();

  void add_event_query(std::string line);
  std::vector<std::string> take_event_queries();

 private:
  metal::Device& device_;
  SubmitTrace* trace_spans_;
  uint64_t binary_serial_;
  std::shared_ptr<sim::DprintLog> dprint_;
  mutable std::mutex mutex_;
  std::condition_variable event_recorded_;
  std::map<uint32_t, std::shared_ptr<const LiveBuffer>> buffers_;
  std::map<uint32_t, Tensor> host_tensors_;
  std::map<uint32_t, std::shared_ptr<metal::Event>> events_;
  std::map<uint32_t, bool> recorded_;
  uint32_t queues_running_;
  std::vector<std::string> event_queries_;
};

}  // namespace tessera::runtime::metal_backend
