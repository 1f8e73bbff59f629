// EnqueueProgram: lays the program out for the device, then runs it in
// queue order on the device's chip; and runs a program prepared by an
// earlier run again.
#include "tessera/metal/program/program.h"
#include "tessera/sim/program/program_run.h"

namespace tessera::metal {
namespace {

// The compiled object of every kernel of `plan`, compiling the missing ones.
Result<std::vector<std::string>> compile_objects(sim::KernelCache& cache,
                                                 const sim::ProgramPlan& plan) {
  std::vector<const sim::KernelBuildSpec*> specs;
  for (const sim::KernelPlan& kernel : plan.kernels) specs.push_back(&kernel.build);
  std::vector<std::string> objects;
  auto compiled = cache.compile_all(specs);
  for (size_t i = 0; i < compiled.size(); ++i) {
    if (!compiled[i].ok()) {
      return std::move(compiled[i])
          .error()
          .add_context("compiling kernel '" + specs[i]->name + "'");
    }
    objects.push_back(std::move(compiled[i]).value());
  }
  return objects;
}

// A run's options from the caller's; `dprint` must outlive the run.
sim::ProgramRunOptions run_options_for(const Device& device, const EnqueueProgramOptions& options,
                                       sim::DprintLog* dprint) {
  sim::ProgramRunOptions run;
  run.scheduler.stall_limit = options.kernel_stall_limit.value_or(device.kernel_stall_limit());
  run.dprint = dprint;
  run.on_kernel_span = options.on_kernel_span;
  run.on_device_time = options.on_device_time;
  return run;
}

}  // namespace

Status enqueue_program(CommandQueue& queue, Device& device, Program& program, bool blocking) {
  return enqueue_program(queue, device, program, blocking, EnqueueProgramOptions{});
}

Status enqueue_program(CommandQueue& queue, Device& device, Program& program, bool blocking,
                       const EnqueueProgramOptions& options) {
  if (!device.is_open()) {
    return make_error(ErrorCode::kFailedPrecondition, "program '", program.name(),
                      "' enqueued on closed device ", device.id());
  }
  sim::DeviceProcess* process = device.device_process();
  if (process) process->expect_run();
  TESSERA_ASSIGN_OR_RETURN(sim::ProgramPlan plan, lay_out_program(program, device.descriptor()));
  TESSERA_ASSIGN_OR_RETURN(sim::KernelCache * cache, sim::program_kernel_cache());
  std::shared_ptr<sim::Chip> chip = device.chip();
  std::shared_ptr<sim::DprintLog> dprint = options.dprint ? options.dprint : program.dprint_;
  const sim::ProgramRunOptions run_options = run_options_for(device, options, dprint.get());
  // `dprint` rides along: run_options points into it.
  auto run = [chip, cache, dprint, plan = std::move(plan), process, run_options,
              on_prepared = options.on_prepared]() -> Status {
    std::vector<std::shared_ptr<const sim::LoadedKernel>> loaded;
    std::vector<std::string> objects;
    sim::DevicePlan device_plan;
    if (!process) {
      TESSERA_RETURN_IF_ERROR(sim::run_program(*chip, *cache, plan, run_options, loaded));
    } else {
      // Isolated: the host compiles, the device process loads and runs.
      TESSERA_ASSIGN_OR_RETURN(objects, compile_objects(*cache, plan));
      device_plan = sim::DeviceProcess::describe(plan, objects);
      TESSERA_RETURN_IF_ERROR(process->run_program(*chip, plan, device_plan, objects, run_options));
    }
    if (on_prepared) {
      on_prepared(std::make_shared<const PreparedProgram>(
          PreparedProgram{plan, std::move(loaded), std::move(objects), std::move(device_plan)}));
    }
    return ok_status();
  };
  return queue.enqueue_program(program.name(), std::move(run), blocking, options.note);
}

Status enqueue_prepared_program(CommandQueue& queue, Device& device,
                                std::shared_ptr<const PreparedProgram> program, bool blocking,
                                const EnqueueProgramOptions& options) {
  if (!program) {
    return make_error(ErrorCode::kInvalidArgument, "no prepared program to enqueue");
  }
  if (!device.is_open()) {
    return make_error(ErrorCode::kFailedPrecondition, "program '", program->plan.name,
                      "' enqueued on closed device ", device.id());
  }
  sim::DeviceProcess* process = device.device_process();
  const bool runs_here = program->loaded.size() == program->plan.kernels.size();
  const bool runs_there = program->objects.size() == program->plan.kernels.size();
  if (process ? !runs_there : !runs_here) {
    return make_error(ErrorCode::kInvalidArgument, "program '", program->plan.name,
                      "' was prepared for ", process ? "an in-process" : "an isolated",
                      " device; device ", device.id(), " is not one");
  }
  if (process) process->expect_run();
  const sim::ProgramRunOptions run_options = run_options_for(device, options, options.dprint.get());
  // `dprint` rides along: run_options points into it.
  auto run = [chip = device.chip(), program, process, dprint = options.dprint,
              run_options]() -> Status {
    if (!process)
      return sim::run_loaded_program(*chip, program->plan, program->loaded, run_options);
    return process->run_program(*chip, program->plan, program->device_plan, program->objects,
                                run_options);
  };
  return queue.enqueue_program(program->plan.name, std::move(run), blocking, options.note);
}

}  // namespace tessera::metal
