#include "tessera/sim/compute/unary_op.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <numbers>

namespace tessera::sim::compute {
namespace {

// One plain loop per op: the switch picks the loop, never a per-element call.
template <typename Op>
void map(const float* in, float* out, size_t n, Op op) {
  for (size_t i = 0; i < n; ++i) out[i] = op(in[i]);
}

// Transcendental ops that are cheap to do in double get correctly rounded fp32 results.
float gelu_erf(float x) {
  const double v = x;
  return static_cast<float>(0.5 * v * (1.0 + std::erf(v / std::numbers::sqrt2)));
}

float gelu_tanh(float x) {
  const double v = x;
  const double inner = 0.7978845608028654 * (v + 0.044715 * v * v * v);  // sqrt(2/pi)
  return static_cast<float>(0.5 * v * (1.0 + std::tanh(inner)));
}

float sigmoid(float x) {
  return static_cast<float>(1.0 / (1.0 + std::exp(-static_cast<double>(x))));
}

float silu(float x) {
  return static_cast<float>(x / (1.0 + std::exp(-static_cast<double>(x))));
}

float rsqrt(float x) {
  return static_cast<float>(1.0 / std::sqrt(static_cast<double>(x)));
}

float sign(float x) {
  return x > 0.0f ? 1.0f : (x < 0.0f ? -1.0f : (x != x ? x : 0.0f));
}

float from_bool(bool b) {
  return b ? 1.0f : 0.0f;
}

// The list is in code order from 0, so an op's code is its position and
// kLastUnaryOp bounds the valid codes.
constexpr bool codes_are_positions() {
  int position = 0;
#define TESSERA_SFPU_UNARY(KIND, Enum, name, code, apply) \
  if (code != position++) return false;
  TESSERA_SFPU_UNARY_LIST(TESSERA_SFPU_UNARY)
#undef TESSERA_SFPU_UNARY
  return true;
}
static_assert(codes_are_positions(), "sfpu_unary_list.h must list codes 0, 1, 2, ... in order");

bool is_defined(UnaryOp op) {
  return static_cast<int>(op) >= 0 && static_cast<int>(op) <= static_cast<int>(kLastUnaryOp);
}

float signbit_of(float x) {
  return std::signbit(x) ? 1.0f : 0.0f;
}

float integer_power(float x, float exponent) {
  return static_cast<float>(std::pow(static_cast<double>(x), std::nearbyint(exponent)));
}

float elu(float x, float alpha) {
  return x < 0.0f ? static_cast<float>(alpha * std::expm1(static_cast<double>(x))) : x;
}

float hardsigmoid(float x) {
  const float h = x / 6.0f + 0.5f;
  return h < 0.0f ? 0.0f : (h > 1.0f ? 1.0f : h);
}

float selu(float x, float alpha, float scale) {
  const double d = x;
  return static_cast<float>(static_cast<double>(scale) *
                            (d > 0.0 ? d : static_cast<double>(alpha) * std::expm1(d)));
}

float bitwise_not_of(float x) {
  if (!(x == x)) return -1.0f;
  const double v = x < -2147483648.0f ? -2147483648.0 : (x > 2147483647.0f ? 2147483647.0 : x);
  return static_cast<float>(~static_cast<int32_t>(v));
}

}  // namespace

const char* unary_op_name(UnaryOp op) {
  switch (op) {
#define TESSERA_SFPU_UNARY(KIND, Enum, name, code, apply) \
  case UnaryOp::k##Enum:                                  \
    return #name;
    TESSERA_SFPU_UNARY_LIST(TESSERA_SFPU_UNARY)
#undef TESSERA_SFPU_UNARY
  }
  return "invalid";
}

Result<UnaryOp> unary_op_from_name(std::string_view name) {
  for (int code = 0; code <= static_cast<int>(kLastUnaryOp); ++code) {
    const auto op = static_cast<UnaryOp>(code);
    if (name == unary_op_name(op)) return op;
  }
  return make_error(ErrorCode::kUnimplemented, "unary op '", name, "' is not supported");
}

Status apply_unary(UnaryOp op, std::span<const float> in, std::span<float> out,
                   const UnaryParams& params) {
  if (!is_defined(op)) {
    return make_error(ErrorCode::kInvalidArgument, "unary op code ", static_cast<int>(op),
                      " is not defined");
  }
  if (in.size() != out.size()) {
    return make_error(ErrorCode::kInvalidArgument, "unary ", unary_op_name(op), ": input has ",
                      in.size(), " elements but output has ", out.size());
  }
  const float p = params.param;
  const float p2 = params.param2;
  const bool approximate = params.approximate;
  const float* x = in.data();
  float* y = out.data();
  const size_t n = in.size();
  switch (op) {
#define TESSERA_SFPU_UNARY(KIND, Enum, name, code, apply)                              \
  case UnaryOp::k##Enum:                                                               \
    map(x, y, n, [=]([[maybe_unused]] float v) { return static_cast<float>(apply); }); \
    break;
    TESSERA_SFPU_UNARY_LIST(TESSERA_SFPU_UNARY)
#undef TESSERA_SFPU_UNARY
  }
  return ok_status();
}

Status apply_unary(UnaryOp op, std::span<float> values, const UnaryParams& params) {
  return apply_unary(op, std::span<const float>(values), values, params);
}

}  // namespace tessera::sim::compute
