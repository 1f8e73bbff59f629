// Test support: a naive float64 torch.matmul written from the definition.
#pragma once

#include <vector>

#include "reference.h"
#include "tessera/ttnn/math/broadcast.h"
#include "tessera/ttnn/math/matmul.h"

namespace tessera::ttnn::math::testing {

// Naive float64 torch.matmul, written from the definition.
inline std::vector<double> matmul_reference(const Tensor& a, const Tensor& b, MatmulOptions opt) {
  const Shape& sa = a.shape();
  const Shape& sb = b.shape();
  const bool va = sa.rank() == 1, vb = sb.rank() == 1;
  const int64_t ar = va ? 1 : sa[sa.rank() - 2], ac = sa[sa.rank() - 1];
  const int64_t br = vb ? sb[0] : sb[sb.rank() - 2], bc = vb ? 1 : sb[sb.rank() - 1];
  const bool ta = opt.transpose_a && !va, tb = opt.transpose_b && !vb;
  const int64_t m = ta ? ac : ar, k = ta ? ar : ac, n = tb ? br : bc;
  const Shape batch_a(std::vector<int64_t>(sa.dims().begin(), sa.dims().end() - (va ? 1 : 2)));
  const Shape batch_b(std::vector<int64_t>(sb.dims().begin(), sb.dims().end() - (vb ? 1 : 2)));
  const Shape batch = *broadcast_shapes(batch_a, batch_b);
  std::vector<double> out;
  for (int64_t bi = 0; bi < batch.numel(); ++bi) {
    const auto index = unravel(bi, batch);
    const float* pa = a.data() + broadcast_offset(index, batch_a) * ar * ac;
    const float* pb = b.data() + broadcast_offset(index, batch_b) * br * bc;
    for (int64_t i = 0; i < m; ++i) {
      for (int64_t j = 0; j < n; ++j) {
        double acc = 0;
        for (int64_t p = 0; p < k; ++p) {
          const double x = ta ? pa[p * ac + i] : pa[i * ac + p];
          const double y = tb ? pb[j * bc + p] : pb[p * bc + j];
          acc += x * y;
        }
        out.push_back(acc);
      }
    }
  }
  return out;
}

}  // namespace tessera::ttnn::math::testing
