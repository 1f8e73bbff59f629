#include "tessera/sim/compute/binary_op.h"

#include <cmath>
#include <cstddef>

namespace tessera::sim::compute {
namespace {

// One loop per op so each is a plain, vectorisable loop (no per-element dispatch).
template <typename Op>
void map2(const float* a, const float* b, float* out, size_t n, Op op) {
  for (size_t i = 0; i < n; ++i) out[i] = op(a[i], b[i]);
}

template <typename Op>
void map_scalar(const float* a, float s, float* out, size_t n, Op op) {
  for (size_t i = 0; i < n; ++i) out[i] = op(a[i], s);
}

// NaN-propagating max/min like torch.maximum; a plain `a > b ? a : b` would drop NaN in b.
float max_of(float x, float y) {
  return (x != x || x > y) ? x : y;
}
float min_of(float x, float y) {
  return (x != x || x < y) ? x : y;
}
float pow_of(float x, float y) {
  return static_cast<float>(std::pow(static_cast<double>(x), static_cast<double>(y)));
}

template <typename Apply>
void dispatch(BinaryOp op, Apply apply) {
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

Status check_binary_op(BinaryOp op, const char* what) {
  if (static_cast<int>(op) >= 0 && static_cast<int>(op) <= static_cast<int>(BinaryOp::kPow)) {
    return ok_status();
  }
  return make_error(ErrorCode::kInvalidArgument, what, ": binary op code ", static_cast<int>(op),
                    " is not defined");
}

}  // namespace

const char* binary_op_name(BinaryOp op) {
  switch (op) {
    case BinaryOp::kAdd:
      return "add";
    case BinaryOp::kSub:
      return "sub";
    case BinaryOp::kMul:
      return "mul";
    case BinaryOp::kDiv:
      return "div";
    case BinaryOp::kMax:
      return "max";
    case BinaryOp::kMin:
      return "min";
    case BinaryOp::kPow:
      return "pow";
  }
  return "invalid";
}

Result<BinaryOp> binary_op_from_name(std::string_view name) {
  for (int code = 0; code <= static_cast<int>(BinaryOp::kPow); ++code) {
    const auto op = static_cast<BinaryOp>(code);
    if (name == binary_op_name(op)) return op;
  }
  return make_error(ErrorCode::kUnimplemented, "binary op '", name, "' is not supported");
}

Status apply_binary(BinaryOp op, std::span<const float> a, std::span<const float> b,
                    std::span<float> out) {
  TESSERA_RETURN_IF_ERROR(check_binary_op(op, "apply_binary"));
  if (a.size() != b.size() || a.size() != out.size()) {
    return make_error(ErrorCode::kInvalidArgument, "binary ", binary_op_name(op),
                      ": operand lengths differ (a ", a.size(), ", b ", b.size(), ", out ",
                      out.size(), ")");
  }
  dispatch(op, [&](auto f) { map2(a.data(), b.data(), out.data(), a.size(), f); });
  return ok_status();
}

Status apply_binary_scalar(BinaryOp op, std::span<const float> a, float scalar,
                           std::span<float> out) {
  TESSERA_RETURN_IF_ERROR(check_binary_op(op, "apply_binary_scalar"));
  if (a.size() != out.size()) {
    return make_error(ErrorCode::kInvalidArgument, "binary ", binary_op_name(op),
                      " with scalar: input has ", a.size(), " elements but output has ",
                      out.size());
  }
  dispatch(op, [&](auto f) { map_scalar(a.data(), scalar, out.data(), a.size(), f); });
  return ok_status();
}

}  // namespace tessera::sim::compute
