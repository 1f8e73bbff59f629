// One kernel fiber's record: its spec, stack, saved context and state.
#pragma once

#include <boost/context/detail/fcontext.hpp>
#include <cstdint>
#include <optional>
#include <string>

#include "fiber_stack_pool.h"
#include "tessera/base/status.h"
#include "tessera/sim/fiber/fiber_spec.h"
#include "tessera/sim/fiber/function_ref.h"

namespace tessera::sim {

class Worker;

enum class FiberState : std::uint8_t {
  kReady,     // runnable: not started, yielded, or its wait is satisfied
  kBlocked,   // parked in wait_until
  kFinished,  // body returned
  kFailed,    // faulted or raised an error; abandoned
};

// Raw facts about a hardware fault, recorded by the signal handler (which
// must not allocate) and turned into an Error on the worker.
struct FaultRecord {
  int signal = 0;
  int code = 0;
  const void* address = nullptr;
};

struct Fiber {
  FiberSpec spec;
  Worker* worker = nullptr;
  FiberState state = FiberState::kReady;

  FunctionRef<bool()> wait_ready;
  FunctionRef<std::string()> wait_describe;
  // Progress epoch at which wait_ready() was last found false; the
  // predicate is not re-checked until the epoch moves.
  std::uint64_t checked_epoch = 0;
  // The worker's core-local epoch at that check (notify_core_progress).
  std::uint64_t checked_local_epoch = 0;

  FiberStack stack;
  boost::context::detail::fcontext_t context = nullptr;         // fiber, while suspended
  boost::context::detail::fcontext_t worker_context = nullptr;  // worker, while fiber runs
  void* sanitizer_fake_stack = nullptr;

  std::optional<Error> error;
  FaultRecord fault;
};

}  // namespace tessera::sim
