// Row-major fp32 GEMM for the TTNN ops: C = op(A) * op(B) + beta * C, run by
// OpenBLAS's serial build (linked statically, cmake/FindOpenBLASSerial.cmake),
// one call at a time in the whole process.
//
// Why one at a time: Debian builds the serial OpenBLAS without USE_LOCKING,
// so its table of packing buffers (blas_memory_alloc) has no lock, and two
// threads inside it at once can be handed the same buffer and compute wrong
// results. Splitting C's rows over the ThreadPool did exactly that: eight
// threads calling cblas_sgemm on one small GEMM got a wrong C in 11,209 of
// 160,000 calls; the pthread build, which has the lock, in none.
//
// Why not OpenBLAS's own threads: they start when the library loads and, after
// each call, keep spinning (with sched_yield) for about 0.1 s in case another
// call follows. That spinning takes a core from whatever runs next, such as
// the isolated device process; on a two-core machine it slowed a directory run
// by a third.
#pragma once

#include <cstdint>

namespace tessera::ttnn::math {

struct SgemmOperand {
  const float* data = nullptr;
  int64_t leading_dim = 0;  // elements between rows as stored
  bool transposed = false;  // stored as op(X)^T
};

// C[m, n] (row stride `ldc`) = op(A)[m, k] * op(B)[k, n] + beta * C.
// Dimensions and leading dims must fit in int (the BLAS interface). Safe to
// call from any number of threads: calls wait for each other.
void serial_sgemm(int64_t m, int64_t n, int64_t k, SgemmOperand a, SgemmOperand b, float beta,
                  float* c, int64_t ldc);

// The number of threads each OpenBLAS call may use: 1 when the serial build
// is the one linked (exposed so tests can check that it is).
int blas_threads_per_call();

}  // namespace tessera::ttnn::math
