#include "tessera/sim/program/program_run.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "kernel_trace_pool.h"
#include "program_layout_check.h"
#include "tessera/base/steady_clock.h"
#include "tessera/sim/jit/kernel_invocation.h"
#include "tessera/sim/kernel_host/kernel_host_state.h"
#include "tessera/sim/kernel_host/kernel_host_table.h"
#include "tessera/sim/semaphore/semaphore_words.h"
#include "tessera/sim/timing/replay_memo.h"
#include "tessera/sim/timing/timing_replay.h"

namespace tessera::sim {

namespace {

// Runtime args live in the reserved L1 below the unreserved base (where
// the device keeps its kernel config), so get_arg_addr returns real L1
// addresses: per processor, the unique args then the common args.
constexpr uint32_t kArgsBase = 0x100;
constexpr uint32_t kArgsBytesPerProcessor = 2 * TESSERA_MAX_RUNTIME_ARGS * 4;

uint32_t args_offset(KernelProcessor processor) {
  return kArgsBase + static_cast<uint32_t>(processor) * kArgsBytesPerProcessor;
}

struct RunState {
  ProgramL1Regions regions;
  std::vector<std::unique_ptr<CoreRunState>> cores;  // by worker index
  std::vector<std::unique_ptr<KernelHostState>> host_states;
  std::vector<std::unique_ptr<KernelInvocation>> invocations;
  // With device time: the timing parameters and each invocation's trace.
  std::unique_ptr<timing::TimingParams> timing_params;
  std::vector<std::unique_ptr<timing::KernelTrace>> traces;
  std::vector<KernelProcessor> processors;

