// The scalar functions behind each BinaryOp, shared by the fp32 array
// loops (binary_op.cc) and the fused packed-tile loops.
#pragma once

#include <cmath>
#include <cstdint>

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
inline float truth(bool b) {
  return b ? 1.0f : 0.0f;
}

// The int32 an element holds (saturated; NaN is 0), and back.
inline int32_t int_of(float x) {
  if (!(x == x)) return 0;
  if (x >= 2147483647.0f) return 2147483647;
  if (x <= -2147483648.0f) return -2147483647 - 1;
  return static_cast<int32_t>(x);
}
inline float from_int(int64_t v) {
  return static_cast<float>(v);
}
inline float shift_left(float x, float y) {
  const int32_t n = int_of(y);
  if (n < 0 || n > 31) return 0.0f;
  return from_int(static_cast<int32_t>(static_cast<uint32_t>(int_of(x)) << n));
}
inline float shift_right(float x, float y) {
  const int32_t n = int_of(y), v = int_of(x);
  if (n < 0 || n > 31) return v < 0 ? -1.0f : 0.0f;
  return from_int(v >> n);
}
inline float shift_right_logical(float x, float y) {
  const int32_t n = int_of(y);
  if (n < 0 || n > 31) return 0.0f;
  return from_int(static_cast<int32_t>(static_cast<uint32_t>(int_of(x)) >> n));
}
inline float atan2_of(float y, float x) {
  return static_cast<float>(std::atan2(static_cast<double>(y), static_cast<double>(x)));
}

// An error naming `what` for an op code outside BinaryOp.
inline Status check_binary_op(BinaryOp op, const char* what) {
  if (static_cast<int>(op) >= 0 && static_cast<int>(op) <= static_cast<int>(kLastBinaryOp)) {
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
    case BinaryOp::kEq:
      apply([](float x, float y) { return truth(x == y); });
      break;
    case BinaryOp::kNe:
      apply([](float x, float y) { return truth(x != y); });
      break;
    case BinaryOp::kLt:
      apply([](float x, float y) { return truth(x < y); });
      break;
    case BinaryOp::kGt:
      apply([](float x, float y) { return truth(x > y); });
      break;
    case BinaryOp::kLe:
      apply([](float x, float y) { return truth(x <= y); });
      break;
    case BinaryOp::kGe:
      apply([](float x, float y) { return truth(x >= y); });
      break;
    case BinaryOp::kBitwiseAnd:
      apply([](float x, float y) { return from_int(int_of(x) & int_of(y)); });
      break;
    case BinaryOp::kBitwiseOr:
      apply([](float x, float y) { return from_int(int_of(x) | int_of(y)); });
      break;
    case BinaryOp::kBitwiseXor:
      apply([](float x, float y) { return from_int(int_of(x) ^ int_of(y)); });
      break;
    case BinaryOp::kLeftShift:
      apply(shift_left);
      break;
    case BinaryOp::kRightShift:
      apply(shift_right);
      break;
    case BinaryOp::kLogicalRightShift:
      apply(shift_right_logical);
      break;
    case BinaryOp::kAtan2:
      apply(atan2_of);
      break;
    case BinaryOp::kRsub:
      apply([](float x, float y) { return y - x; });
      break;
    case BinaryOp::kRdiv:
      apply([](float x, float y) { return y / x; });
      break;
    case BinaryOp::kRpow:
      apply([](float x, float y) { return pow_of(y, x); });
      break;
  }
}

}  // namespace tessera::sim::compute
