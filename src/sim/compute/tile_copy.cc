#include "tessera/sim/compute/tile_copy.h"

#include "tessera/sim/tile/tilize.h"

namespace tessera::sim::compute {

Status tilize_block(std::span<const float> rows, std::span<float> tiles, uint32_t tiles_wide) {
  return tile::tilize_block(std::as_bytes(rows), std::as_writable_bytes(tiles), tiles_wide,
                            sizeof(float));
}

Status untilize_block(std::span<const float> tiles, std::span<float> rows, uint32_t tiles_wide) {
  return tile::untilize_block(std::as_bytes(tiles), std::as_writable_bytes(rows), tiles_wide,
                              sizeof(float));
}

}  // namespace tessera::sim::compute
