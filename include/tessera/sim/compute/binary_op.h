// Element-wise binary math on fp32 arrays: the FPU's add/sub/mul and the SFPU's
// add/sub/mul/div_binary_tile and friends, for tiles and for whole host tensors.
#pragma once

#include <span>
#include <string_view>

#include "tessera/base/status.h"

namespace tessera::sim::compute {

// kAdd/kSub/kMul share their values with the FPU binary kinds of the kernel ABI.
enum class BinaryOp { kAdd = 0, kSub = 1, kMul = 2, kDiv = 3, kMax = 4, kMin = 5, kPow = 6 };

// "add", "sub", "mul", "div", "max", "min", "pow".
const char* binary_op_name(BinaryOp op);
Result<BinaryOp> binary_op_from_name(std::string_view name);

// out[i] = a[i] op b[i]. All three must have the same length; out may alias a or b.
Status apply_binary(BinaryOp op, std::span<const float> a, std::span<const float> b,
                    std::span<float> out);

// out[i] = a[i] op scalar (the *_unary_tile "binop with scalar" forms).
Status apply_binary_scalar(BinaryOp op, std::span<const float> a, float scalar,
                           std::span<float> out);

}  // namespace tessera::sim::compute
