// The operands of one compute call, as the kernel passed them.
#pragma once

#include <cstdint>

#include "tessera/base/status.h"

namespace tessera::sim::kernel_host {

struct ComputeOperands {
  const uint32_t* args;
  uint32_t count;
  uint32_t operator[](uint32_t i) const { return args[i]; }
  // Operand i, or `fallback` when the kernel passed fewer.
  uint32_t get_or(uint32_t i, uint32_t fallback) const { return i < count ? args[i] : fallback; }
};

// Block operands bounded before anything is allocated for them: more tiles
// than a core's L1 can hold is a kernel bug, not a host allocation.
inline constexpr uint32_t kMaxBlockTiles = 2048;

inline Status check_block(const char* operation, uint64_t tiles) {
  if (tiles >= 1 && tiles <= kMaxBlockTiles) return ok_status();
  return make_error(ErrorCode::kInvalidArgument, operation, " over ", tiles,
                    " tiles: a block must have 1 to ", kMaxBlockTiles, " tiles");
}

}  // namespace tessera::sim::kernel_host
