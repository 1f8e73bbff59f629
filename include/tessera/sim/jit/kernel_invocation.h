// One kernel running on one core: its context as the kernel sees it
// (runtime args, coordinates, CBs), its DPRINT state, and the fiber that
// runs it.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "tessera/base/status.h"
#include "tessera/sim/fiber/fiber_spec.h"
#include "tessera/sim/fiber/fiber_wait.h"
#include "tessera/sim/jit/kernel_abi.h"
#include "tessera/sim/jit/kernel_build_spec.h"
#include "tessera/sim/jit/loaded_kernel.h"

namespace tessera::sim {

class DprintLog;
enum class DprintRisc : std::uint8_t;

// Where a kernel runs, in the coordinate systems kernels can ask for.
struct KernelPlacement {
  CoreLabel logical{};   // get_absolute_logical_x/y
  CoreLabel relative{};  // get_relative_logical_x/y (within the core range)
  CoreLabel noc0{};      // my_x[0] / my_y[0]
  CoreLabel noc1{};      // my_x[1] / my_y[1]
};

// DPRINT formatting state of one kernel, changed by the stream modifiers.
struct DprintFormat {
  int base = 10;
  int width = 0;       // applies to the next item only
  int precision = -1;  // -1: default (6 significant digits)
  bool fixed = false;
};

class KernelInvocation {
 public:
  KernelInvocation(std::shared_ptr<const LoadedKernel> kernel, KernelProcessor processor,
                   KernelPlacement placement);
  KernelInvocation(const KernelInvocation&) = delete;
  KernelInvocation& operator=(const KernelInvocation&) = delete;

  // Per-core args (owned copy). At most TESSERA_MAX_RUNTIME_ARGS.
  Status set_runtime_args(std::vector<std::uint32_t> args);
  Status set_common_args(std::vector<std::uint32_t> args);
  // Args stored elsewhere, e.g. in the core's L1 so get_arg_addr works.
  Status bind_runtime_args(const std::uint32_t* args, std::uint32_t count);
  Status bind_common_args(const std::uint32_t* args, std::uint32_t count);

  void set_circular_buffers(tessera_cb_interface* cbs) { context_.cbs = cbs; }
  void set_dprint_log(DprintLog* log) { dprint_log_ = log; }
  bool dprint_enabled() const { return dprint_log_ != nullptr; }
  // Opaque state for host callbacks beyond this layer (device, program...).
  void set_device_state(void* state) { device_state_ = state; }
  void* device_state() const { return device_state_; }

  const std::string& kernel_name() const { return kernel_->name(); }
  const KernelPlacement& placement() const { return placement_; }
  tessera_kernel_context& context() { return context_; }

  // Appends to the pending DPRINT line / completes it into the log.
  void dprint_append(const std::string& text);
  void dprint_end_line();
  // DPRINT_UNPACK/MATH/PACK: the TRISC (0..2) later lines come from; -1:
  // all three. Ignored for data-movement kernels.
  void dprint_select_trisc(int trisc);
  DprintFormat& dprint_format() { return dprint_format_; }

  // A fiber that runs the kernel; the invocation must outlive the run.
  FiberSpec make_fiber();

  // The invocation behind a kernel's context (context->host). Every kernel
  // API callback starts here, so here a kernel the stall watchdog wants
  // stopped is stopped when its thread was in host code.
  static KernelInvocation& of(tessera_kernel_context* context) {
    stop_if_stall_requested();
    return *static_cast<KernelInvocation*>(context->host);
  }

 private:
  static Status check_count(const char* kind, std::size_t count);
  DprintRisc dprint_risc() const;
  void run_on_fiber();

  std::shared_ptr<const LoadedKernel> kernel_;
  KernelPlacement placement_;
  tessera_kernel_context context_{};
  std::vector<std::uint32_t> runtime_args_;
  std::vector<std::uint32_t> common_args_;
  DprintLog* dprint_log_ = nullptr;
  DprintFormat dprint_format_;
  std::string dprint_pending_;
  int dprint_trisc_ = -1;
  void* device_state_ = nullptr;
};

}  // namespace tessera::sim
