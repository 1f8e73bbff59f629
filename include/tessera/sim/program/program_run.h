// Runs a program on a chip: checks its L1 layout against live buffers,
// compiles its kernels through the cache (misses in parallel), places one
// fiber per kernel per core and runs them all to completion.
//
// Errors carry the program, kernel and core; a failed run leaves the chip
// usable (its memory as the kernels left it).
#pragma once

#include <functional>

#include "tessera/base/status.h"
#include "tessera/sim/fiber/scheduler.h"
#include "tessera/sim/jit/dprint_log.h"
#include "tessera/sim/jit/kernel_cache.h"
#include "tessera/sim/memory/chip.h"
#include "tessera/sim/program/kernel_run_span.h"
#include "tessera/sim/program/program_plan.h"

namespace tessera::sim {

struct ProgramRunOptions {
  SchedulerOptions scheduler{};
  DprintLog* dprint = nullptr;  // null: DPRINT output is dropped
  // Called once per kernel per core when it returns, from the host thread
  // that ran it (so possibly concurrently); not called for kernels that fail
  // or are abandoned. Null: spans are not timed at all.
  std::function<void(const KernelRunSpan&)> on_kernel_span{};
};

// `cache` must install kernel_host_table() (see program_kernel_cache()).
Status run_program(Chip& chip, KernelCache& cache, const ProgramPlan& plan,
                   const ProgramRunOptions& options = {});

// A process-wide cache installing kernel_host_table(), at the default
// cache root (created on first use).
Result<KernelCache*> program_kernel_cache();

}  // namespace tessera::sim
