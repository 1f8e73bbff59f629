// A simulated device (tt-metal's Device): one chip with its own memory,
// buffers and up to two hardware command queues. Several can be open at once.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <vector>

#include "tessera/base/status.h"
#include "tessera/metal/command_queue.h"
#include "tessera/metal/program_cache.h"
#include "tessera/sim/arch/chip_descriptor.h"
#include "tessera/sim/fiber/scheduler.h"
#include "tessera/sim/isolation/device_process.h"
#include "tessera/sim/memory/chip.h"

namespace tessera::metal {

// Where a device's kernels run. In-process, they run on the caller's
// threads (fast, debuggable, but a kernel shares the host's address space).
// Isolated, in a sandboxed device process (sim/isolation/device_process.h):
// a kernel can reach nothing of the host, and one that ends its process
// fails its run instead of the host.
enum class DeviceIsolation { kInProcess, kIsolated };

// What closing a device found: buffers still live (now freed) and queue
// failures that were never surfaced.
struct CloseReport {
  std::vector<sim::BufferInfo> leaked_buffers;
  std::vector<Error> unsurfaced_errors;
};

class Device {
 public:
  static constexpr uint32_t kMaxCommandQueues = 2;

  static Result<std::unique_ptr<Device>> open(
      uint32_t id, sim::Arch arch, uint32_t num_command_queues = 1,
      DeviceIsolation isolation = DeviceIsolation::kInProcess);
  // With any descriptor, e.g. one read from a binary's system descriptor.
  static Result<std::unique_ptr<Device>> open(
      uint32_t id, sim::ChipDescriptor chip, uint32_t num_command_queues = 1,
      DeviceIsolation isolation = DeviceIsolation::kInProcess);
  // Closes if still open; anything close would report goes to stderr.
  ~Device();
  Device(const Device&) = delete;
  Device& operator=(const Device&) = delete;

  // Drains the queues, frees every live buffer, releases the chip. Buffer
  // handles then report the device as closed. Closing twice is harmless.
  CloseReport close();
  bool is_open() const { return chip_ != nullptr; }

  uint32_t id() const { return id_; }
  const sim::ChipDescriptor& descriptor() const { return descriptor_; }
  // The simulated chip (memories, buffers), shared with the kernel engine.
  // Null after close.
  const std::shared_ptr<sim::Chip>& chip() const { return chip_; }

  DeviceIsolation isolation() const {
    return process_ ? DeviceIsolation::kIsolated : DeviceIsolation::kInProcess;
  }
  // The device process of an isolated device; null in-process.
  sim::DeviceProcess* device_process() const { return process_.get(); }

  uint32_t num_command_queues() const { return static_cast<uint32_t>(queues_.size()); }
  Result<CommandQueue*> command_queue(uint32_t index = 0);

  // How long a kernel may run without waiting or finishing before it is
  // stopped and its run fails as stalled; 0 never stops one. Programs use
  // it unless their EnqueueProgramOptions say otherwise. Set it before
  // enqueuing, not while programs run.
  std::chrono::milliseconds kernel_stall_limit() const { return kernel_stall_limit_; }
  void set_kernel_stall_limit(std::chrono::milliseconds limit) { kernel_stall_limit_ = limit; }

  // Programs prepared for this device (enqueue_prepared_program); emptied
  // when the device closes.
  ProgramCache& program_cache() { return program_cache_; }

 private:
  Device(uint32_t id, sim::ChipDescriptor descriptor, std::shared_ptr<sim::Chip> chip,
         uint32_t num_command_queues, std::unique_ptr<sim::DeviceProcess> process);

  uint32_t id_;
  sim::ChipDescriptor descriptor_;
  std::shared_ptr<sim::Chip> chip_;
  std::vector<std::unique_ptr<CommandQueue>> queues_;
  std::unique_ptr<sim::DeviceProcess> process_;
  std::chrono::milliseconds kernel_stall_limit_{sim::SchedulerOptions{}.stall_limit};
  ProgramCache program_cache_;
};

}  // namespace tessera::metal
