// The Dst register file of a compute core: 16 fp32 tile slots that math
// writes and pack reads.
//
// How many a kernel may index depends on the mode, as on the device: 16
// tiles with 16-bit accumulation, 8 with fp32 accumulation, and half of
// that in the default double-buffered mode (the other half belongs to the
// packer).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "tessera/base/status.h"
#include "tessera/sim/compute/tile_span.h"

namespace tessera::sim {

struct DstConfig {
  bool fp32_accumulation = false;
  bool double_buffered = true;
};

class DstRegisters {
 public:
  static constexpr uint32_t kPhysicalTiles = 16;

  explicit DstRegisters(DstConfig config = {});

  const DstConfig& config() const { return config_; }
  // Tiles a kernel may index in the current mode.
  uint32_t capacity() const;

  // The tile at `index`, or an error naming the operation, the index and
  // the capacity of the mode.
  Result<compute::TileSpan> tile(uint32_t index, const char* operation);
  // `count` consecutive tiles starting at `first` (matmul_block).
  Result<std::span<float>> tiles(uint32_t first, uint32_t count, const char* operation);
  // The tile at `index` for an op that writes all of it without reading it
  // (copy_tile, a binary op): skips zeroing what is about to be replaced.
  Result<compute::TileSpan> tile_for_overwrite(uint32_t index, const char* operation);

  // Whether math wrote (or was handed) tile `index` since the last acquire:
  // a reduction into an untouched tile starts from its input, not from 0.
  bool touched(uint32_t index) const { return index < 32 && ((touched_ >> index) & 1u) != 0; }

  // tile_regs_acquire: math gets zeroed registers, as the packer leaves
  // them after a release.
  void acquire();

 private:
  Status check_range(uint32_t first, uint32_t count, const char* operation) const;

  DstConfig config_;
  std::unique_ptr<float[]> values_;  // capacity() tiles, tile order (after config_)
  // Tiles that must read as zero but whose memory was not cleared yet: all
  // of them at first, and every touched tile after an acquire. A tile is
  // cleared when handed out for reading, or not at all when overwritten.
  uint32_t zero_pending_ = ~0u;
  // Tiles handed out since the last acquire.
  uint32_t touched_ = 0;
};

}  // namespace tessera::sim
