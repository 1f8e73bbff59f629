// A system descriptor rewritten in the compiler's current layout, so a
// compiler of today can target tessera's simulated chips
// (`tessera query --layout current --save-artifacts`).
#pragma once

#include <cstdint>
#include <vector>

#include "tessera/base/status.h"
#include "tessera/format/binary.h"

namespace tessera::format {

// The current-layout .ttsys (size-prefixed, TTSY, tessera's current schema
// hash) of a 2024-layout system descriptor binary. Shared fields are copied
// (Arch renumbered, capability bits remapped); the fields the 2024 layout
// lacks are derived from it:
// - coord_translation_offsets: the NoC coordinate of logical worker (0,0),
//   the coordinates tessera's kernels address cores by;
// - dram_unreserved_end: the channel size (kept below 4 GiB, aligned down):
//   the simulated chip keeps no program carve-out in DRAM;
// - dram_grid_size: 1 x channels, the compiler's DRAM "cores";
// - dst 16 tiles, 32 CBs, 1 compute and 2 data movement threads: what
//   Wormhole and Blackhole descriptors carry;
// - one host CPU with the triple of the machine tessera was built for;
// - no DRAM-bank-to-worker assignment (the compiler's runtime leaves it
//   empty where it has none too).
// Grayskull has no value in the current layout: an error.
Result<std::vector<uint8_t>> system_desc_to_current(const Binary& system_desc);

}  // namespace tessera::format
