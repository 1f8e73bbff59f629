// torch.matmul semantics and Linear (matmul + broadcast bias).
#include "reference_ops.h"

namespace tessera::builder::reference {

using tt::target::ttnn::EltwiseOpType;

Result<RefTensor> matmul(const RefTensor& lhs, const RefTensor& rhs) {
  if (lhs.shape.empty() || rhs.shape.empty()) {
    return make_error(ErrorCode::kInvalidArgument, "matmul operands must have rank >= 1");
  }
  // 1-D operands become matrices and their added dimension is dropped again.
  std::vector<int64_t> a_shape = lhs.shape, b_shape = rhs.shape;
  bool a_vector = a_shape.size() == 1, b_vector = b_shape.size() == 1;
  if (a_vector) a_shape.insert(a_shape.begin(), 1);
  if (b_vector) b_shape.push_back(1);
  int64_t m = a_shape[a_shape.size() - 2], k = a_shape.back();
  int64_t k2 = b_shape[b_shape.size() - 2], n = b_shape.back();
  if (k != k2) {
    return make_error(ErrorCode::kInvalidArgument, "matmul inner dimensions differ: ", k, " and ",
                      k2);
  }
  std::span<const int64_t> a_batch(a_shape.data(), a_shape.size() - 2);
  std::span<const int64_t> b_batch(b_shape.data(), b_shape.size() - 2);
  TESSERA_ASSIGN_OR_RETURN(auto batch, broadcast_shape(a_batch, b_batch));
  int64_t batches = element_count(batch);
  std::vector<int64_t> a_strides = row_major_strides(a_batch);
  std::vector<int64_t> b_strides = row_major_strides(b_batch);
  std::vector<double> values(static_cast<size_t>(batches * m * n), 0.0);
  std::vector<int64_t> position(batch.size(), 0);
  for (int64_t b = 0; b < batches; ++b) {
    int64_t a_index = 0, b_index = 0;
    for (size_t d = 0; d < batch.size(); ++d) {
      size_t da = d + a_batch.size() - batch.size();
      size_t db = d + b_batch.size() - batch.size();
      if (d >= batch.size() - a_batch.size() && a_batch[da] != 1)
        a_index += position[d] * a_strides[da];
      if (d >= batch.size() - b_batch.size() && b_batch[db] != 1)
        b_index += position[d] * b_strides[db];
    }
    const double* a = lhs.values.data() + a_index * m * k;
    const double* bm = rhs.values.data() + b_index * k * n;
    double* c = values.data() + b * m * n;
    for (int64_t i = 0; i < m; ++i) {
      for (int64_t p = 0; p < k; ++p) {
        double av = a[i * k + p];
        for (int64_t j = 0; j < n; ++j) c[i * n + j] += av * bm[p * n + j];
      }
    }
    for (size_t d = batch.size(); d-- > 0;) {
      if (++position[d] < batch[d]) break;
      position[d] = 0;
    }
  }
  RefTensor out{batch, std::move(values)};
  if (!a_vector) out.shape.push_back(m);
  if (!b_vector) out.shape.push_back(n);
  return out;
}

Result<RefTensor> linear(const RefTensor& lhs, const RefTensor& rhs, const RefTensor* bias) {
  TESSERA_ASSIGN_OR_RETURN(RefTensor product, matmul(lhs, rhs));
  if (!bias) return product;
  return eltwise_binary(EltwiseOpType::Add, product, *bias);
}

}  // namespace tessera::builder::reference
