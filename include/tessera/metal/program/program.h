// A program of kernels, circular buffers and semaphores on sets of cores
// (tt-metal's Program, CreateKernel, CreateCircularBuffer, SetRuntimeArgs,
// CreateSemaphore, EnqueueProgram).
//
// Building a program only records and validates; kernels compile when the
// program is enqueued (through the process-wide kernel cache, misses in
// parallel), and it runs in queue order on the device's chip.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tessera/base/status.h"
#include "tessera/metal/command_queue.h"
#include "tessera/metal/device.h"
#include "tessera/metal/program/circular_buffer_config.h"
#include "tessera/metal/program/kernel_config.h"
#include "tessera/sim/fiber/scheduler.h"
#include "tessera/sim/jit/dprint_log.h"
#include "tessera/sim/program/kernel_run_span.h"
#include "tessera/sim/program/program_plan.h"

namespace tessera::metal {

using sim::CoreCoord;
using sim::CoreRange;
using CoreRangeSet = std::vector<CoreRange>;

using KernelHandle = uint32_t;
using CBHandle = uint32_t;

struct EnqueueProgramOptions;

class Program {
 public:
  explicit Program(std::string name = "program") { plan_.name = std::move(name); }

  const std::string& name() const { return plan_.name; }
  const sim::ProgramPlan& plan() const { return plan_; }
  // Opt-in check that compute kernels only unpack pushed CB pages.
  void set_strict_cb_pages(bool strict) { plan_.strict_cb_pages = strict; }

  // DPRINT output of this program's runs (shared by all its runs).
  sim::DprintLog& dprint_log() { return *dprint_; }

 private:
  friend Result<KernelHandle> create_kernel_from_string(Program&, std::string, std::string,
                                                        const CoreRangeSet&, const KernelConfig&);
  friend Result<KernelHandle> create_kernel(Program&, const std::string&, const CoreRangeSet&,
                                            const KernelConfig&);
  friend Result<CBHandle> create_circular_buffer(Program&, const CoreRangeSet&,
                                                 const CircularBufferConfig&);
  friend Status set_runtime_args(Program&, KernelHandle, const CoreRangeSet&,
                                 const std::vector<uint32_t>&);
  friend Status set_common_runtime_args(Program&, KernelHandle, const std::vector<uint32_t>&);
  friend Status mark_l1_address_args(Program&, KernelHandle, std::vector<uint32_t>,
                                     std::vector<uint32_t>);
  friend Result<uint32_t> create_semaphore(Program&, const CoreRangeSet&, uint32_t);
  friend Result<sim::ProgramPlan> lay_out_program(const Program&, const sim::ChipDescriptor&);
  friend Status enqueue_program(CommandQueue&, Device&, Program&, bool,
                                const EnqueueProgramOptions&);

  struct PendingCircularBuffer {
    sim::CircularBufferPlan plan;
    std::optional<Buffer> buffer;  // globally allocated
    uint32_t buffer_offset = 0;    // where in it
  };

  sim::ProgramPlan plan_;  // CB addresses are chosen at enqueue (lay_out_program)
  std::vector<PendingCircularBuffer> circular_buffers_;
  std::shared_ptr<sim::DprintLog> dprint_ = std::make_shared<sim::DprintLog>();
};

// Kernel name `name` (shown in errors and DPRINT), source text `source`.
Result<KernelHandle> create_kernel_from_string(Program& program, std::string name,
                                               std::string source, const CoreRangeSet& cores,
                                               const KernelConfig& config);
// Reads the kernel source from `path`, with the headers it includes from
// beside it (`#include "helpers.hpp"`), as tt-metal's build finds them;
// errors name the path.
Result<KernelHandle> create_kernel(Program& program, const std::string& path,
                                   const CoreRangeSet& cores, const KernelConfig& config);

Result<CBHandle> create_circular_buffer(Program& program, const CoreRangeSet& cores,
                                        const CircularBufferConfig& config);

// Per-core args for every core of `cores`; the kernel must run there.
// Unique + common args of a kernel are limited to 341 per core.
Status set_runtime_args(Program& program, KernelHandle kernel, const CoreRangeSet& cores,
                        const std::vector<uint32_t>& args);
inline Status set_runtime_args(Program& program, KernelHandle kernel, CoreCoord core,
                               const std::vector<uint32_t>& args) {
  return set_runtime_args(program, kernel, CoreRangeSet{{core, core}}, args);
}
Status set_common_runtime_args(Program& program, KernelHandle kernel,
                               const std::vector<uint32_t>& args);
// Which runtime / common args hold L1 addresses: each core's copy is made
// that core's host address of the byte, so the kernel may dereference it
// (as a tt-metal kernel dereferences a semaphore address it was given).
Status mark_l1_address_args(Program& program, KernelHandle kernel,
                            std::vector<uint32_t> runtime_indices,
                            std::vector<uint32_t> common_indices);

// A semaphore with `initial_value` on every core of `cores`; returns the id
// kernels pass to get_semaphore (the lowest id free on all those cores).
Result<uint32_t> create_semaphore(Program& program, const CoreRangeSet& cores,
                                  uint32_t initial_value);

// The program's plan with L1 addresses: semaphores, then CBs from the
// unreserved base (globally allocated CBs at their buffer's address).
Result<sim::ProgramPlan> lay_out_program(const Program& program, const sim::ChipDescriptor& chip);

// How to enqueue a program, beyond tt-metal's arguments.
struct EnqueueProgramOptions {
  // Names the caller's command in errors and takes the run's timing.
  QueuedCommandNote note{};
  // Called once per kernel per core when the kernel returns, from the host
  // thread that ran it (possibly several at once: must be thread-safe).
  // Null: kernels are not timed at all.
  std::function<void(const sim::KernelRunSpan&)> on_kernel_span{};
  // Called once when the run succeeded, with the timing model's estimate
  // of it on the device (sim/timing). Null: nothing is recorded.
  std::function<void(const sim::timing::ProgramTiming&)> on_device_time{};
  // A kernel running this long without waiting or finishing is stopped and
  // the run fails as stalled (sim::SchedulerOptions::stall_limit). Unset:
  // the device's (Device::kernel_stall_limit).
  std::optional<std::chrono::milliseconds> kernel_stall_limit{};
  // Where this run's DPRINT lines go; null: the program's own dprint_log().
  std::shared_ptr<sim::DprintLog> dprint{};
  // Called once when the run succeeded, from the thread that ran it, with
  // what it ran: enqueue_prepared_program runs that again without building,
  // laying out or looking up the program (keep it in the device's
  // program_cache()). Null: nothing is kept.
  std::function<void(std::shared_ptr<const PreparedProgram>)> on_prepared{};
};

// Runs `program` in queue order on `device`. Blocking: returns the run's
// status. Non-blocking: a failure surfaces at the queue's next
// synchronising call (finish). The program may be changed or destroyed
// after this returns; the queued run uses a snapshot.
Status enqueue_program(CommandQueue& queue, Device& device, Program& program, bool blocking);
Status enqueue_program(CommandQueue& queue, Device& device, Program& program, bool blocking,
                       const EnqueueProgramOptions& options);

// Runs a program `on_prepared` received from a run on this device, as
// enqueue_program would run it again. The layout is still checked against
// the buffers live when it runs. Its DPRINT lines go to options.dprint
// (null: dropped); options.on_prepared is not called.
Status enqueue_prepared_program(CommandQueue& queue, Device& device,
                                std::shared_ptr<const PreparedProgram> program, bool blocking,
                                const EnqueueProgramOptions& options);

}  // namespace tessera::metal
