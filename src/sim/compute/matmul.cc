#include "tessera/sim/compute/matmul.h"

#include <array>

#include "tessera/sim/compute/transpose.h"

namespace tessera::sim::compute {
namespace {

using tile::kFaceElements;
using tile::kFaceHeight;
using tile::kFaceWidth;
using tile::kTileElements;

// C face (fi, fj) += sum over k faces of A(fi, kf) x B(kf, fj). Two 16-wide output rows
// stay in registers while A's rows walk K, so each B face row loaded serves both.
void multiply_faces(const float* a, const float* b, float* c) {
  constexpr uint32_t kRowsPerStep = 2;
  for (uint32_t fi = 0; fi < 2; ++fi) {
    for (uint32_t fj = 0; fj < 2; ++fj) {
      float* c_face = c + (fi * 2 + fj) * kFaceElements;
      for (uint32_t i = 0; i < kFaceHeight; i += kRowsPerStep) {
        float acc0[kFaceWidth], acc1[kFaceWidth];
        for (uint32_t j = 0; j < kFaceWidth; ++j) {
          acc0[j] = c_face[i * kFaceWidth + j];
          acc1[j] = c_face[(i + 1) * kFaceWidth + j];
        }
        for (uint32_t kf = 0; kf < 2; ++kf) {
          const float* a_row0 = a + (fi * 2 + kf) * kFaceElements + i * kFaceWidth;
          const float* a_row1 = a_row0 + kFaceWidth;
          const float* b_face = b + (kf * 2 + fj) * kFaceElements;
          for (uint32_t k = 0; k < kFaceWidth; ++k) {
            const float a0 = a_row0[k];
            const float a1 = a_row1[k];
            const float* b_row = b_face + k * kFaceWidth;
            for (uint32_t j = 0; j < kFaceWidth; ++j) {
              acc0[j] += a0 * b_row[j];
              acc1[j] += a1 * b_row[j];
            }
          }
        }
        for (uint32_t j = 0; j < kFaceWidth; ++j) {
          c_face[i * kFaceWidth + j] = acc0[j];
          c_face[(i + 1) * kFaceWidth + j] = acc1[j];
        }
      }
    }
  }
}

}  // namespace

void matmul_tile(ConstTileSpan a, ConstTileSpan b, TileSpan dst, bool transpose_b) {
  if (!transpose_b) {
    multiply_faces(a.data(), b.data(), dst.data());
    return;
  }
  alignas(64) std::array<float, kTileElements> b_transposed;
  transpose_wh_tile(b, b_transposed);
  multiply_faces(a.data(), b_transposed.data(), dst.data());
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
