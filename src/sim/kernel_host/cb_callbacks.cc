// cb_reserve_back / cb_push_back / cb_wait_front / cb_pop_front: blocking
// waits park the fiber until the core's counters allow the request. Only
// the core's own kernels wait on its counters, hence notify_core_progress.
// Each first completes the kernel's pending NoC reads: pushed pages must
// hold their data even when the kernel skipped the barrier.
#include "cb_tile_io.h"
#include "kernel_host_callbacks.h"
#include "kernel_host_failure.h"
#include "tessera/sim/fiber/fiber_wait.h"
#include "tessera/sim/kernel_host/kernel_host_state.h"
#include "timing_hooks.h"

namespace tessera::sim::kernel_host {

namespace {

CoreCircularBuffers& core_cbs(KernelHostState& state) {
  return *state.core->circular_buffers;
}

Status wait_for_free_pages(CoreCircularBuffers& cbs, int32_t cb, uint32_t pages) {
  return wait_until([&] { return cbs.pages_free(cb) >= pages; },
                    [&] { return cbs.describe_reserve_back(cb, static_cast<int32_t>(pages)); });
}

}  // namespace

Status settle_pending_reserve(KernelHostState& state, uint32_t cb) {
  if (!state.compute || cb >= TESSERA_NUM_CIRCULAR_BUFFERS) return ok_status();
  uint32_t& pending = state.compute->pending_reserve[cb];
  if (pending == 0) return ok_status();
  TESSERA_RETURN_IF_ERROR(wait_for_free_pages(core_cbs(state), static_cast<int32_t>(cb), pending));
  pending = 0;
  return ok_status();
}

void cb_reserve_back(tk_ctx* ctx, int32_t cb, int32_t pages) {
  KernelHostState& state = KernelHostState::of(ctx);
  state.noc_reads.complete_all();
  CoreCircularBuffers& cbs = core_cbs(state);
  fail_kernel_if_error(cbs.check_request(cb, pages, "cb_reserve_back"));
  const uint32_t wanted = static_cast<uint32_t>(pages);
  if (state.compute && cbs.pages_free(cb) < wanted) {
    uint32_t& pending = state.compute->pending_reserve[cb];
    pending = pending > wanted ? pending : wanted;
    if (state.timing) time_cb(state, timing::TimingEventKind::kCbReserve, cb, pages);
    return;  // the packer's wait: see ComputeKernelState::pending_reserve
  }
  fail_kernel_if_error(wait_for_free_pages(cbs, cb, wanted));
  if (state.timing) time_cb(state, timing::TimingEventKind::kCbReserve, cb, pages);
}

void cb_push_back(tk_ctx* ctx, int32_t cb, int32_t pages) {
  KernelHostState& state = KernelHostState::of(ctx);
  state.noc_reads.complete_all();
  CoreCircularBuffers& cbs = core_cbs(state);
  fail_kernel_if_error(cbs.check_request(cb, pages, "cb_push_back"));
  fail_kernel_if_error(settle_pending_reserve(state, static_cast<uint32_t>(cb)));
  fail_kernel_if_error(cbs.push_back(state.cbs[cb], cb, pages));
  if (state.compute) state.compute->pack_offsets[cb] = 0;
  if (state.timing) time_cb(state, timing::TimingEventKind::kCbPush, cb, pages);
  notify_core_progress();
}

void cb_wait_front(tk_ctx* ctx, int32_t cb, int32_t pages) {
  KernelHostState& state = KernelHostState::of(ctx);
  state.noc_reads.complete_all();
  CoreCircularBuffers& cbs = core_cbs(state);
  fail_kernel_if_error(cbs.check_request(cb, pages, "cb_wait_front"));
  fail_kernel_if_error(
      wait_until([&] { return cbs.pages_filled(cb) >= static_cast<uint32_t>(pages); },
                 [&] { return cbs.describe_wait_front(cb, pages); }));
  if (state.timing) time_cb(state, timing::TimingEventKind::kCbWait, cb, pages);
}

void cb_pop_front(tk_ctx* ctx, int32_t cb, int32_t pages) {
  KernelHostState& state = KernelHostState::of(ctx);
  state.noc_reads.complete_all();
  CoreCircularBuffers& cbs = core_cbs(state);
  fail_kernel_if_error(cbs.check_request(cb, pages, "cb_pop_front"));
  fail_kernel_if_error(cbs.pop_front(state.cbs[cb], cb, pages));
  if (state.timing) time_cb(state, timing::TimingEventKind::kCbPop, cb, pages);
  notify_core_progress();
}

int cb_pages_reservable_at_back(tk_ctx* ctx, int32_t cb, int32_t pages) {
  CoreCircularBuffers& cbs = core_cbs(KernelHostState::of(ctx));
  fail_kernel_if_error(cbs.check_request(cb, pages, "cb_pages_reservable_at_back"));
  return cbs.pages_free(cb) >= static_cast<uint32_t>(pages) ? 1 : 0;
}

int cb_pages_available_at_front(tk_ctx* ctx, int32_t cb, int32_t pages) {
  CoreCircularBuffers& cbs = core_cbs(KernelHostState::of(ctx));
  fail_kernel_if_error(cbs.check_request(cb, pages, "cb_pages_available_at_front"));
  return cbs.pages_filled(cb) >= static_cast<uint32_t>(pages) ? 1 : 0;
}

}  // namespace tessera::sim::kernel_host
