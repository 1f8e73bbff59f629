#include "tessera/ttnn/math/eltwise_binary.h"

#include "allocate.h"
#include "strided_layout.h"
#include "tessera/ttnn/math/broadcast.h"
#include "tessera/ttnn/math/parallel_for.h"

namespace tessera::ttnn::math {
namespace {

// Elements per parallel chunk: big enough to amortise the hand-off.
constexpr int64_t kGrain = 1 << 16;

// One loop per stride pattern so each is a plain, vectorisable loop.
template <typename F>
void binary_segment(F f, const float* a, int64_t sa, const float* b, int64_t sb, float* out,
                    int64_t n) {
  if (sa == 1 && sb == 1) {
    for (int64_t i = 0; i < n; ++i) out[i] = f(a[i], b[i]);
  } else if (sa == 0 && sb == 1) {
    const float x = *a;
    for (int64_t i = 0; i < n; ++i) out[i] = f(x, b[i]);
  } else if (sa == 1 && sb == 0) {
    const float y = *b;
    for (int64_t i = 0; i < n; ++i) out[i] = f(a[i], y);
  } else {
    for (int64_t i = 0; i < n; ++i) out[i] = f(a[i * sa], b[i * sb]);
  }
}

template <typename F>
void run_binary(F f, const ConstTensorView& a, const ConstTensorView& b, const TensorView& out) {
  const auto layout = detail::make_broadcast_layout<2>(out.shape(), {&a.shape(), &b.shape()});
  const int64_t sa = layout.inner_stride(0);
  const int64_t sb = layout.inner_stride(1);
  parallel_for(0, out.numel(), kGrain, [&](int64_t lo, int64_t hi) {
    layout.for_each_segment(lo, hi,
                            [&](const std::array<int64_t, 2>& offsets, int64_t pos, int64_t n) {
                              binary_segment(f, a.data() + offsets[0], sa, b.data() + offsets[1],
                                             sb, out.data() + pos, n);
                            });
  });
}

// NaN-propagating max/min written as selects so they vectorise.
inline float maximum(float x, float y) {
  return (x > y || x != x) ? x : y;
}
inline float minimum(float x, float y) {
  return (x < y || x != x) ? x : y;
}

}  // namespace

const char* binary_op_name(BinaryOp op) {
  switch (op) {
    case BinaryOp::kAdd:
      return "add";
    case BinaryOp::kSubtract:
      return "subtract";
    case BinaryOp::kMultiply:
      return "multiply";
    case BinaryOp::kDivide:
      return "div";
    case BinaryOp::kMaximum:
      return "maximum";
    case BinaryOp::kMinimum:
      return "minimum";
    case BinaryOp::kGreaterEqual:
      return "greater_equal";
  }
  return "unknown binary op";
}

Result<Shape> binary_output_shape(BinaryOp op, const Shape& a, const Shape& b) {
  TESSERA_RETURN_IF_ERROR(validate_shape(a, std::string(binary_op_name(op)) + " input a"));
  TESSERA_RETURN_IF_ERROR(validate_shape(b, std::string(binary_op_name(op)) + " input b"));
  return broadcast_shapes(a, b, binary_op_name(op));
}

Status binary(BinaryOp op, ConstTensorView a, ConstTensorView b, TensorView out) {
  TESSERA_ASSIGN_OR_RETURN(Shape shape, binary_output_shape(op, a.shape(), b.shape()));
  TESSERA_RETURN_IF_ERROR(check_output_shape(out, shape, binary_op_name(op)));
  switch (op) {
    case BinaryOp::kAdd:
      run_binary([](float x, float y) { return x + y; }, a, b, out);
      break;
    case BinaryOp::kSubtract:
      run_binary([](float x, float y) { return x - y; }, a, b, out);
      break;
    case BinaryOp::kMultiply:
      run_binary([](float x, float y) { return x * y; }, a, b, out);
      break;
    case BinaryOp::kDivide:
      run_binary([](float x, float y) { return x / y; }, a, b, out);
      break;
    case BinaryOp::kMaximum:
      run_binary(maximum, a, b, out);
      break;
    case BinaryOp::kMinimum:
      run_binary(minimum, a, b, out);
      break;
    case BinaryOp::kGreaterEqual:
      run_binary([](float x, float y) { return x >= y ? 1.0f : 0.0f; }, a, b, out);
      break;
  }
  return ok_status();
}

Result<Tensor> binary(BinaryOp op, ConstTensorView a, ConstTensorView b) {
  return detail::allocate_and_run(binary_output_shape(op, a.shape(), b.shape()),
                                  [&](TensorView out) { return binary(op, a, b, out); });
}

}  // namespace tessera::ttnn::math
