#include "tessera/sim/compute/matmul.h"

#include <array>
#include <cstring>

#include "tessera/base/vector_clones.h"
#include "tessera/sim/compute/transpose.h"

namespace tessera::sim::compute {
namespace {

using tile::kFaceElements;
using tile::kFaceHeight;
using tile::kFaceWidth;
using tile::kTileElements;

// One 16-float face row as a single value, so the compiler emits whole-row
// SIMD (4 SSE or 2 AVX registers) instead of guessing at the loops.
using FaceRow = float __attribute__((vector_size(kFaceWidth * sizeof(float))));

// C face (fi, fj) += sum over k faces of A(fi, kf) x B(kf, fj). Four output
// rows stay in registers while A's rows walk K, so each B face row loaded
// serves four, and their four sums do not wait on one another (two rows
// left the adds waiting on each other's latency). Every output element sums
// its 32 products in k order (face kf = 0 first), with separate multiply
// and add (no fused multiply-add, -ffp-contract=off), the same on every
// host and at every vector width: the loop is compiled for AVX-512 and AVX2
// too, where a face row takes one or two registers instead of four.
TESSERA_VECTOR_CLONES void multiply_faces(const float* a, const float* b, float* c) {
  // Named accumulators, not an array: GCC keeps an array of these vectors
  // on the stack in the AVX2 clone.
  constexpr uint32_t kRowsPerStep = 4;
  for (uint32_t fi = 0; fi < 2; ++fi) {
    for (uint32_t fj = 0; fj < 2; ++fj) {
      float* c_face = c + (fi * 2 + fj) * kFaceElements;
      for (uint32_t i = 0; i < kFaceHeight; i += kRowsPerStep) {
        float* c_rows = c_face + i * kFaceWidth;
        FaceRow acc0, acc1, acc2, acc3;
        std::memcpy(&acc0, c_rows, sizeof(FaceRow));
        std::memcpy(&acc1, c_rows + kFaceWidth, sizeof(FaceRow));
        std::memcpy(&acc2, c_rows + 2 * kFaceWidth, sizeof(FaceRow));
        std::memcpy(&acc3, c_rows + 3 * kFaceWidth, sizeof(FaceRow));
        for (uint32_t kf = 0; kf < 2; ++kf) {
          const float* a_rows = a + (fi * 2 + kf) * kFaceElements + i * kFaceWidth;
          const float* b_face = b + (kf * 2 + fj) * kFaceElements;
          for (uint32_t k = 0; k < kFaceWidth; ++k) {
            FaceRow b_row;
            std::memcpy(&b_row, b_face + k * kFaceWidth, sizeof(FaceRow));
            acc0 += a_rows[k] * b_row;
            acc1 += a_rows[kFaceWidth + k] * b_row;
            acc2 += a_rows[2 * kFaceWidth + k] * b_row;
            acc3 += a_rows[3 * kFaceWidth + k] * b_row;
          }
        }
        std::memcpy(c_rows, &acc0, sizeof(FaceRow));
        std::memcpy(c_rows + kFaceWidth, &acc1, sizeof(FaceRow));
        std::memcpy(c_rows + 2 * kFaceWidth, &acc2, sizeof(FaceRow));
        std::memcpy(c_rows + 3 * kFaceWidth, &acc3, sizeof(FaceRow));
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