  RunState() = default;
  RunState(const RunState&) = delete;
  RunState& operator=(const RunState&) = delete;
  ~RunState() { give_back_kernel_traces(traces); }
};

// Fidelity phases of a compute kernel (tt-metal's MathFidelity: LoFi 0,
// HiFi2 2, HiFi3 3, HiFi4 4), from the define the toolchain passes.
uint32_t fidelity_phases(const KernelBuildSpec& build) {
  for (const auto& [name, value] : build.toolchain_defines) {
    if (name != "TESSERA_MATH_FIDELITY") continue;
    const int fidelity = std::atoi(value.c_str());
    return static_cast<uint32_t>(std::clamp(fidelity, 1, 4));
  }
  return 4;  // the kernel API's default (common.h)
}

Result<std::vector<std::shared_ptr<const LoadedKernel>>> compile_kernels(KernelCache& cache,
                                                                         const ProgramPlan& plan) {
  std::vector<const KernelBuildSpec*> specs;
  for (const KernelPlan& kernel : plan.kernels) specs.push_back(&kernel.build);
  auto results = cache.get_all(specs);
  std::vector<std::shared_ptr<const LoadedKernel>> kernels;
  for (std::size_t i = 0; i < results.size(); ++i) {
    if (!results[i].ok()) {
      return std::move(results[i]).error().add_context("compiling kernel '" + specs[i]->name + "'");
    }
    kernels.push_back(std::move(results[i]).value());
  }
  return kernels;
}

// Two kernels may not share a processor of a core.
Status check_processors(const ChipDescriptor& chip, const ProgramPlan& plan) {
  std::map<std::pair<uint32_t, KernelProcessor>, const std::string*> owners;
  for (const KernelPlan& kernel : plan.kernels) {
    TESSERA_ASSIGN_OR_RETURN(std::vector<CoreCoord> cores, expand_cores(chip, kernel.cores));
    for (CoreCoord core : cores) {
      auto [it, added] = owners.emplace(std::pair{chip.worker_index(core), kernel.build.processor},
                                        &kernel.build.name);
      if (!added) {
        return make_error(ErrorCode::kAlreadyExists, "kernels '", *it->second, "' and '",
                          kernel.build.name, "' both run on ",
                          processor_name(kernel.build.processor), " of core ", to_string(core));
      }
    }
  }
  return ok_status();
}

// Core sets were expanded and checked against the grid by the layout
// check; membership needs no list of cores (placement asks per core).
bool includes(const CoreRangeSet& ranges, CoreCoord core) {
  return std::any_of(ranges.begin(), ranges.end(),
                     [core](const CoreRange& range) { return range.contains(core); });
}

Result<std::vector<CircularBufferLayout>> cb_layouts_on(const ProgramPlan& plan, CoreCoord core) {
  std::vector<CircularBufferLayout> layouts;
  std::array<bool, TESSERA_NUM_CIRCULAR_BUFFERS> used{};
  for (const CircularBufferPlan& cb : plan.circular_buffers) {
    if (!includes(cb.cores, core)) continue;
    for (const CircularBufferPlan::Index& index : cb.indices) {
      if (used[index.index]) {
        return make_error(ErrorCode::kAlreadyExists, "circular buffer ", index.index,
                          " is configured twice on core ", to_string(core));
      }
      used[index.index] = true;
      layouts.push_back({index.index, cb.address, cb.size, index.page_size, index.format});
    }
  }
  return layouts;
}

Result<CoreRunState*> core_state(Chip& chip, const ProgramPlan& plan, RunState& run,
                                 CoreCoord logical) {
  const ChipDescriptor& descriptor = chip.descriptor();
  const uint32_t index = descriptor.worker_index(logical);
  if (run.cores[index]) return run.cores[index].get();
  TESSERA_ASSIGN_OR_RETURN(std::vector<CircularBufferLayout> layouts, cb_layouts_on(plan, logical));
  auto core = std::make_unique<CoreRunState>();
  core->index = index;
  core->logical = logical;
  core->noc = descriptor.worker_cores[index];
  core->window_base = chip.l1().window_base(index);
  core->circular_buffers = std::make_unique<CoreCircularBuffers>(core->window_base, layouts);
  core->semaphore_base = plan.semaphore_base;
  for (const SemaphorePlan& semaphore : plan.semaphores) {
    if (!includes(semaphore.cores, logical)) continue;
    core->semaphore_ids |= 1u << semaphore.id;
    auto* word = reinterpret_cast<uint32_t*>(static_cast<uintptr_t>(
        core->window_base + semaphore_offset(plan.semaphore_base, semaphore.id)));
    store_semaphore(word, semaphore.initial_value);
  }
  run.cores[index] = std::move(core);
  return run.cores[index].get();
}

CoreCoord relative_to_range(const CoreRangeSet& ranges, CoreCoord core) {
  for (const CoreRange& range : ranges) {
    if (range.contains(core)) return {core.x - range.start.x, core.y - range.start.y};
  }
  return {};
}

// The args with those marked as L1 addresses moved into `state`'s window.
std::vector<uint32_t> relocated(std::vector<uint32_t> args, const std::vector<uint32_t>& l1_indices,
                                const CoreRunState& state, const ChipDescriptor& chip) {
  for (uint32_t index : l1_indices) {
    if (index < args.size() && args[index] < chip.l1_size) {
      args[index] = static_cast<uint32_t>(state.window_base + args[index]);
    }
  }
  return args;
}

Status bind_args(KernelInvocation& invocation, const KernelPlan& kernel, CoreCoord core,
                 const CoreRunState& state, const ChipDescriptor& chip) {
  auto found = kernel.runtime_args.find(core);
  const std::vector<uint32_t> unique =
      relocated(found == kernel.runtime_args.end() ? std::vector<uint32_t>() : found->second,
                kernel.l1_address_runtime_args, state, chip);
  const std::vector<uint32_t> common =
      relocated(kernel.common_args, kernel.l1_address_common_args, state, chip);
  if (unique.size() + common.size() > TESSERA_MAX_RUNTIME_ARGS) {
    return make_error(ErrorCode::kOutOfRange, unique.size(), " runtime args and ", common.size(),
                      " common runtime args on core ", to_string(core), " exceed the limit of ",
                      TESSERA_MAX_RUNTIME_ARGS, " per kernel");
  }
  if (chip.l1_unreserved_base < args_offset(KernelProcessor::kCompute) + kArgsBytesPerProcessor) {
    TESSERA_RETURN_IF_ERROR(invocation.set_runtime_args(unique));
    return invocation.set_common_args(common);
  }
  auto* args = reinterpret_cast<uint32_t*>(
      static_cast<uintptr_t>(state.window_base + args_offset(kernel.build.processor)));
  std::copy(unique.begin(), unique.end(), args);
  std::copy(common.begin(), common.end(), args + TESSERA_MAX_RUNTIME_ARGS);
  TESSERA_RETURN_IF_ERROR(invocation.bind_runtime_args(args, static_cast<uint32_t>(unique.size())));
  return invocation.bind_common_args(args + TESSERA_MAX_RUNTIME_ARGS,
                                     static_cast<uint32_t>(common.size()));
}

Status place_kernel(Chip& chip, const ProgramPlan& plan, const KernelPlan& kernel,
                    const std::shared_ptr<const LoadedKernel>& loaded, RunState& run,
                    const ProgramRunOptions& options) {
  const ChipDescriptor& descriptor = chip.descriptor();
  TESSERA_ASSIGN_OR_RETURN(std::vector<CoreCoord> cores, expand_cores(descriptor, kernel.cores));
  for (CoreCoord logical : cores) {
    TESSERA_ASSIGN_OR_RETURN(CoreRunState * core, core_state(chip, plan, run, logical));
    const CoreCoord relative = relative_to_range(kernel.cores, logical);
    // Coordinates are the same on both NoCs (tt-metal's translated
    // coordinates), so kernels may use my_x[noc] with either.
    const CoreLabel noc{static_cast<int>(core->noc.x), static_cast<int>(core->noc.y)};
    const KernelPlacement placement{{static_cast<int>(logical.x), static_cast<int>(logical.y)},
                                    {static_cast<int>(relative.x), static_cast<int>(relative.y)},
                                    noc,
                                    noc};
    auto host = std::make_unique<KernelHostState>();
    host->chip = &chip;
    host->regions = &run.regions;
    host->core = core;
    host->strict_cb_pages = plan.strict_cb_pages;
    core->circular_buffers->init_interfaces(host->cbs.data());
    if (kernel.build.processor == KernelProcessor::kCompute) {
      host->compute = std::make_unique<ComputeKernelState>(kernel.dst);
    }
    auto invocation = std::make_unique<KernelInvocation>(loaded, kernel.build.processor, placement);
    TESSERA_RETURN_IF_ERROR(bind_args(*invocation, kernel, logical, *core, descriptor)
                                .with_context("kernel '" + kernel.build.name + "'"));
    invocation->set_circular_buffers(host->cbs.data());
    invocation->set_dprint_log(options.dprint);
    invocation->set_device_state(host.get());
    if (run.timing_params) {
      std::unique_ptr<timing::KernelTrace> trace = take_kernel_trace();
      trace->fidelity_phases = fidelity_phases(kernel.build);
      host->timing = trace.get();
      host->timing_params = run.timing_params.get();
      run.traces.push_back(std::move(trace));
      run.processors.push_back(kernel.build.processor);
    }
    run.host_states.push_back(std::move(host));
    run.invocations.push_back(std::move(invocation));
  }
  return ok_status();
}

// A kernel's fiber: returning ends the kernel like a barrier, so its last
// NoC reads land before the fiber finishes.
FiberSpec kernel_fiber(KernelInvocation& invocation, KernelHostState& host) {
  FiberSpec spec = invocation.make_fiber();
  spec.body = [body = std::move(spec.body), &host] {
    body();
    host.noc_reads.complete_all();
  };
  return spec;
}

// Wraps the fiber body so it reports its span once it returns. The body
// starts the first time the fiber is switched into, so its first line is
// the kernel's start.
FiberSpec timed_fiber(FiberSpec spec, KernelInvocation& invocation, CoreCoord core,
                      const std::function<void(const KernelRunSpan&)>& on_span) {
  spec.body = [body = std::move(spec.body), &invocation, core, &on_span] {
    const int64_t start = steady_now_ns();
    body();
    on_span({invocation.kernel_name(), core, start, steady_now_ns() - start});
  };
  return spec;
}

// What the replay needs besides the traces: each invocation's kernel and
// core, CB capacities, the semaphores' initial values and the chip's NoC map.
timing::ReplayInput replay_input(const Chip& chip, const ProgramPlan& plan, const RunState& run) {
  const ChipDescriptor& descriptor = chip.descriptor();
  timing::ReplayInput input;
  input.noc_map = &chip.noc_map();
  for (std::size_t i = 0; i < run.invocations.size(); ++i) {
    const KernelInvocation& invocation = *run.invocations[i];
    const CoreLabel logical = invocation.placement().logical;
    const CoreCoord core{static_cast<uint32_t>(logical.x), static_cast<uint32_t>(logical.y)};
    input.kernels.push_back({std::string(invocation.kernel_name()), core,
                             descriptor.worker_index(core), run.processors[i],
                             run.traces[i].get()});
  }
  for (uint32_t worker = 0; worker < run.cores.size(); ++worker) {
    const CoreRunState* core = run.cores[worker].get();
    if (!core) continue;
    for (const CircularBufferPlan& cb : plan.circular_buffers) {
      if (!includes(cb.cores, core->logical)) continue;
      for (const CircularBufferPlan::Index& index : cb.indices) {
        const uint32_t pages = index.page_size == 0 ? 0 : cb.size / index.page_size;
        input.circular_buffers.push_back({worker, index.index, pages});
      }
    }
    for (const SemaphorePlan& semaphore : plan.semaphores) {
      if (!includes(semaphore.cores, core->logical)) continue;
      input.words.push_back(
          {worker, semaphore_offset(plan.semaphore_base, semaphore.id), semaphore.initial_value});
    }
  }
  return input;
}

// Places and runs a checked program (`regions` is its checked layout).
Status run_checked(Chip& chip, const ProgramPlan& plan, ProgramL1Regions regions,
                   std::span<const std::shared_ptr<const LoadedKernel>> kernels,
                   const ProgramRunOptions& options) {
  const ChipDescriptor& descriptor = chip.descriptor();
  RunState run;
  run.regions = std::move(regions);
  if (kernels.size() != plan.kernels.size()) {
    return make_error(ErrorCode::kInternal, "program '", plan.name, "' has ", plan.kernels.size(),
                      " kernels but ", kernels.size(), " were loaded");
  }
  run.cores.resize(descriptor.num_workers());
  if (options.on_device_time) {
    TESSERA_ASSIGN_OR_RETURN(timing::TimingParams params,
                             timing::builtin_timing_params(descriptor.arch));
    run.timing_params = std::make_unique<timing::TimingParams>(params);
  }
  for (std::size_t i = 0; i < plan.kernels.size(); ++i) {
    TESSERA_RETURN_IF_ERROR(place_kernel(chip, plan, plan.kernels[i], kernels[i], run, options));
  }
  Scheduler scheduler(options.scheduler);
  for (std::size_t i = 0; i < run.invocations.size(); ++i) {
    KernelInvocation& invocation = *run.invocations[i];
    FiberSpec fiber = kernel_fiber(invocation, *run.host_states[i]);
    if (options.on_kernel_span) {
      const CoreLabel logical = invocation.placement().logical;
      const CoreCoord core{static_cast<uint32_t>(logical.x), static_cast<uint32_t>(logical.y)};
      fiber = timed_fiber(std::move(fiber), invocation, core, options.on_kernel_span);
    }
    if (options.on_fiber) options.on_fiber(fiber);
    scheduler.add(std::move(fiber));
  }
  TESSERA_RETURN_IF_ERROR(scheduler.run());
  if (options.on_device_time) {
    options.on_device_time(timing::process_replay_memo().replay(*run.timing_params, descriptor,
                                                                replay_input(chip, plan, run)));
  }
  return ok_status();
}

Status run_loaded(Chip& chip, const ProgramPlan& plan,
                  std::span<const std::shared_ptr<const LoadedKernel>> kernels,
                  const ProgramRunOptions& options) {
  TESSERA_ASSIGN_OR_RETURN(ProgramL1Regions regions, check_program_layout(chip, plan));
  TESSERA_RETURN_IF_ERROR(check_processors(chip.descriptor(), plan));
  return run_checked(chip, plan, std::move(regions), kernels, options);
}

// Checks before compiling, so a bad layout fails without a compile.
Status run_program_impl(Chip& chip, KernelCache& cache, const ProgramPlan& plan,
                        const ProgramRunOptions& options,
                        std::vector<std::shared_ptr<const LoadedKernel>>* ran) {
  TESSERA_ASSIGN_OR_RETURN(ProgramL1Regions regions, check_program_layout(chip, plan));
  TESSERA_RETURN_IF_ERROR(check_processors(chip.descriptor(), plan));
  TESSERA_ASSIGN_OR_RETURN(auto kernels, compile_kernels(cache, plan));
  TESSERA_RETURN_IF_ERROR(run_checked(chip, plan, std::move(regions), kernels, options));
  if (ran) *ran = std::move(kernels);
  return ok_status();
}

}  // namespace

Status run_program(Chip& chip, KernelCache& cache, const ProgramPlan& plan,
                   const ProgramRunOptions& options) {
  Status status = run_program_impl(chip, cache, plan, options, nullptr);
  return status.with_context("program '" + plan.name + "'");
}

Status run_program(Chip& chip, KernelCache& cache, const ProgramPlan& plan,
                   const ProgramRunOptions& options,
                   std::vector<std::shared_ptr<const LoadedKernel>>& ran) {
  Status status = run_program_impl(chip, cache, plan, options, &ran);
  return status.with_context("program '" + plan.name + "'");
}

Status run_loaded_program(Chip& chip, const ProgramPlan& plan,
                          std::span<const std::shared_ptr<const LoadedKernel>> kernels,
                          const ProgramRunOptions& options) {
  Status status = run_loaded(chip, plan, kernels, options);
  return status.with_context("program '" + plan.name + "'");
}

Result<KernelCache*> program_kernel_cache() {
  static std::mutex mutex;
  static std::unique_ptr<KernelCache> cache;
  std::lock_guard lock(mutex);
  if (!cache) {
    TESSERA_ASSIGN_OR_RETURN(cache, KernelCache::create({.host_table = &kernel_host_table()}));
  }
  return cache.get();
}

}  // namespace tessera::sim
