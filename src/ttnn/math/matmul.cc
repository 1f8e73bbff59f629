#include "tessera/ttnn/math/matmul.h"

#include <algorithm>
#include <climits>
#include <vector>

#include "allocate.h"
#include "serial_sgemm.h"
#include "strided_layout.h"
#include "tessera/ttnn/math/broadcast.h"
#include "tessera/ttnn/math/eltwise_binary.h"

namespace tessera::ttnn::math {
namespace {

// How one operand enters the product: its matrix dims and its batch dims.
struct Operand {
  Shape batch;
  int64_t rows;  // as multiplied, after any transpose
  int64_t cols;
  bool transposed;
  bool vector;  // a 1-D operand
};

Operand describe(const Shape& s, bool is_a, bool transpose) {
  if (s.rank() == 1) {
    // A 1-D first operand is a row vector, a 1-D second operand a column.
    return is_a ? Operand{Shape{}, 1, s[0], false, true} : Operand{Shape{}, s[0], 1, false, true};
  }
  std::vector<int64_t> batch(s.dims().begin(), s.dims().end() - 2);
  const int64_t r = s[s.rank() - 2], c = s[s.rank() - 1];
  return transpose ? Operand{Shape(std::move(batch)), c, r, true, false}
                   : Operand{Shape(std::move(batch)), r, c, false, false};
}

struct Plan {
  Operand a, b;
  Shape batch;
  Shape out;
};

Result<Plan> plan_matmul(const Shape& a_shape, const Shape& b_shape, MatmulOptions options) {
  TESSERA_RETURN_IF_ERROR(validate_shape(a_shape, "matmul input a"));
  TESSERA_RETURN_IF_ERROR(validate_shape(b_shape, "matmul input b"));
  if (a_shape.rank() == 0 || b_shape.rank() == 0) {
    return make_error(ErrorCode::kInvalidArgument,
                      "matmul: both operands must be at least 1-D, got shapes ", a_shape, " and ",
                      b_shape);
  }
  Plan plan{describe(a_shape, true, options.transpose_a),
            describe(b_shape, false, options.transpose_b),
            {},
            {}};
  if (plan.a.cols != plan.b.rows) {
    return make_error(ErrorCode::kInvalidArgument, "matmul: inner dims differ: a ", a_shape,
                      options.transpose_a ? " (transposed)" : "", " contributes K = ", plan.a.cols,
                      " but b ", b_shape, options.transpose_b ? " (transposed)" : "",
                      " contributes K = ", plan.b.rows);
  }
  auto batch = broadcast_shapes(plan.a.batch, plan.b.batch, "matmul batch dims");
  if (!batch.ok()) {
    return make_error(ErrorCode::kInvalidArgument, "matmul: batch dims of a ", a_shape, " and b ",
                      b_shape, " do not broadcast: ", batch.error().message());
  }
  plan.batch = *batch;
  std::vector<int64_t> out = plan.batch.dims();
  if (!plan.a.vector) out.push_back(plan.a.rows);
  if (!plan.b.vector) out.push_back(plan.b.cols);
  plan.out = Shape(std::move(out));
  for (int64_t dim : {plan.a.rows, plan.a.cols, plan.b.cols}) {
    if (dim > INT_MAX) {
      return make_error(ErrorCode::kUnimplemented, "matmul: matrix dim ", dim,
                        " exceeds the BLAS limit of ", INT_MAX, " (a ", a_shape, ", b ", b_shape,
                        ")");
    }
  }
  return plan;
}

// One row-major sgemm: C[m, n] = op(A)[m, k] * op(B)[k, n].
void sgemm(const float* a, bool ta, const float* b, bool tb, float* c, int64_t m, int64_t n,
           int64_t k) {
  if (m == 0 || n == 0) return;
  if (k == 0) {
    std::fill_n(c, m * n, 0.0f);
    return;
  }
  serial_sgemm(m, n, k, {a, ta ? m : k, ta}, {b, tb ? k : n, tb}, 0.0f, c, n);
}

}  // namespace

Result<Shape> matmul_output_shape(const Shape& a, const Shape& b, MatmulOptions options) {
  TESSERA_ASSIGN_OR_RETURN(Plan plan, plan_matmul(a, b, options));
  return plan.out;
}

Status matmul(ConstTensorView a, ConstTensorView b, TensorView out, MatmulOptions options) {
  TESSERA_ASSIGN_OR_RETURN(Plan plan, plan_matmul(a.shape(), b.shape(), options));
  TESSERA_RETURN_IF_ERROR(check_output_shape(out, plan.out, "matmul"));
  const int64_t m = plan.a.rows, k = plan.a.cols, n = plan.b.cols;
  const int64_t batches = plan.batch.numel();
  if (batches == 0) return ok_status();
  // A shared (fully broadcast) b and an untransposed a: the batch folds into
  // the rows of one large sgemm.
  if (plan.b.batch.numel() == 1 && plan.a.batch.numel() == batches && !plan.a.transposed &&
      batches * m <= INT_MAX) {
    sgemm(a.data(), false, b.data(), plan.b.transposed, out.data(), batches * m, n, k);
    return ok_status();
  }
  // OpenBLAS runs one sgemm at a time (serial_sgemm.h), so the batch loop is serial.
  const auto layout = detail::make_broadcast_layout<2>(plan.batch, {&plan.a.batch, &plan.b.batch});
  const int64_t a_size = m * k, b_size = k * n, c_size = m * n;
  layout.for_each_segment(
      0, batches, [&](const std::array<int64_t, 2>& offsets, int64_t pos, int64_t count) {
        for (int64_t i = 0; i < count; ++i) {
          const float* pa = a.data() + (offsets[0] + i * layout.inner_stride(0)) * a_size;
          const float* pb = b.data() + (offsets[1] + i * layout.inner_stride(1)) * b_size;
          sgemm(pa, plan.a.transposed, pb, plan.b.transposed, out.data() + (pos + i) * c_size, m, n,
                k);
        }
      });
  return ok_status();
}

Result<Tensor> matmul(ConstTensorView a, ConstTensorView b, MatmulOptions options) {
  return detail::allocate_and_run(matmul_output_shape(a.shape(), b.shape(), options),
                                  [&](TensorView out) { return matmul(a, b, out, options); });
}

Result<Shape> linear_output_shape(const Shape& input, const Shape& weight,
                                  const std::optional<Shape>& bias, bool transpose_b) {
  TESSERA_ASSIGN_OR_RETURN(Shape out, matmul_output_shape(input, weight, {false, transpose_b}));
  if (bias) {
    TESSERA_RETURN_IF_ERROR(validate_shape(*bias, "linear bias"));
    auto combined = broadcast_shapes(out, *bias, "linear bias");
    if (!combined.ok() || *combined != out) {
      return make_error(ErrorCode::kInvalidArgument, "linear: bias of shape ", *bias,
                        " does not broadcast to the matmul result of shape ", out, " (input ",
                        input, ", weight ", weight, ")");
    }
  }
  return out;
}

Status linear(ConstTensorView input, ConstTensorView weight, std::optional<ConstTensorView> bias,
              TensorView out, bool transpose_b) {
  std::optional<Shape> bias_shape;
  if (bias) bias_shape = bias->shape();
  TESSERA_ASSIGN_OR_RETURN(
      Shape shape, linear_output_shape(input.shape(), weight.shape(), bias_shape, transpose_b));
  TESSERA_RETURN_IF_ERROR(check_output_shape(out, shape, "linear"));
  TESSERA_RETURN_IF_ERROR(matmul(input, weight, out, {false, transpose_b}));
  if (bias) TESSERA_RETURN_IF_ERROR(binary(BinaryOp::kAdd, out, *bias, out));
  return ok_status();
}

Result<Tensor> linear(ConstTensorView input, ConstTensorView weight,
                      std::optional<ConstTensorView> bias, bool transpose_b) {
  std::optional<Shape> bias_shape;
  if (bias) bias_shape = bias->shape();
  return detail::allocate_and_run(
      linear_output_shape(input.shape(), weight.shape(), bias_shape, transpose_b),
      [&](TensorView out) { return linear(input, weight, bias, out, transpose_b); });
}

}  // namespace tessera::ttnn::math
