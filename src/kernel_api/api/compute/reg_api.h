// Destination-register handoff between math and pack.
#pragma once

#include "api/compute/common.h"

namespace ckernel {

ALWI void tile_regs_acquire() {
  tessera_kernel::compute_call(TESSERA_COMPUTE_TILE_REGS_ACQUIRE);
}
ALWI void tile_regs_commit() {
  tessera_kernel::compute_call(TESSERA_COMPUTE_TILE_REGS_COMMIT);
}
ALWI void tile_regs_wait() {
  tessera_kernel::compute_call(TESSERA_COMPUTE_TILE_REGS_WAIT);
}
ALWI void tile_regs_release() {
  tessera_kernel::compute_call(TESSERA_COMPUTE_TILE_REGS_RELEASE);
}

// Older spelling: acquire = acquire + wait, release = commit + release.
ALWI void acquire_dst() {
  tile_regs_acquire();
  tile_regs_wait();
}
ALWI void release_dst() {
  tile_regs_commit();
  tile_regs_release();
}

}  // namespace ckernel

// The 2024 forms took the Dst mode; one fiber runs math and pack, so both
// modes hand over the same way.
namespace tt {
enum class DstMode : uint8_t { Full = 0, Half = 1, Tile = 2, NUM_DST_MODES = 3 };
}  // namespace tt

namespace ckernel {

ALWI void acquire_dst(tt::DstMode) {
  acquire_dst();
}
ALWI void release_dst(tt::DstMode) {
  release_dst();
}

}  // namespace ckernel
