// The inner loop of the matmul: C += A x B for one 32x32 float tile, in face
// order. Every output element sums its 32 products in k order (face 0
// first) onto C, each product and each sum rounded on its own (no fused
// multiply-add), so every host and every vector width gives the same bits.
// Each width gets the body its registers suit: GCC moves 16-float vectors
// through the stack when it has only AVX2 ones.
#pragma once

namespace tessera::sim::compute {

// C += A x B with the widest body this host runs.
void tile_product(const float* a, const float* b, float* c);

// The bodies, for tests that check each one.
void tile_product_baseline(const float* a, const float* b, float* c);
// Whether this build and host run the AVX2 body.
bool tile_product_avx2_available();
// Only where tile_product_avx2_available().
void tile_product_avx2(const float* a, const float* b, float* c);

}  // namespace tessera::sim::compute
