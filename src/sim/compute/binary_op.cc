#include "tessera/sim/compute/binary_op.h"

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "binary_op_functors.h"

namespace tessera::sim::compute {
namespace {

// One loop per op so each is a plain, vectorisable loop (no per-element
// dispatch). Loops of fixed length vectorise at -O2. `out` may alias `a` or
// `b` (Dst ops work in place): then each run goes through local copies;
// otherwise the inputs are read directly.
constexpr size_t kRun = 64;

bool overlaps(const float* x, const float* y, size_t n) {
  const auto xa = reinterpret_cast<uintptr_t>(x), ya = reinterpret_cast<uintptr_t>(y);
  return xa < ya + n * sizeof(float) && ya < xa + n * sizeof(float);
}

template <typename Op>
void map2(const float* a, const float* b, float* out, size_t n, Op op) {
  const bool in_place = overlaps(a, out, n) || overlaps(b, out, n);
  size_t i = 0;
  for (; i + kRun <= n; i += kRun) {
    float r[kRun];
    if (in_place) {
      float x[kRun], y[kRun];
      std::memcpy(x, a + i, sizeof(x));
      std::memcpy(y, b + i, sizeof(y));
      for (size_t j = 0; j < kRun; ++j) r[j] = op(x[j], y[j]);
    } else {
      for (size_t j = 0; j < kRun; ++j) r[j] = op(a[i + j], b[i + j]);
    }
    std::memcpy(out + i, r, sizeof(r));
  }
  for (; i < n; ++i) out[i] = op(a[i], b[i]);
}

template <typename Op>
void map_scalar(const float* a, float s, float* out, size_t n, Op op) {
  for (size_t i = 0; i < n; ++i) out[i] = op(a[i], s);
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
    case BinaryOp::kEq:
      return "eq";
    case BinaryOp::kNe:
      return "ne";
    case BinaryOp::kLt:
      return "lt";
    case BinaryOp::kGt:
      return "gt";
    case BinaryOp::kLe:
      return "le";
    case BinaryOp::kGe:
      return "ge";
    case BinaryOp::kBitwiseAnd:
      return "bitwise_and";
    case BinaryOp::kBitwiseOr:
      return "bitwise_or";
    case BinaryOp::kBitwiseXor:
      return "bitwise_xor";
    case BinaryOp::kLeftShift:
      return "left_shift";
    case BinaryOp::kRightShift:
      return "right_shift";
    case BinaryOp::kLogicalRightShift:
      return "logical_right_shift";
    case BinaryOp::kAtan2:
      return "atan2";
    case BinaryOp::kRsub:
      return "rsub";
    case BinaryOp::kRdiv:
      return "rdiv";
    case BinaryOp::kRpow:
      return "rpow";
  }
  return "invalid";
}

Result<BinaryOp> binary_op_from_name(std::string_view name) {
  for (int code = 0; code <= static_cast<int>(kLastBinaryOp); ++code) {
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
  dispatch_binary_op(op, [&](auto f) { map2(a.data(), b.data(), out.data(), a.size(), f); });
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
  dispatch_binary_op(op, [&](auto f) { map_scalar(a.data(), scalar, out.data(), a.size(), f); });
  return ok_status();
}

}  // namespace tessera::sim::compute
