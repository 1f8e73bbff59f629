#include "tessera/sim/compute/matmul.h"

#include <array>

#include "tessera/sim/compute/transpose.h"
#include "tile_product.h"

namespace tessera::sim::compute {

using tile::kTileElements;

void matmul_tile(ConstTileSpan a, ConstTileSpan b, TileSpan dst, bool transpose_b) {
  if (!transpose_b) {
    tile_product(a.data(), b.data(), dst.data());
    return;
  }
  alignas(64) std::array<float, kTileElements> b_transposed;
  transpose_wh_tile(b, b_transposed);
  tile_product(a.data(), b_transposed.data(), dst.data());
}

Status matmul_block(std::span<const float> a_tiles, std::span<const float> b_tiles,
                    std::span<float> dst_tiles, const MatmulBlockShape& shape, bool transpose_b) {
  const uint64_t rt = shape.rt_dim, ct = shape.ct_dim, kt = shape.kt_dim;
  if (rt == 0 || ct == 0 || kt == 0) {
    return make_error(ErrorCode::kInvalidArgument, "matmul_block: block dims rt ", rt, " ct ", ct,
                      " kt ", kt, " must all be at least 1");
  }
  const uint64_t a_needed = ((rt - 1) * kt + 1) * kTileElements;
  const uint64_t b_needed = ct * kTileElements;
  const uint64_t dst_needed = rt * ct * kTileElements;
  if (a_tiles.size() < a_needed || b_tiles.size() < b_needed || dst_tiles.size() < dst_needed) {
    return make_error(ErrorCode::kOutOfRange, "matmul_block: rt ", rt, " ct ", ct, " kt ", kt,
                      " needs ", a_needed, "/", b_needed, "/", dst_needed,
                      " floats of a/b/dst but got ", a_tiles.size(), "/", b_tiles.size(), "/",
                      dst_tiles.size());
  }
  for (uint64_t r = 0; r < rt; ++r) {
    const ConstTileSpan a = a_tiles.subspan(r * kt * kTileElements).first<kTileElements>();
    for (uint64_t c = 0; c < ct; ++c) {
      const ConstTileSpan b = b_tiles.subspan(c * kTileElements).first<kTileElements>();
      matmul_tile(a, b, dst_tiles.subspan((r * ct + c) * kTileElements).first<kTileElements>(),
                  transpose_b);
    }
  }
  return ok_status();
}

}  // namespace tessera::sim::compute
