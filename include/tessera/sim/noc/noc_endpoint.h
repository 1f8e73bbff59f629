// What a NoC address reaches: a DRAM channel or a worker core's L1, and the
// offset inside it.
//
// L1 addresses arrive in two spellings: the host address kernels got from
// get_write_ptr/get_semaphore (inside some core's L1 window; only the
// offset counts, so the same offset on another core lands in that core's
// L1), or a plain core-local offset (an L1 buffer's address).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "tessera/base/status.h"
#include "tessera/sim/buffer/buffer_spec.h"
#include "tessera/sim/memory/chip.h"
#include "tessera/sim/noc/noc_address.h"

namespace tessera::sim {

struct NocEndpoint {
  MemoryType type = MemoryType::kL1;
  uint32_t bank = 0;    // DRAM channel or logical worker index
  uint64_t offset = 0;  // within the channel / the core's L1
  CoreCoord noc{};      // the NoC coordinates that reached it

  // "L1 of core (1, 2) [noc (2, 3)] + 0x1a000" / "DRAM channel 3 [noc (0, 5)] + 0x40".
  std::string describe(const ChipDescriptor& chip) const;
};

// The L1 offset a local address stands for, whatever the core window it
// points into; an error if it is neither a window address nor an offset.
Result<uint64_t> l1_offset_of(const L1Memory& l1, uint32_t local);

// The endpoint a unicast NoC address reaches, or nullopt when nothing sits
// at its coordinates or its L1 address is neither a window address nor an
// offset. The per-transfer fast path; resolve_noc_endpoint words the error.
// Fields passed one by one: GCC passes a NocAddress through a stack
// store/reload that cannot forward, stalling every transfer behind the
// previous transfer's copies.
std::optional<NocEndpoint> find_noc_endpoint(const Chip& chip, uint32_t x, uint32_t y,
                                             uint32_t local);
inline std::optional<NocEndpoint> find_noc_endpoint(const Chip& chip, NocAddress address) {
  return find_noc_endpoint(chip, address.x, address.y, address.local);
}

// Resolves a unicast NoC address; an error names it when no worker or DRAM
// core sits at those coordinates.
Result<NocEndpoint> resolve_noc_endpoint(const Chip& chip, NocAddress address);

// Host pointer to `size` bytes at `endpoint`, bounds-checked against the
// bank (the allocation check is separate: noc_access_check.h).
Result<uint8_t*> endpoint_pointer(const Chip& chip, const NocEndpoint& endpoint, uint64_t size);
// The same, or nullptr when the range leaves the bank (no error built).
uint8_t* endpoint_data(const Chip& chip, const NocEndpoint& endpoint, uint64_t size);

}  // namespace tessera::sim
