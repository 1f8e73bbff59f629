// Checked NoC transfers. Everything is checked when the kernel issues it.
// Writes, small reads and reads from L1 move their data right away; page
// reads from DRAM may wait in the issuer's PendingNocReads until its next
// barrier (pending_noc_reads.h). Kernels only rely on the data having
// arrived after a barrier (or a semaphore the sender raised after its own
// barrier), and every other transfer of the issuer completes the pending
// reads first, so the order of the issuer's transfers is kept.
//
// Local addresses are the issuing core's L1 addresses (window addresses or
// offsets); remote ones are NoC addresses. The remote side is checked
// against live allocations (noc_access_check.h), the local side against
// the core's L1 bounds.
#pragma once

#include <cstdint>

#include "tessera/base/status.h"
#include "tessera/sim/memory/chip.h"
#include "tessera/sim/noc/noc_access_cache.h"
#include "tessera/sim/noc/pending_noc_reads.h"
#include "tessera/sim/noc/program_l1_regions.h"

namespace tessera::sim {

struct NocIssuer {
  Chip* chip = nullptr;
  const ProgramL1Regions* regions = nullptr;
  uint32_t core = 0;                         // logical worker index of the issuing core
  NocAccessCache* access_cache = nullptr;    // the issuing kernel's, if any
  PendingNocReads* pending_reads = nullptr;  // the issuing kernel's; none: reads copy at once
};

// Completes the issuer's pending reads (a barrier).
inline void complete_noc_reads(const NocIssuer& issuer) {
  if (issuer.pending_reads != nullptr) issuer.pending_reads->complete_all();
}

Status noc_read(const NocIssuer& issuer, uint64_t src_noc_address, uint32_t dst_local,
                uint32_t size);
Status noc_write(const NocIssuer& issuer, uint32_t src_local, uint64_t dst_noc_address,
                 uint32_t size);
// Writes to every worker core in the rectangle; the issuing core only with
// `loopback`.
Status noc_write_multicast(const NocIssuer& issuer, uint32_t src_local,
                           uint64_t dst_multicast_address, uint32_t size, bool loopback);
// One 32-bit word, bytes selected by `byte_enable` (bit i: byte i).
Status noc_inline_write(const NocIssuer& issuer, uint64_t dst_noc_address, uint32_t value,
                        uint8_t byte_enable);
// Whether a unicast NoC address lands in some worker's L1. Only L1 words
// are polled by kernels, so only writes there can unblock a waiter.
bool noc_address_in_l1(const Chip& chip, uint64_t noc_address);

// Atomic add to a 32-bit L1 word (semaphores).
Status noc_atomic_increment(const NocIssuer& issuer, uint64_t dst_noc_address, uint32_t increment);

// Host pointer to `size` bytes at a local L1 address of the issuing core.
Result<uint8_t*> local_l1_pointer(const NocIssuer& issuer, uint32_t local, uint32_t size);

}  // namespace tessera::sim
