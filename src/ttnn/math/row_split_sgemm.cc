#include "row_split_sgemm.h"

#include <cblas.h>

#include <algorithm>

#include "tessera/ttnn/math/parallel_for.h"

namespace tessera::ttnn::math {
namespace {

// Below this many multiply-adds a part is not worth waking a pool thread for
// (OpenBLAS's own threshold for going multi-threaded is the same 2^18).
constexpr int64_t kMinMultiplyAddsPerPart = int64_t{1} << 18;

CBLAS_TRANSPOSE blas_transpose(const SgemmOperand& operand) {
  return operand.transposed ? CblasTrans : CblasNoTrans;
}

}  // namespace

void row_split_sgemm(int64_t m, int64_t n, int64_t k, SgemmOperand a, SgemmOperand b, float beta,
                     float* c, int64_t ldc) {
  if (m == 0 || n == 0) return;
  const int64_t rows_per_part = std::max<int64_t>(1, kMinMultiplyAddsPerPart / (n * k + 1));
  parallel_for(0, m, rows_per_part, [&](int64_t lo, int64_t hi) {
    // Row lo of op(A) starts at row lo as stored, or at column lo if transposed.
    const float* a_part = a.data + (a.transposed ? lo : lo * a.leading_dim);
    cblas_sgemm(CblasRowMajor, blas_transpose(a), blas_transpose(b), static_cast<int>(hi - lo),
                static_cast<int>(n), static_cast<int>(k), 1.0f, a_part,
                static_cast<int>(a.leading_dim), b.data, static_cast<int>(b.leading_dim), beta,
                c + lo * ldc, static_cast<int>(ldc));
  });
}

int blas_threads_per_call() {
  return openblas_get_num_threads();
}

}  // namespace tessera::ttnn::math
