// Runs a program on a chip: checks its L1 layout against live buffers,
// compiles its kernels through the cache (misses in parallel), places one
// fiber per kernel per core and runs them all to completion.
//
// Errors carry the program, kernel and core; a failed run leaves the chip
// usable (its memory as the kernels left it).
#pragma once

#include <functional>
#include <memory>
#include <span>
#include <vector>

#include "tessera/base/status.h"
#include "tessera/sim/fiber/scheduler.h"
#include "tessera/sim/jit/dprint_log.h"
#include "tessera/sim/jit/kernel_cache.h"
#include "tessera/sim/memory/chip.h"
#include "tessera/sim/program/kernel_run_span.h"
#include "tessera/sim/program/program_plan.h"
#include "tessera/sim/timing/program_timing.h"

namespace tessera::sim {

struct ProgramRunOptions {
  SchedulerOptions scheduler{};
  DprintLog* dprint = nullptr;  // null: DPRINT output is dropped
  // Called once per kernel per core when it returns, from the host thread
  // that ran it (so possibly concurrently); not called for kernels that fail
  // or are abandoned. Null: spans are not timed at all.
  std::function<void(const KernelRunSpan&)> on_kernel_span{};
  // Called once per kernel per core with its fiber before the run starts,
  // to wrap what it does (a device process marks which kernel each of its
  // threads is running). Null: fibers are left as they are.
  std::function<void(FiberSpec&)> on_fiber{};
  // Called once after a successful run with the timing model's estimate of
  // the run on the device (sim/timing). Null: nothing is recorded.
  std::function<void(const timing::ProgramTiming&)> on_device_time{};
};

// `cache` must install kernel_host_table() (see program_kernel_cache()).
Status run_program(Chip& chip, KernelCache& cache, const ProgramPlan& plan,
                   const ProgramRunOptions& options = {});
// As above; after a successful run `ran` holds the kernels it loaded, in
// the plan's order, for run_loaded_program to run the plan again.
Status run_program(Chip& chip, KernelCache& cache, const ProgramPlan& plan,
                   const ProgramRunOptions& options,
                   std::vector<std::shared_ptr<const LoadedKernel>>& ran);

// With the kernels already compiled and loaded (kernels[i] runs
// plan.kernels[i], loaded with kernel_host_table()): what a device process
// does with the objects the host compiled.
Status run_loaded_program(Chip& chip, const ProgramPlan& plan,
                          std::span<const std::shared_ptr<const LoadedKernel>> kernels,
                          const ProgramRunOptions& options = {});

// A process-wide cache installing kernel_host_table(), at the default
// cache root (created on first use).
Result<KernelCache*> program_kernel_cache();

}  // namespace tessera::sim
