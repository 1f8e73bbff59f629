#include "serial_sgemm.h"

#include <cblas.h>

#include <mutex>

namespace tessera::ttnn::math {
namespace {

CBLAS_TRANSPOSE blas_transpose(const SgemmOperand& operand) {
  return operand.transposed ? CblasTrans : CblasNoTrans;
}

// Every call into the serial OpenBLAS holds it (see the header).
std::mutex& blas_mutex() {
  static std::mutex mutex;
  return mutex;
}

}  // namespace

void serial_sgemm(int64_t m, int64_t n, int64_t k, SgemmOperand a, SgemmOperand b, float beta,
                  float* c, int64_t ldc) {
  if (m == 0 || n == 0) return;
  std::lock_guard lock(blas_mutex());
  cblas_sgemm(CblasRowMajor, blas_transpose(a), blas_transpose(b), static_cast<int>(m),
              static_cast<int>(n), static_cast<int>(k), 1.0f, a.data,
              static_cast<int>(a.leading_dim), b.data, static_cast<int>(b.leading_dim), beta, c,
              static_cast<int>(ldc));
}

int blas_threads_per_call() {
  return openblas_get_num_threads();
}

}  // namespace tessera::ttnn::math
