#include "tessera/sim/compute/transpose.h"

#include <array>

namespace tessera::sim::compute {

using tile::kFaceElements;
using tile::kFaceHeight;
using tile::kFaceWidth;
using tile::kTileElements;

void transpose_wh_tile(ConstTileSpan in, TileSpan out) {
  // Faces 1 and 2 swap places and every face is transposed; staging allows in == out.
  alignas(64) std::array<float, kTileElements> staged;
  constexpr uint32_t kSourceFace[4] = {0, 2, 1, 3};
  for (uint32_t face = 0; face < 4; ++face) {
    const float* src = in.data() + kSourceFace[face] * kFaceElements;
    float* dst = staged.data() + face * kFaceElements;
    for (uint32_t r = 0; r < kFaceHeight; ++r) {
      for (uint32_t c = 0; c < kFaceWidth; ++c) dst[r * kFaceWidth + c] = src[c * kFaceWidth + r];
    }
  }
  for (uint32_t i = 0; i < kTileElements; ++i) out[i] = staged[i];
}

}  // namespace tessera::sim::compute
