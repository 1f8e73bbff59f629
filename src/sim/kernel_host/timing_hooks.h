// What the kernel host callbacks tell the timing model. Each call is made
// only when the kernel's state carries a trace (KernelHostState::timing,
// set when a run asked for device time) and only after the operation
// succeeded, so a run without the model pays one null check per callback.
#pragma once

#include <cstdint>

#include "tessera/sim/kernel_host/kernel_host_state.h"
#include "tessera/sim/timing/kernel_trace.h"

namespace tessera::sim::kernel_host {

void time_noc_read(KernelHostState& state, uint64_t src_noc_addr, uint32_t size, uint8_t noc);
// A 4-byte write into L1 is also a word write (a remote semaphore set).
void time_noc_write(KernelHostState& state, uint32_t src_l1, uint64_t dst_noc_addr, uint32_t size,
                    uint8_t noc);
// `mode`: the callbacks' TESSERA_MULTICAST_* bits (linked, no path reservation).
void time_noc_multicast(KernelHostState& state, uint32_t src_l1, uint64_t dst_mcast_addr,
                        uint32_t size, bool loopback, int mode, uint8_t noc);
void time_inline_write(KernelHostState& state, uint64_t dst_noc_addr, uint32_t value, uint8_t noc);
void time_barrier(KernelHostState& state);
void time_cb(KernelHostState& state, timing::TimingEventKind kind, int32_t cb, int32_t pages);
void time_local_word_set(KernelHostState& state, const uint32_t* word, uint32_t value);
void time_word_increment(KernelHostState& state, uint64_t noc_addr, uint32_t increment,
                         uint8_t noc);
void time_word_wait(KernelHostState& state, const uint32_t* word, uint32_t value, bool at_least);
// The cycles of one compute API call (compute_cost.cc).
void time_compute(KernelHostState& state, uint32_t op, const uint32_t* args, uint32_t count);

}  // namespace tessera::sim::kernel_host
