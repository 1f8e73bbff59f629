#include "tessera/sim/dst/dst_registers.h"

#include <algorithm>

namespace tessera::sim {

// Only the tiles the mode can index are backed: a program run creates one
// register file per compute core, so this is allocated and zeroed often.
DstRegisters::DstRegisters(DstConfig config)
    : config_(config), values_(uint64_t{capacity()} * tile::kTileElements, 0.0f) {}

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
  touched_ |= ((count >= 32 ? 0u : 1u << count) - 1u) << first;
  return std::span<float>(values_).subspan(first * tile::kTileElements,
                                           count * tile::kTileElements);
}

Result<compute::TileSpan> DstRegisters::tile(uint32_t index, const char* operation) {
  TESSERA_ASSIGN_OR_RETURN(std::span<float> span, tiles(index, 1, operation));
  return compute::TileSpan(span.data(), tile::kTileElements);
}

void DstRegisters::acquire() {
  for (uint32_t index = 0; touched_ != 0; ++index, touched_ >>= 1) {
    if ((touched_ & 1u) == 0) continue;
    const auto start = values_.begin() + index * tile::kTileElements;
    std::fill(start, start + tile::kTileElements, 0.0f);
  }
}

}  // namespace tessera::sim
