// The state of one submit of a current-layout program: its device buffers,
// host buffers, semaphores and events by global id, and the outputs its
// ReturnCommand names. One executor runs the queues in order (as the
// compiler's runtime does), so nothing here is shared between threads.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "../submit_trace.h"
#include "tessera/base/status.h"
#include "tessera/format/current_generated.h"
#include "tessera/metal/buffer.h"
#include "tessera/metal/command_queue.h"
#include "tessera/metal/device.h"
#include "tessera/metal/event.h"
#include "tessera/runtime/tensor.h"
#include "tessera/sim/jit/dprint_log.h"

namespace tessera::runtime::metal_backend::current {

namespace cm = tt::target::current::metal;

struct DeviceBuffer {
  metal::Buffer buffer;
  metal::BufferConfig config;
  uint64_t address = 0;
};

// A global semaphore: one L1 word per core of its range, at one address.
struct GlobalSemaphore {
  metal::Buffer buffer;
  uint64_t address = 0;
};

class SubmitState {
 public:
  // `binary_serial` names the binary in the device's program cache
  // (BinaryAccess::serial).
  SubmitState(metal::Device& device, SubmitTrace* trace, uint64_t binary_serial)
      : device_(device), trace_(trace), binary_serial_(binary_serial) {}

  metal::Device& device() { return device_; }
  uint64_t binary_serial() const { return binary_serial_; }
  SubmitTrace* trace_spans() { return trace_; }
  void set_dprint(std::shared_ptr<sim::DprintLog> dprint) { dprint_ = std::move(dprint); }
  const std::shared_ptr<sim::DprintLog>& dprint() const { return dprint_; }

  // Device buffers by global id.
  Result<const DeviceBuffer*> device_buffer(uint32_t global_id) const;
  bool has_device_buffer(uint32_t global_id) const { return device_buffers_.count(global_id) > 0; }
  void add_device_buffer(uint32_t global_id, DeviceBuffer buffer);
  Status free_device_buffer(uint32_t global_id);

  // Host buffers by global id: program inputs, HostAlloc'd buffers, and
  // the results of MemrefCopy, MeshShard and CPU commands.
  Result<Tensor*> host_buffer(uint32_t global_id);
  bool has_host_buffer(uint32_t global_id) const { return host_buffers_.count(global_id) > 0; }
  Status add_host_buffer(uint32_t global_id, Tensor tensor);

  Status add_global_semaphore(uint32_t global_id, GlobalSemaphore semaphore);
  Result<const GlobalSemaphore*> global_semaphore(uint32_t global_id) const;
  Status add_local_semaphore(uint32_t global_id, uint32_t initial_value);
  Result<uint32_t> local_semaphore_initial_value(uint32_t global_id) const;

  // Events by global id; recording again replaces the event.
  void record_event(uint32_t global_id, std::shared_ptr<metal::Event> event);
  Result<std::shared_ptr<metal::Event>> event(uint32_t global_id) const;

  // What ReturnCommand named, in order: set once.
  Status set_returned(std::vector<uint32_t> global_ids);
  const std::optional<std::vector<uint32_t>>& returned() const { return returned_; }

  // Frees every device buffer and semaphore still live; the buffers the
  // program's own commands left are named in `leaks`.
  Status release_all(std::vector<std::string>& leaks);

 private:
  metal::Device& device_;
  SubmitTrace* trace_;
  uint64_t binary_serial_;
  std::shared_ptr<sim::DprintLog> dprint_;
  std::map<uint32_t, DeviceBuffer> device_buffers_;
  std::map<uint32_t, Tensor> host_buffers_;
  std::map<uint32_t, GlobalSemaphore> global_semaphores_;
  std::map<uint32_t, uint32_t> local_semaphores_;
  std::map<uint32_t, std::shared_ptr<metal::Event>> events_;
  std::optional<std::vector<uint32_t>> returned_;
};

}  // namespace tessera::runtime::metal_backend::current
