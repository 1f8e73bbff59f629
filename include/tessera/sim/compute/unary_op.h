// Element-wise unary math on fp32 arrays: what the SFPU's *_tile functions compute,
// usable on a Dst tile or on a whole host tensor.
#pragma once

#include <span>
#include <string_view>

#include "tessera/base/status.h"
#include "tessera/sim/tile/data_format.h"

namespace tessera::sim::compute {

enum class UnaryOp {
  kExp,
  kExp2,
  kExpm1,
  kLog,
  kLog2,
  kLog1p,
  kSqrt,
  kRsqrt,
  kRecip,
  kRelu,
  kReluMax,    // clamp to [0, param]
  kReluMin,    // max(x, param)
  kLeakyRelu,  // x < 0 ? param * x : x
  kElu,        // x < 0 ? param * (exp(x) - 1) : x
  kGelu,       // erf form; tanh form when UnaryParams::approximate
  kSigmoid,
  kTanh,
  kSilu,
  kAbs,
  kNeg,
  kSquare,
  kPower,  // x ^ param, param an integer
  kSign,   // -1, 0 or 1
  kFloor,
  kCeil,
  kSin,
  kCos,
  kTan,
  kErf,
  kErfc,
  kFill,  // every element becomes param
  kEqz,   // comparisons with zero give 1.0 or 0.0
  kNez,
  kGtz,
  kGez,
  kLtz,
  kLez,
};

struct UnaryParams {
  float param = 0.0f;
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
