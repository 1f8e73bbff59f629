#include "tessera/sim/dst/dst_registers.h"

#include <algorithm>
#include <memory>

namespace tessera::sim {

// Only the tiles the mode can index are backed, and a tile is zeroed when
// first handed out: a program run creates one register file per compute
// core, and most kernels use one or two of its tiles.
DstRegisters::DstRegisters(DstConfig config)
    : config_(config),
      values_(std::make_unique_for_overwrite<float[]>(uint64_t{capacity()} * tile::kTileElements)) {
}

uint32_t DstRegisters::capacity() const {
  const uint32_t tiles = config_.fp32_accumulation ? kPhysicalTiles / 2 : kPhysicalTiles;
  return config_.double_buffered ? tiles / 2 : tiles;
}

Result<std::span<float>> DstRegisters::tiles(uint32_t first, uint32_t count,
                                             const char* operation) {
  if (first >= capacity() || count > capacity() - first) {
    return make_error(ErrorCode::kOutOfRange, operation, " uses Dst tiles [", first, ", ",
                      uint64_t{first} + count, ") but only ", capacity(),
                      " are available (fp32 accumulation ",
                      config_.fp32_accumulation ? "on" : "off", ", ",
                      config_.double_buffered ? "double-buffered" : "full", " mode)");
  }
  const uint32_t mask = ((count >= 32 ? 0u : 1u << count) - 1u) << first;
  for (uint32_t index = first; (mask & ~zeroed_) != 0 && index < first + count; ++index) {
    if ((zeroed_ >> index) & 1u) continue;
    std::fill_n(values_.get() + uint64_t{index} * tile::kTileElements, tile::kTileElements, 0.0f);
    zeroed_ |= 1u << index;
  }
  touched_ |= mask;
  return std::span<float>(values_.get() + uint64_t{first} * tile::kTileElements,
                          uint64_t{count} * tile::kTileElements);
}

Result<compute::TileSpan> DstRegisters::tile(uint32_t index, const char* operation) {
  TESSERA_ASSIGN_OR_RETURN(std::span<float> span, tiles(index, 1, operation));
  return compute::TileSpan(span.data(), tile::kTileElements);
}

void DstRegisters::acquire() {
  for (uint32_t index = 0; touched_ != 0; ++index, touched_ >>= 1) {
    if ((touched_ & 1u) == 0) continue;
    float* start = values_.get() + uint64_t{index} * tile::kTileElements;
    std::fill(start, start + tile::kTileElements, 0.0f);
  }
}

}  // namespace tessera::sim
