// NoC transfers from kernels: checked at issue time and performed then,
// except page reads from DRAM, which complete by the kernel's next barrier
// at the latest (noc_transfers.h, pending_noc_reads.h). Writes into
// L1 may unblock waiters on other cores, hence notify_progress; writes into
// DRAM cannot (kernels wait on L1 words and CB counters only).
#include "kernel_host_callbacks.h"
#include "kernel_host_failure.h"
#include "tessera/sim/fiber/fiber_wait.h"
#include "tessera/sim/kernel_host/kernel_host_state.h"
#include "tessera/sim/noc/noc_transfers.h"

namespace tessera::sim::kernel_host {

namespace {

void check_noc_index(uint8_t noc) {
  if (noc >= TESSERA_NUM_NOCS) {
    fail_kernel_if_error(make_error(ErrorCode::kInvalidArgument, "uses NoC ", uint32_t{noc},
                                    "; the chip has NoC 0 and NoC 1"));
  }
}

}  // namespace

void noc_read(tk_ctx* ctx, uint64_t src_noc_addr, uint32_t dst_l1, uint32_t size, uint8_t noc) {
  check_noc_index(noc);
  fail_kernel_if_error(
      sim::noc_read(KernelHostState::of(ctx).noc_issuer(), src_noc_addr, dst_l1, size));
}

void noc_write(tk_ctx* ctx, uint32_t src_l1, uint64_t dst_noc_addr, uint32_t size, uint8_t noc) {
  check_noc_index(noc);
  KernelHostState& state = KernelHostState::of(ctx);
  fail_kernel_if_error(sim::noc_write(state.noc_issuer(), src_l1, dst_noc_addr, size));
  if (noc_address_in_l1(*state.chip, dst_noc_addr)) notify_progress();
}

void noc_write_multicast(tk_ctx* ctx, uint32_t src_l1, uint64_t dst_mcast_addr, uint32_t size,
                         uint32_t /*num_dests*/, int /*linked*/, int loopback, uint8_t noc) {
  check_noc_index(noc);
  fail_kernel_if_error(sim::noc_write_multicast(KernelHostState::of(ctx).noc_issuer(), src_l1,
                                                dst_mcast_addr, size, loopback != 0));
  notify_progress();
}

void noc_inline_write(tk_ctx* ctx, uint64_t dst_noc_addr, uint32_t value, uint8_t byte_enable,
                      uint8_t noc) {
  check_noc_index(noc);
  fail_kernel_if_error(sim::noc_inline_write(KernelHostState::of(ctx).noc_issuer(), dst_noc_addr,
                                             value, byte_enable));
  notify_progress();
}

void noc_barrier(tk_ctx* ctx, uint8_t noc) {
  check_noc_index(noc);
  KernelHostState::of(ctx).noc_reads.complete_all();
}

}  // namespace tessera::sim::kernel_host
