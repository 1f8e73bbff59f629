// Element-wise binary math on fp32 arrays: the FPU's add/sub/mul and the SFPU's
// add/sub/mul/div_binary_tile and friends, for tiles and for whole host tensors.
#pragma once

#include <span>
#include <string_view>

#include "tessera/base/status.h"

namespace tessera::sim::compute {

// The values are the kernel ABI's binary kinds (tessera_binary_kind).
// Comparisons give 1.0 or 0.0. Bitwise ops and shifts work on the int32
// value of each element (Dst holds integers as exact floats).
enum class BinaryOp {
  kAdd = 0,
  kSub = 1,
  kMul = 2,
  kDiv = 3,
  kMax = 4,
  kMin = 5,
  kPow = 6,
  kEq = 7,
  kNe = 8,
  kLt = 9,
  kGt = 10,
  kLe = 11,
  kGe = 12,
  kBitwiseAnd = 13,
  kBitwiseOr = 14,
  kBitwiseXor = 15,
  kLeftShift = 16,
  kRightShift = 17,         // arithmetic
  kLogicalRightShift = 18,  // on the 32-bit pattern
  kAtan2 = 19,              // atan2(a, b)
  kRsub = 20,               // b - a
  kRdiv = 21,               // b / a
  kRpow = 22,               // b ^ a
};
inline constexpr BinaryOp kLastBinaryOp = BinaryOp::kRpow;

// "add", "sub", "mul", "div", "max", "min", "pow", "eq", ..., "bitwise_and", ...
const char* binary_op_name(BinaryOp op);
Result<BinaryOp> binary_op_from_name(std::string_view name);

// out[i] = a[i] op b[i]. All three must have the same length; out may alias a or b.
Status apply_binary(BinaryOp op, std::span<const float> a, std::span<const float> b,
                    std::span<float> out);

// out[i] = a[i] op scalar (the *_unary_tile "binop with scalar" forms).
Status apply_binary_scalar(BinaryOp op, std::span<const float> a, float scalar,
                           std::span<float> out);

}  // namespace tessera::sim::compute
