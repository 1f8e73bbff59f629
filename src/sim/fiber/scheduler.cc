#include "tessera/sim/fiber/scheduler.h"

#include <algorithm>
#include <latch>
#include <sstream>
#include <thread>

#include "fault_handler.h"
#include "fiber_switch.h"
#include "stall_watchdog.h"
#include "worker.h"
#include "worker_threads.h"

namespace tessera::sim {

namespace {

unsigned worker_count(const SchedulerOptions& options, std::size_t core_groups) {
  if (options.deterministic) return 1;
  // Asked once: glibc reads /sys and /proc for it on every call (and in a
  // sandboxed device process those reads fail before its fallback).
  static const unsigned hardware_threads = std::thread::hardware_concurrency();
  unsigned threads = options.threads != 0 ? options.threads : hardware_threads;
  threads = std::max(1u, threads);
  return static_cast<unsigned>(std::min<std::size_t>(threads, core_groups));
}

// Index of each fiber's core group, in order of first appearance.
std::vector<std::size_t> group_by_core(const std::vector<FiberSpec>& specs,
                                       std::size_t* group_count) {
  std::vector<CoreLabel> cores;
  std::vector<std::size_t> groups;
  groups.reserve(specs.size());
  for (const FiberSpec& spec : specs) {
    auto found = std::find(cores.begin(), cores.end(), spec.core);
    groups.push_back(static_cast<std::size_t>(found - cores.begin()));
    if (found == cores.end()) cores.push_back(spec.core);
  }
  *group_count = cores.size();
  return groups;
}

Error deadlock_error(const std::vector<std::unique_ptr<Fiber>>& fibers) {
  std::size_t unfinished = 0;
  for (const auto& fiber : fibers) unfinished += fiber->state == FiberState::kBlocked;
  std::ostringstream message;
  message << "deadlock: all " << unfinished << " unfinished kernels are blocked";
  for (const auto& fiber : fibers) {
    if (fiber->state != FiberState::kBlocked) continue;
    message << "\n  core " << describe_core(fiber->spec.core) << " kernel '"
            << fiber->spec.kernel_name << "' waits on " << fiber->wait_describe();
  }
  return Error(ErrorCode::kDeadlock, message.str());
}

class StackReturn {
 public:
  explicit StackReturn(std::vector<std::unique_ptr<Fiber>>& fibers) : fibers_(fibers) {}
  ~StackReturn() {
    for (auto& fiber : fibers_) FiberStackPool::instance().release(fiber->stack);
  }

 private:
  std::vector<std::unique_ptr<Fiber>>& fibers_;
};

}  // namespace

std::string describe_core(CoreLabel core) {
  return "(" + std::to_string(core.x) + "," + std::to_string(core.y) + ")";
}

Scheduler::Scheduler(SchedulerOptions options) : options_(options) {}
Scheduler::~Scheduler() = default;

void Scheduler::add(FiberSpec spec) {
  pending_.push_back(std::move(spec));
}

Status Scheduler::run() {
  std::vector<FiberSpec> specs = std::move(pending_);
  pending_.clear();
  if (specs.empty()) return ok_status();
  if (current_fiber() != nullptr) {
    return make_error(ErrorCode::kFailedPrecondition,
                      "Scheduler::run called from inside a fiber; runs cannot nest");
  }
  install_fault_handlers();

  std::size_t group_count = 0;
  const std::vector<std::size_t> groups = group_by_core(specs, &group_count);
  const unsigned workers_wanted = worker_count(options_, group_count);

  RunState run(workers_wanted);
  std::vector<CoreGroup> core_groups(group_count);
  std::vector<std::unique_ptr<Worker>> workers;
  for (unsigned i = 0; i < workers_wanted; ++i) {
    workers.push_back(std::make_unique<Worker>(i, run, core_groups));
  }
  for (std::size_t i = 0; i < group_count; ++i) workers[i % workers_wanted]->deal(core_groups[i]);

  std::vector<std::unique_ptr<Fiber>> fibers;
  fibers.reserve(specs.size());
  StackReturn return_stacks(fibers);
  for (std::size_t i = 0; i < specs.size(); ++i) {
    auto fiber = std::make_unique<Fiber>();
    fiber->spec = std::move(specs[i]);
    fiber->stack = FiberStackPool::instance().acquire(options_.stack_size);
    if (fiber->stack.base == nullptr) {
      return make_error(ErrorCode::kOutOfMemory, "cannot map a ", options_.stack_size,
                        "-byte fiber stack for kernel '", fiber->spec.kernel_name, "' on core ",
                        describe_core(fiber->spec.core), " (fiber ", i, " of ", specs.size(), ")");
    }
    prepare_fiber(*fiber);  // its worker is set when a worker claims its core
    core_groups[groups[i]].fibers.push_back(fiber.get());
    fibers.push_back(std::move(fiber));
  }

  std::latch others_done(workers_wanted - 1);
  for (unsigned i = 1; i < workers_wanted; ++i) {
    run_on_worker_thread(
        [&worker = *workers[i]] {
          ensure_signal_stack();
          worker.run();
        },
        others_done);
  }
  {
    StallWatch watch(workers, options_.stall_limit);
    ensure_signal_stack();
    workers[0]->run();
    others_done.wait();
  }
  join_finished_worker_threads();

  if (std::optional<Error> error = run.take_error()) {
    error->add_context("run of " + std::to_string(fibers.size()) + " kernel fibers");
    return std::move(*error);
  }
  if (run.deadlocked()) return deadlock_error(fibers);
  return ok_status();
}

}  // namespace tessera::sim
