// Whether a TTM0 binary fits a target by what it actually places: every
// device buffer, CB and semaphore address range of every program must lie in
// the target's unreserved L1 (on cores inside its worker grid) or unreserved
// DRAM. Both wire layouts: the 2024 one places TensorRefs and CBs, the
// current one BufferRefs (MetalBuffer: interleaved, block or N-d sharded),
// CBs in their buffers' L1 and global semaphores.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tessera/format/binary.h"
#include "tessera/format/system_facts.h"
#include "tessera/format/target_fit.h"

namespace tessera::format {

// One device range a binary places, per core (L1) or per bank (DRAM).
struct PlacedRange {
  std::string where;  // "program 0 'add': device program 0: input 1 (global id 3)"
  bool dram = false;
  uint32_t device_program = 0;  // the chip it runs on
  uint64_t begin = 0;           // [begin, end)
  uint64_t end = 0;
  // L1 only: the cores holding it, inclusive.
  int core_y = 0, core_x = 0, cores_y = 1, cores_x = 1;
  // DRAM only: the one channel a sharded buffer keeps this range in; -1 for
  // every channel (interleaved).
  int64_t dram_channel = -1;
};

// Every range a TTM0 binary places: program and device program inputs and
// outputs, command operands, CBs and semaphores. Pages spread over the
// banks of `system` (default: the binary's own descriptor). Empty for other
// kinds, whose runtime chooses addresses itself.
std::vector<PlacedRange> placed_ranges(const Binary& binary, const SystemFacts* system = nullptr);

// One check, "address ranges": passes if every placed range fits the
// target's chip for its device program; otherwise names the first that does
// not, with its range and the reserved range or limit it hits.
FitCheck check_address_fit(const Binary& binary, const SystemFacts& target);
FitCheck check_address_fit(const Binary& binary, const tt::target::SystemDesc& target);

}  // namespace tessera::format
