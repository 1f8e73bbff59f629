// Element-wise unary math on fp32 arrays: what the SFPU's *_tile functions compute,
// usable on a Dst tile or on a whole host tensor.
#pragma once

#include <span>
#include <string_view>

#include "tessera/base/status.h"
#include "tessera/sim/tile/data_format.h"

namespace tessera::sim::compute {

// The values are the kernel ABI's unary kinds (tessera_unary_kind).
enum class UnaryOp {
  kExp = 0,
  kRelu = 1,
  kRecip = 2,
  kSqrt = 3,
  kGelu = 4,  // erf form; tanh form when UnaryParams::approximate
  kSigmoid = 5,
  kTanh = 6,
  kLog = 7,
  kRsqrt = 8,
  kAbs = 9,
  kNeg = 10,
  kSquare = 11,
  kSilu = 12,
  kLeakyRelu = 13,  // x < 0 ? param * x : x
  kReluMax = 14,    // clamp to [0, param]
  kReluMin = 15,    // max(x, param)
  kErf = 16,
  kSin = 17,
  kCos = 18,
  kExp2 = 19,
  kPower = 20,  // x ^ param, param an integer
  kFill = 21,   // every element becomes param
  kSign = 22,   // -1, 0 or 1
  kExpm1 = 23,
  kLog2 = 24,
  kLog1p = 25,
  kElu = 26,  // x < 0 ? param * (exp(x) - 1) : x
  kFloor = 27,
  kCeil = 28,
  kTan = 29,
  kErfc = 30,
  kEqz = 31,  // comparisons with zero give 1.0 or 0.0
  kNez = 32,
  kGtz = 33,
  kGez = 34,
  kLtz = 35,
  kLez = 36,
  kAsin = 37,
  kAcos = 38,
  kAtan = 39,
  kTrunc = 40,        // toward zero
  kFrac = 41,         // x - trunc(x)
  kHardsigmoid = 42,  // clamp(x / 6 + 1/2, 0, 1)
  kSoftsign = 43,     // x / (1 + |x|)
  kSelu = 44,         // param2 * (x > 0 ? x : param * (exp(x) - 1)): alpha, scale
  kClamp = 45,        // clamp to [param, param2]
  kSignbit = 46,      // 1.0 where the sign bit is set (also -0.0)
  kLogicalNot = 47,   // x == 0 ? 1.0 : 0.0
  kBitwiseNot = 48,   // ~x on the int32 value
};
inline constexpr UnaryOp kLastUnaryOp = UnaryOp::kBitwiseNot;

struct UnaryParams {
  float param = 0.0f;
  float param2 = 0.0f;
  bool approximate = false;
};

// Lower-case names as in tt-metal: "exp", "relu_max", "gelu", "eqz"...
const char* unary_op_name(UnaryOp op);
Result<UnaryOp> unary_op_from_name(std::string_view name);

// out[i] = op(in[i]). Same lengths; out may alias in.
Status apply_unary(UnaryOp op, std::span<const float> in, std::span<float> out,
                   const UnaryParams& params = {});

// In place.
Status apply_unary(UnaryOp op, std::span<float> values, const UnaryParams& params = {});

// typecast_tile: values become what `to` can hold (rounded to nearest even, integers
// saturated, see tile/element_convert.h). Block-float targets need whole tiles.
Status typecast(tile::DataFormat to, std::span<float> values);

}  // namespace tessera::sim::compute
