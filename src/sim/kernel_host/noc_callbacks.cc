// NoC transfers from kernels: checked at issue time and performed then,
// except page reads from DRAM, which complete by the kernel's next barrier
// at the latest (noc_transfers.h, pending_noc_reads.h). Writes into
// L1 may unblock waiters on other cores, hence notify_progress; writes into
// DRAM cannot (kernels wait on L1 words and CB counters only).
#include <cstring>

#include "kernel_host_callbacks.h"
#include "kernel_host_failure.h"
#include "tessera/sim/fiber/fiber_wait.h"
#include "tessera/sim/kernel_host/kernel_host_state.h"
#include "tessera/sim/noc/noc_address.h"
#include "tessera/sim/noc/noc_transfers.h"
#include "timing_hooks.h"

namespace tessera::sim::kernel_host {

namespace {

void check_noc_index(uint8_t noc) {
  if (noc >= TESSERA_NUM_NOCS) {
    fail_kernel_if_error(make_error(ErrorCode::kInvalidArgument, "uses NoC ", uint32_t{noc},
                                    "; the chip has NoC 0 and NoC 1"));
  }
}

// Whether a read comes from a worker core's zero region (MEM_ZEROS_BASE).
bool reads_zero_region(const Chip& chip, uint64_t src_noc_addr, uint32_t size) {
  const NocAddress source = decode_noc_address(src_noc_addr);
  return source.local >= TESSERA_MEM_ZEROS_BASE &&
         uint64_t{source.local} + size <= TESSERA_MEM_ZEROS_BASE + TESSERA_MEM_ZEROS_SIZE &&
         chip.descriptor().is_worker_noc({source.x, source.y});
}

Status read_zeros(const NocIssuer& issuer, uint32_t dst_l1, uint32_t size) {
  TESSERA_ASSIGN_OR_RETURN(uint8_t * dst, local_l1_pointer(issuer, dst_l1, size));
  complete_noc_reads(issuer);
  std::memset(dst, 0, size);
  return ok_status();
}

}  // namespace

void noc_read(tk_ctx* ctx, uint64_t src_noc_addr, uint32_t dst_l1, uint32_t size, uint8_t noc) {
  check_noc_index(noc);
  KernelHostState& state = KernelHostState::of(ctx);
  const NocIssuer issuer = state.noc_issuer();
  if (reads_zero_region(*issuer.chip, src_noc_addr, size)) {
    fail_kernel_if_error(read_zeros(issuer, dst_l1, size));
    return;
  }
  fail_kernel_if_error(sim::noc_read(issuer, src_noc_addr, dst_l1, size));
  if (state.timing) time_noc_read(state, src_noc_addr, size, noc);
}

void noc_write(tk_ctx* ctx, uint32_t src_l1, uint64_t dst_noc_addr, uint32_t size, uint8_t noc) {
  check_noc_index(noc);
  KernelHostState& state = KernelHostState::of(ctx);
  fail_kernel_if_error(sim::noc_write(state.noc_issuer(), src_l1, dst_noc_addr, size));
  if (state.timing) time_noc_write(state, src_l1, dst_noc_addr, size, noc);
  if (noc_address_in_l1(*state.chip, dst_noc_addr)) notify_progress();
}

void noc_write_multicast(tk_ctx* ctx, uint32_t src_l1, uint64_t dst_mcast_addr, uint32_t size,
                         uint32_t /*num_dests*/, int mode, int loopback, uint8_t noc) {
  check_noc_index(noc);
  KernelHostState& state = KernelHostState::of(ctx);
  fail_kernel_if_error(
      sim::noc_write_multicast(state.noc_issuer(), src_l1, dst_mcast_addr, size, loopback != 0));
  if (state.timing) {
    time_noc_multicast(state, src_l1, dst_mcast_addr, size, loopback != 0, mode, noc);
  }
  notify_progress();
}

void noc_inline_write(tk_ctx* ctx, uint64_t dst_noc_addr, uint32_t value, uint8_t byte_enable,
                      uint8_t noc) {
  check_noc_index(noc);
  KernelHostState& state = KernelHostState::of(ctx);
  fail_kernel_if_error(sim::noc_inline_write(state.noc_issuer(), dst_noc_addr, value, byte_enable));
  if (state.timing) time_inline_write(state, dst_noc_addr, value, noc);
  notify_progress();
}

void noc_barrier(tk_ctx* ctx, uint8_t noc) {
  check_noc_index(noc);
  KernelHostState& state = KernelHostState::of(ctx);
  state.noc_reads.complete_all();
  if (state.timing) time_barrier(state);
}

}  // namespace tessera::sim::kernel_host
