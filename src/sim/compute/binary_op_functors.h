// The scalar functions behind each BinaryOp, shared by the fp32 array
// loops (binary_op.cc) and the fused packed-tile loops.
#pragma once

#include <cmath>

#include "tessera/sim/compute/binary_op.h"

namespace tessera::sim::compute {

// NaN-propagating max/min like torch.maximum; a plain `a > b ? a : b` would drop NaN in b.
inline float max_of(float x, float y) {
  return (x != x || x > y) ? x : y;
}
inline float min_of(float x, float y) {
  return (x != x || x < y) ? x : y;
}
inline float pow_of(float x, float y) {
  return static_cast<float>(std::pow(static_cast<double>(x), static_cast<double>(y)));
}

// An error naming `what` for an op code outside BinaryOp.
inline Status check_binary_op(BinaryOp op, const char* what) {
  if (static_cast<int>(op) >= 0 && static_cast<int>(op) <= static_cast<int>(BinaryOp::kPow)) {
    return ok_status();
  }
  return make_error(ErrorCode::kInvalidArgument, what, ": binary op code ", static_cast<int>(op),
                    " is not defined");
}

// Calls apply(f) with the scalar function of `op`, so each op gets its own
// loop instantiation (no per-element dispatch). Always inlined: a caller
// compiled for wider vectors (TESSERA_VECTOR_CLONES) keeps its loops.
template <typename Apply>
[[gnu::always_inline]] inline void dispatch_binary_op(BinaryOp op, Apply apply) {
  switch (op) {
    case BinaryOp::kAdd:
      apply([](float x, float y) { return x + y; });
      break;
    case BinaryOp::kSub:
      apply([](float x, float y) { return x - y; });
      break;
    case BinaryOp::kMul:
      apply([](float x, float y) { return x * y; });
      break;
    case BinaryOp::kDiv:
      apply([](float x, float y) { return x / y; });
      break;
    case BinaryOp::kMax:
      apply(max_of);
      break;
    case BinaryOp::kMin:
      apply(min_of);
      break;
    case BinaryOp::kPow:
      apply(pow_of);
      break;
  }
}

}  // namespace tessera::sim::compute
