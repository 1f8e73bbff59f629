// Row-major fp32 GEMM for the TTNN ops: C = op(A) * op(B) + beta * C, with
// C's rows split over the shared ThreadPool and each part run by
// OpenBLAS's serial build (linked statically, cmake/FindOpenBLASSerial.cmake).
//
// Why not OpenBLAS's own threads: they start when the library loads and, after
// each call, keep spinning (with sched_yield) for about 0.1 s in case another
// call follows. That spinning takes a core from whatever runs next, such as
// the isolated device process; on a two-core machine it slowed a directory run
// by a third. The pool's workers watch for the next job for 50 us, then sleep.
#pragma once

#include <cstdint>

namespace tessera::ttnn::math {

struct SgemmOperand {
  const float* data = nullptr;
  int64_t leading_dim = 0;  // elements between rows as stored
  bool transposed = false;  // stored as op(X)^T
};

// C[m, n] (row stride `ldc`) = op(A)[m, k] * op(B)[k, n] + beta * C.
// Dimensions and leading dims must fit in int (the BLAS interface).
void row_split_sgemm(int64_t m, int64_t n, int64_t k, SgemmOperand a, SgemmOperand b, float beta,
                     float* c, int64_t ldc);

// The number of threads each OpenBLAS call may use: 1 when the serial build
// is the one linked (exposed so tests can check that it is).
int blas_threads_per_call();

}  // namespace tessera::ttnn::math
