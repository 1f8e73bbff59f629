#include "tessera/sim/jit/kernel_invocation.h"

#include "tessera/sim/fiber/fiber_wait.h"
#include "tessera/sim/jit/dprint_log.h"

namespace tessera::sim {

namespace {

std::uint8_t coordinate(int value) {
  return static_cast<std::uint8_t>(value);
}

std::uint32_t processor_abi_value(KernelProcessor processor) {
  switch (processor) {
    case KernelProcessor::kDataMovement0:
      return TESSERA_PROCESSOR_DM0;
    case KernelProcessor::kDataMovement1:
      return TESSERA_PROCESSOR_DM1;
    case KernelProcessor::kCompute:
      return TESSERA_PROCESSOR_COMPUTE;
  }
  return TESSERA_PROCESSOR_DM0;
}

}  // namespace

KernelInvocation::KernelInvocation(std::shared_ptr<const LoadedKernel> kernel,
                                   KernelProcessor processor, KernelPlacement placement)
    : kernel_(std::move(kernel)), placement_(placement) {
  context_.abi_version = TESSERA_KERNEL_ABI_VERSION;
  context_.processor = processor_abi_value(processor);
  context_.noc_x[0] = coordinate(placement.noc0.x);
  context_.noc_y[0] = coordinate(placement.noc0.y);
  context_.noc_x[1] = coordinate(placement.noc1.x);
  context_.noc_y[1] = coordinate(placement.noc1.y);
  context_.absolute_logical_x = static_cast<std::uint32_t>(placement.logical.x);
  context_.absolute_logical_y = static_cast<std::uint32_t>(placement.logical.y);
  context_.relative_logical_x = static_cast<std::uint32_t>(placement.relative.x);
  context_.relative_logical_y = static_cast<std::uint32_t>(placement.relative.y);
  context_.host = this;
}

Status KernelInvocation::check_count(const char* kind, std::size_t count) {
  if (count <= TESSERA_MAX_RUNTIME_ARGS) return ok_status();
  return make_error(ErrorCode::kOutOfRange, count, " ", kind,
                    " args exceed the per-kernel limit of ", TESSERA_MAX_RUNTIME_ARGS);
}

Status KernelInvocation::set_runtime_args(std::vector<std::uint32_t> args) {
  TESSERA_RETURN_IF_ERROR(check_count("runtime", args.size()));
  runtime_args_ = std::move(args);
  context_.runtime_args = runtime_args_.data();
  context_.runtime_arg_count = static_cast<std::uint32_t>(runtime_args_.size());
  return ok_status();
}

Status KernelInvocation::set_common_args(std::vector<std::uint32_t> args) {
  TESSERA_RETURN_IF_ERROR(check_count("common runtime", args.size()));
  common_args_ = std::move(args);
  context_.common_args = common_args_.data();
  context_.common_arg_count = static_cast<std::uint32_t>(common_args_.size());
  return ok_status();
}

Status KernelInvocation::bind_runtime_args(const std::uint32_t* args, std::uint32_t count) {
  TESSERA_RETURN_IF_ERROR(check_count("runtime", count));
  runtime_args_.clear();
  context_.runtime_args = args;
  context_.runtime_arg_count = count;
  return ok_status();
}

Status KernelInvocation::bind_common_args(const std::uint32_t* args, std::uint32_t count) {
  TESSERA_RETURN_IF_ERROR(check_count("common runtime", count));
  common_args_.clear();
  context_.common_args = args;
  context_.common_arg_count = count;
  return ok_status();
}

void KernelInvocation::dprint_append(const std::string& text) {
  dprint_pending_ += text;
}

void KernelInvocation::dprint_select_trisc(int trisc) {
  // Each TRISC has its own print buffer: a line is never split across two.
  if (trisc != dprint_trisc_ && !dprint_pending_.empty()) dprint_end_line();
  dprint_trisc_ = trisc;
}

void KernelInvocation::dprint_end_line() {
  if (dprint_log_ != nullptr) {
    dprint_log_->append(
        {placement_.logical, kernel_->name(), std::move(dprint_pending_), dprint_risc()});
  }
  dprint_pending_.clear();
}

DprintRisc KernelInvocation::dprint_risc() const {
  switch (context_.processor) {
    case TESSERA_PROCESSOR_DM0:
      return DprintRisc::kBrisc;
    case TESSERA_PROCESSOR_DM1:
      return DprintRisc::kNcrisc;
    default:
      break;
  }
  switch (dprint_trisc_) {
    case 0:
      return DprintRisc::kTrisc0;
    case 1:
      return DprintRisc::kTrisc1;
    case 2:
      return DprintRisc::kTrisc2;
    default:
      return DprintRisc::kAllTriscs;
  }
}

void KernelInvocation::run_on_fiber() {
  if (!kernel_->run()) {
    fail_current_fiber(make_error(ErrorCode::kInvalidArgument,
                                  "defines no entry point: expected void kernel_main() or "
                                  "namespace NAMESPACE { void MAIN { ... } }"));
  }
  // Text printed without a final ENDL() still belongs in the log.
  if (!dprint_pending_.empty()) dprint_end_line();
}

FiberSpec KernelInvocation::make_fiber() {
  FiberSpec spec;
  spec.kernel_name = kernel_->name();
  spec.core = placement_.logical;
  spec.body = [this] { run_on_fiber(); };
  spec.on_resume = [](void* self) {
    auto* invocation = static_cast<KernelInvocation*>(self);
    invocation->kernel_->set_context(&invocation->context_);
  };
  spec.on_resume_arg = this;
  return spec;
}

}  // namespace tessera::sim
