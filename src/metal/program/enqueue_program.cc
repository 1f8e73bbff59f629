// EnqueueProgram: lays the program out for the device, then runs it in
// queue order on the device's chip.
#include "tessera/metal/program/program.h"
#include "tessera/sim/program/program_run.h"

namespace tessera::metal {

Status enqueue_program(CommandQueue& queue, Device& device, Program& program, bool blocking) {
  return enqueue_program(queue, device, program, blocking, EnqueueProgramOptions{});
}

Status enqueue_program(CommandQueue& queue, Device& device, Program& program, bool blocking,
                       const EnqueueProgramOptions& options) {
  if (!device.is_open()) {
    return make_error(ErrorCode::kFailedPrecondition, "program '", program.name(),
                      "' enqueued on closed device ", device.id());
  }
  TESSERA_ASSIGN_OR_RETURN(sim::ProgramPlan plan, lay_out_program(program, device.descriptor()));
  TESSERA_ASSIGN_OR_RETURN(sim::KernelCache * cache, sim::program_kernel_cache());
  std::shared_ptr<sim::Chip> chip = device.chip();
  std::shared_ptr<sim::DprintLog> dprint = program.dprint_;
  sim::SchedulerOptions scheduler;
  scheduler.stall_limit = options.kernel_stall_limit;
  auto run = [chip, cache, dprint, plan = std::move(plan), scheduler,
              on_kernel_span = options.on_kernel_span]() -> Status {
    return sim::run_program(
        *chip, *cache, plan,
        {.scheduler = scheduler, .dprint = dprint.get(), .on_kernel_span = on_kernel_span});
  };
  TESSERA_RETURN_IF_ERROR(queue.enqueue_program(program.name(), std::move(run), options.note));
  if (!blocking) return ok_status();
  return queue.finish();
}

}  // namespace tessera::metal
