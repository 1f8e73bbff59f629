#include "tessera/ttnn/math/eltwise_unary.h"

#include <cmath>

#include "allocate.h"
#include "tessera/ttnn/math/parallel_for.h"

namespace tessera::ttnn::math {
namespace {

// Cheap ops are memory bound; transcendental ones want smaller chunks.
constexpr int64_t kGrain = 1 << 15;

template <typename F>
void run_unary(F f, const float* in, float* out, int64_t n) {
  parallel_for(0, n, kGrain, [&](int64_t lo, int64_t hi) {
    for (int64_t i = lo; i < hi; ++i) out[i] = f(in[i]);
  });
}

float sigmoid(float x) {
  return 1.0f / (1.0f + std::exp(-x));
}

float gelu(float x) {
  constexpr float kInvSqrt2 = 0.70710678118654752440f;
  return 0.5f * x * (1.0f + std::erf(x * kInvSqrt2));
}

float gelu_tanh(float x) {
  constexpr float kSqrt2OverPi = 0.79788456080286535588f;
  return 0.5f * x * (1.0f + std::tanh(kSqrt2OverPi * (x + 0.044715f * x * x * x)));
}

}  // namespace

const char* unary_op_name(UnaryOp op) {
  switch (op) {
    case UnaryOp::kRelu:
      return "relu";
    case UnaryOp::kSqrt:
      return "sqrt";
    case UnaryOp::kSigmoid:
      return "sigmoid";
    case UnaryOp::kReciprocal:
      return "reciprocal";
    case UnaryOp::kExp:
      return "exp";
    case UnaryOp::kNeg:
      return "neg";
    case UnaryOp::kAbs:
      return "abs";
    case UnaryOp::kLog:
      return "log";
    case UnaryOp::kTanh:
      return "tanh";
    case UnaryOp::kGelu:
      return "gelu";
    case UnaryOp::kGeluTanh:
      return "gelu (tanh approximation)";
  }
  return "unknown unary op";
}

Status unary(UnaryOp op, ConstTensorView in, TensorView out) {
  TESSERA_RETURN_IF_ERROR(validate_shape(in.shape(), std::string(unary_op_name(op)) + " input"));
  TESSERA_RETURN_IF_ERROR(check_output_shape(out, in.shape(), unary_op_name(op)));
  const float* x = in.data();
  float* y = out.data();
  const int64_t n = in.numel();
  switch (op) {
    // `x < 0 ? 0 : x` keeps NaN as NaN, like torch.relu.
    case UnaryOp::kRelu:
      run_unary([](float v) { return v < 0.0f ? 0.0f : v; }, x, y, n);
      break;
    case UnaryOp::kSqrt:
      run_unary([](float v) { return std::sqrt(v); }, x, y, n);
      break;
    case UnaryOp::kSigmoid:
      run_unary(sigmoid, x, y, n);
      break;
    case UnaryOp::kReciprocal:
      run_unary([](float v) { return 1.0f / v; }, x, y, n);
      break;
    case UnaryOp::kExp:
      run_unary([](float v) { return std::exp(v); }, x, y, n);
      break;
    case UnaryOp::kNeg:
      run_unary([](float v) { return -v; }, x, y, n);
      break;
    case UnaryOp::kAbs:
      run_unary([](float v) { return std::fabs(v); }, x, y, n);
      break;
    case UnaryOp::kLog:
      run_unary([](float v) { return std::log(v); }, x, y, n);
      break;
    case UnaryOp::kTanh:
      run_unary([](float v) { return std::tanh(v); }, x, y, n);
      break;
    case UnaryOp::kGelu:
      run_unary(gelu, x, y, n);
      break;
    case UnaryOp::kGeluTanh:
      run_unary(gelu_tanh, x, y, n);
      break;
  }
  return ok_status();
}

Result<Tensor> unary(UnaryOp op, ConstTensorView in) {
  return detail::allocate_and_run(in.shape(), [&](TensorView out) { return unary(op, in, out); });
}

}  // namespace tessera::ttnn::math
