#include "tessera/sim/compute/unary_op.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <numbers>

#include "tessera/sim/tile/element_convert.h"

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

bool is_defined(UnaryOp op) {
  return static_cast<int>(op) >= 0 && static_cast<int>(op) <= static_cast<int>(kLastUnaryOp);
}

float signbit_of(float x) {
  return std::signbit(x) ? 1.0f : 0.0f;
}

float bitwise_not_of(float x) {
  if (!(x == x)) return -1.0f;
  const double v = x < -2147483648.0f ? -2147483648.0 : (x > 2147483647.0f ? 2147483647.0 : x);
  return static_cast<float>(~static_cast<int32_t>(v));
}

}  // namespace

const char* unary_op_name(UnaryOp op) {
  switch (op) {
    case UnaryOp::kExp:
      return "exp";
    case UnaryOp::kExp2:
      return "exp2";
    case UnaryOp::kExpm1:
      return "expm1";
    case UnaryOp::kLog2:
      return "log2";
    case UnaryOp::kLog1p:
      return "log1p";
    case UnaryOp::kElu:
      return "elu";
    case UnaryOp::kTan:
      return "tan";
    case UnaryOp::kFloor:
      return "floor";
    case UnaryOp::kCeil:
      return "ceil";
    case UnaryOp::kLog:
      return "log";
    case UnaryOp::kSqrt:
      return "sqrt";
    case UnaryOp::kRsqrt:
      return "rsqrt";
    case UnaryOp::kRecip:
      return "recip";
    case UnaryOp::kRelu:
      return "relu";
    case UnaryOp::kReluMax:
      return "relu_max";
    case UnaryOp::kReluMin:
      return "relu_min";
    case UnaryOp::kLeakyRelu:
      return "leaky_relu";
    case UnaryOp::kGelu:
      return "gelu";
    case UnaryOp::kSigmoid:
      return "sigmoid";
    case UnaryOp::kTanh:
      return "tanh";
    case UnaryOp::kSilu:
      return "silu";
    case UnaryOp::kAbs:
      return "abs";
    case UnaryOp::kNeg:
      return "neg";
    case UnaryOp::kSquare:
      return "square";
    case UnaryOp::kPower:
      return "power";
    case UnaryOp::kSign:
      return "sign";
    case UnaryOp::kSin:
      return "sin";
    case UnaryOp::kCos:
      return "cos";
    case UnaryOp::kErf:
      return "erf";
    case UnaryOp::kErfc:
      return "erfc";
    case UnaryOp::kFill:
      return "fill";
    case UnaryOp::kEqz:
      return "eqz";
    case UnaryOp::kNez:
      return "nez";
    case UnaryOp::kGtz:
      return "gtz";
    case UnaryOp::kGez:
      return "gez";
    case UnaryOp::kLtz:
      return "ltz";
    case UnaryOp::kLez:
      return "lez";
    case UnaryOp::kAsin:
      return "asin";
    case UnaryOp::kAcos:
      return "acos";
    case UnaryOp::kAtan:
      return "atan";
    case UnaryOp::kTrunc:
      return "trunc";
    case UnaryOp::kFrac:
      return "frac";
    case UnaryOp::kHardsigmoid:
      return "hardsigmoid";
    case UnaryOp::kSoftsign:
      return "softsign";
    case UnaryOp::kSelu:
      return "selu";
    case UnaryOp::kClamp:
      return "clamp";
    case UnaryOp::kSignbit:
      return "signbit";
    case UnaryOp::kLogicalNot:
      return "logical_not";
    case UnaryOp::kBitwiseNot:
      return "bitwise_not";
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
  const float* x = in.data();
  float* y = out.data();
  const size_t n = in.size();
  switch (op) {
    case UnaryOp::kExp:
      map(x, y, n, [](float v) { return std::exp(v); });
      break;
    case UnaryOp::kExp2:
      map(x, y, n, [](float v) { return std::exp2(v); });
      break;
    case UnaryOp::kExpm1:
      map(x, y, n, [](float v) { return std::expm1(v); });
      break;
    case UnaryOp::kLog2:
      map(x, y, n, [](float v) { return std::log2(v); });
      break;
    case UnaryOp::kLog1p:
      map(x, y, n, [](float v) { return std::log1p(v); });
      break;
    case UnaryOp::kElu:
      map(x, y, n, [p](float v) {
        return v < 0.0f ? static_cast<float>(p * std::expm1(static_cast<double>(v))) : v;
      });
      break;
    case UnaryOp::kTan:
      map(x, y, n, [](float v) { return std::tan(v); });
      break;
    case UnaryOp::kFloor:
      map(x, y, n, [](float v) { return std::floor(v); });
      break;
    case UnaryOp::kCeil:
      map(x, y, n, [](float v) { return std::ceil(v); });
      break;
    case UnaryOp::kLog:
      map(x, y, n, [](float v) { return std::log(v); });
      break;
    case UnaryOp::kSqrt:
      map(x, y, n, [](float v) { return std::sqrt(v); });
      break;
    case UnaryOp::kRsqrt:
      map(x, y, n, rsqrt);
      break;
    case UnaryOp::kRecip:
      map(x, y, n, [](float v) { return 1.0f / v; });
      break;
    case UnaryOp::kRelu:
      map(x, y, n, [](float v) { return v < 0.0f ? 0.0f : v; });
      break;
    case UnaryOp::kReluMax:
      map(x, y, n, [p](float v) { return v < 0.0f ? 0.0f : (v > p ? p : v); });
      break;
    case UnaryOp::kReluMin:
      map(x, y, n, [p](float v) { return v < p ? p : v; });
      break;
    case UnaryOp::kLeakyRelu:
      map(x, y, n, [p](float v) { return v < 0.0f ? p * v : v; });
      break;
    case UnaryOp::kGelu:
      map(x, y, n, params.approximate ? gelu_tanh : gelu_erf);
      break;
    case UnaryOp::kSigmoid:
      map(x, y, n, sigmoid);
      break;
    case UnaryOp::kTanh:
      map(x, y, n, [](float v) { return std::tanh(v); });
      break;
    case UnaryOp::kSilu:
      map(x, y, n, silu);
      break;
    case UnaryOp::kAbs:
      map(x, y, n, [](float v) { return std::fabs(v); });
      break;
    case UnaryOp::kNeg:
      map(x, y, n, [](float v) { return -v; });
      break;
    case UnaryOp::kSquare:
      map(x, y, n, [](float v) { return v * v; });
      break;
    case UnaryOp::kPower: {
      const double exponent = std::nearbyint(static_cast<double>(p));
      map(x, y, n, [exponent](float v) {
        return static_cast<float>(std::pow(static_cast<double>(v), exponent));
      });
      break;
    }
    case UnaryOp::kSign:
      map(x, y, n, sign);
      break;
    case UnaryOp::kSin:
      map(x, y, n, [](float v) { return std::sin(v); });
      break;
    case UnaryOp::kCos:
      map(x, y, n, [](float v) { return std::cos(v); });
      break;
    case UnaryOp::kErf:
      map(x, y, n, [](float v) { return std::erf(v); });
      break;
    case UnaryOp::kErfc:
      map(x, y, n, [](float v) { return std::erfc(v); });
      break;
    case UnaryOp::kFill:
      map(x, y, n, [p](float) { return p; });
      break;
    case UnaryOp::kEqz:
      map(x, y, n, [](float v) { return from_bool(v == 0.0f); });
      break;
    case UnaryOp::kNez:
      map(x, y, n, [](float v) { return from_bool(v != 0.0f); });
      break;
    case UnaryOp::kGtz:
      map(x, y, n, [](float v) { return from_bool(v > 0.0f); });
      break;
    case UnaryOp::kGez:
      map(x, y, n, [](float v) { return from_bool(v >= 0.0f); });
      break;
    case UnaryOp::kLtz:
      map(x, y, n, [](float v) { return from_bool(v < 0.0f); });
      break;
    case UnaryOp::kLez:
      map(x, y, n, [](float v) { return from_bool(v <= 0.0f); });
      break;
    case UnaryOp::kAsin:
      map(x, y, n, [](float v) { return std::asin(v); });
      break;
    case UnaryOp::kAcos:
      map(x, y, n, [](float v) { return std::acos(v); });
      break;
    case UnaryOp::kAtan:
      map(x, y, n, [](float v) { return std::atan(v); });
      break;
    case UnaryOp::kTrunc:
      map(x, y, n, [](float v) { return std::trunc(v); });
      break;
    case UnaryOp::kFrac:
      map(x, y, n, [](float v) { return v - std::trunc(v); });
      break;
    case UnaryOp::kHardsigmoid:
      map(x, y, n, [](float v) {
        const float h = v / 6.0f + 0.5f;
        return h < 0.0f ? 0.0f : (h > 1.0f ? 1.0f : h);
      });
      break;
    case UnaryOp::kSoftsign:
      map(x, y, n, [](float v) { return v / (1.0f + std::fabs(v)); });
      break;
    case UnaryOp::kSelu: {
      const double alpha = p, scale = params.param2;
      map(x, y, n, [alpha, scale](float v) {
        const double d = v;
        return static_cast<float>(scale * (d > 0.0 ? d : alpha * std::expm1(d)));
      });
      break;
    }
    case UnaryOp::kClamp: {
      const float low = p, high = params.param2;
      map(x, y, n, [low, high](float v) { return v < low ? low : (v > high ? high : v); });
      break;
    }
    case UnaryOp::kSignbit:
      map(x, y, n, signbit_of);
      break;
    case UnaryOp::kLogicalNot:
      map(x, y, n, [](float v) { return from_bool(v == 0.0f); });
      break;
    case UnaryOp::kBitwiseNot:
      map(x, y, n, bitwise_not_of);
      break;
  }
  return ok_status();
}

Status apply_unary(UnaryOp op, std::span<float> values, const UnaryParams& params) {
  return apply_unary(op, std::span<const float>(values), values, params);
}

Status typecast(tile::DataFormat to, std::span<float> values) {
  return tile::round_to_format(to, values);
}

}  // namespace tessera::sim::compute
