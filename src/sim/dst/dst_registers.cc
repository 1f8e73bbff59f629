#include "tessera/sim/dst/dst_registers.h"

#include <algorithm>
#include <bit>
#include <memory>

namespace tessera::sim {

// Only the tiles the mode can index are backed, and zeroing is deferred
// until a tile is read: a program run creates one register file per compute
// core, most kernels use a few of its tiles, and eltwise ops overwrite the
// tiles they use without reading them.
DstRegisters::DstRegisters(DstConfig config)
    : config_(config),
      values_(std::make_unique_for_overwrite<float[]>(uint64_t{capacity()} * tile::kTileElements)) {
}

uint32_t DstRegisters::capacity() const {
  const uint32_t tiles = config_.fp32_accumulation ? kPhysicalTiles / 2 : kPhysicalTiles;
  return config_.double_buffered ? tiles / 2 : tiles;
}

Status DstRegisters::check_range(uint32_t first, uint32_t count, const char* operation) const {
  if (first < capacity() && count <= capacity() - first) return ok_status();
  return make_error(ErrorCode::kOutOfRange, operation, " uses Dst tiles [", first, ", ",
                    uint64_t{first} + count, ") but only ", capacity(),
                    " are available (fp32 accumulation ", config_.fp32_accumulation ? "on" : "off",
                    ", ", config_.double_buffered ? "double-buffered" : "full", " mode)");
}

Result<std::span<float>> DstRegisters::tiles(uint32_t first, uint32_t count,
                                             const char* operation) {
  TESSERA_RETURN_IF_ERROR(check_range(first, count, operation));
  const uint32_t mask = ((count >= 32 ? 0u : 1u << count) - 1u) << first;
  for (uint32_t pending = zero_pending_ & mask; pending != 0; pending &= pending - 1) {
    const auto index = static_cast<uint32_t>(std::countr_zero(pending));
    std::fill_n(values_.get() + uint64_t{index} * tile::kTileElements, tile::kTileElements, 0.0f);
  }
  zero_pending_ &= ~mask;
  touched_ |= mask;
  return std::span<float>(values_.get() + uint64_t{first} * tile::kTileElements,
                          uint64_t{count} * tile::kTileElements);
}

Result<compute::TileSpan> DstRegisters::tile(uint32_t index, const char* operation) {
  TESSERA_ASSIGN_OR_RETURN(std::span<float> span, tiles(index, 1, operation));
  return compute::TileSpan(span.data(), tile::kTileElements);
}

Result<compute::TileSpan> DstRegisters::tile_for_overwrite(uint32_t index, const char* operation) {
  TESSERA_RETURN_IF_ERROR(check_range(index, 1, operation));
  zero_pending_ &= ~(1u << index);
  touched_ |= 1u << index;
  return compute::TileSpan(values_.get() + uint64_t{index} * tile::kTileElements,
                           tile::kTileElements);
}

void DstRegisters::acquire() {
  zero_pending_ |= touched_;
  touched_ = 0;
}

}  // namespace tessera::sim
