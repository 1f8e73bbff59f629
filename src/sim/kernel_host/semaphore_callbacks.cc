// get_semaphore and the semaphore operations. Local waits park the fiber
// until the word (written by any core, atomically) reaches the value.
#include <cstdio>
#include <string>

#include "kernel_host_callbacks.h"
#include "kernel_host_failure.h"
#include "tessera/sim/fiber/fiber_wait.h"
#include "tessera/sim/kernel_host/kernel_host_state.h"
#include "tessera/sim/noc/noc_transfers.h"
#include "tessera/sim/semaphore/semaphore_words.h"
#include "timing_hooks.h"

namespace tessera::sim::kernel_host {

namespace {

// The calling core's L1 word at a local address (window address or offset).
uint32_t* local_word(KernelHostState& state, uint32_t l1_addr, const char* operation) {
  if (l1_addr % 4 != 0) {
    fail_kernel_if_error(make_error(ErrorCode::kKernelFault, operation, " on L1 address ", l1_addr,
                                    ", which is not 4-byte aligned"));
  }
  uint8_t* pointer = value_or_fail_kernel(local_l1_pointer(state.noc_issuer(), l1_addr, 4));
  return reinterpret_cast<uint32_t*>(pointer);
}

std::string describe_wait(uint32_t* word, uint32_t l1_offset, uint32_t value, bool at_least) {
  char text[160];
  std::snprintf(text, sizeof(text), "%s: L1 0x%x wants %s %u, holds %u",
                at_least ? "noc_semaphore_wait_min" : "noc_semaphore_wait", l1_offset,
                at_least ? ">=" : "==", value, load_semaphore(word));
  return text;
}

}  // namespace

uint32_t get_semaphore(tk_ctx* ctx, uint32_t semaphore_id) {
  KernelHostState& state = KernelHostState::of(ctx);
  const CoreRunState& core = *state.core;
  if (semaphore_id >= kMaxSemaphores || ((core.semaphore_ids >> semaphore_id) & 1u) == 0) {
    fail_kernel_if_error(make_error(ErrorCode::kNotFound, "get_semaphore(", semaphore_id,
                                    "): the program created no semaphore ", semaphore_id,
                                    " on core ", to_string(core.logical)));
  }
  return core.window_base + semaphore_offset(core.semaphore_base, semaphore_id);
}

void semaphore_set(tk_ctx* ctx, uint32_t l1_addr, uint32_t value) {
  KernelHostState& state = KernelHostState::of(ctx);
  state.noc_reads.complete_all();  // a raised flag publishes what was read
  uint32_t* word = local_word(state, l1_addr, "noc_semaphore_set");
  store_semaphore(word, value);
  if (state.timing) time_local_word_set(state, word, value);
  notify_progress();
}

void semaphore_wait(tk_ctx* ctx, uint32_t l1_addr, uint32_t value, int at_least) {
  KernelHostState& state = KernelHostState::of(ctx);
  state.noc_reads.complete_all();
  uint32_t* word = local_word(state, l1_addr, "noc_semaphore_wait");
  const uint32_t offset =
      static_cast<uint32_t>(reinterpret_cast<uintptr_t>(word) - state.core->window_base);
  fail_kernel_if_error(
      wait_until([&] { return semaphore_reached(word, value, at_least != 0); },
                 [&] { return describe_wait(word, offset, value, at_least != 0); }));
  if (state.timing) time_word_wait(state, word, value, at_least != 0);
}

void noc_semaphore_inc(tk_ctx* ctx, uint64_t noc_addr, uint32_t increment, uint8_t noc) {
  KernelHostState& state = KernelHostState::of(ctx);
  fail_kernel_if_error(noc_atomic_increment(state.noc_issuer(), noc_addr, increment));
  if (state.timing) time_word_increment(state, noc_addr, increment, noc);
  notify_progress();
}

void noc_semaphore_set_multicast(tk_ctx* ctx, uint32_t src_l1, uint64_t dst_mcast_addr,
                                 uint32_t /*num_dests*/, int mode, int loopback, uint8_t noc) {
  KernelHostState& state = KernelHostState::of(ctx);
  fail_kernel_if_error(
      sim::noc_write_multicast(state.noc_issuer(), src_l1, dst_mcast_addr, 4, loopback != 0));
  if (state.timing) time_noc_multicast(state, src_l1, dst_mcast_addr, 4, loopback != 0, mode, noc);
  notify_progress();
}

}  // namespace tessera::sim::kernel_host
