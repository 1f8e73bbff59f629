// Eltwise ops: unary, binary with numpy broadcasting, where.
#include <cmath>
#include <functional>

#include "reference_ops.h"

namespace tessera::builder::reference {
namespace {

using tt::target::ttnn::EltwiseOpType;

// Index of the broadcast source element for each output element.
std::vector<int64_t> broadcast_indices(std::span<const int64_t> from, std::span<const int64_t> to) {
  std::vector<int64_t> from_strides = row_major_strides(from);
  size_t offset = to.size() - from.size();
  int64_t count = element_count(to);
  std::vector<int64_t> indices(static_cast<size_t>(count));
  std::vector<int64_t> position(to.size(), 0);
  for (int64_t flat = 0; flat < count; ++flat) {
    int64_t source = 0;
    for (size_t d = 0; d < from.size(); ++d) {
      if (from[d] != 1) source += position[d + offset] * from_strides[d];
    }
    indices[static_cast<size_t>(flat)] = source;
    for (size_t d = to.size(); d-- > 0;) {
      if (++position[d] < to[d]) break;
      position[d] = 0;
    }
  }
  return indices;
}

Result<std::function<double(double)>> unary_function(EltwiseOpType type) {
  switch (type) {
    case EltwiseOpType::Relu:
      return std::function<double(double)>([](double x) { return x > 0 ? x : 0.0; });
    case EltwiseOpType::Sqrt:
      return std::function<double(double)>([](double x) { return std::sqrt(x); });
    case EltwiseOpType::Sigmoid:
      return std::function<double(double)>([](double x) { return 1.0 / (1.0 + std::exp(-x)); });
    case EltwiseOpType::Reciprocal:
      return std::function<double(double)>([](double x) { return 1.0 / x; });
    case EltwiseOpType::Exp:
      return std::function<double(double)>([](double x) { return std::exp(x); });
    case EltwiseOpType::Neg:
      return std::function<double(double)>([](double x) { return -x; });
    case EltwiseOpType::Abs:
      return std::function<double(double)>([](double x) { return std::fabs(x); });
    case EltwiseOpType::Log:
      return std::function<double(double)>([](double x) { return std::log(x); });
    case EltwiseOpType::Tanh:
      return std::function<double(double)>([](double x) { return std::tanh(x); });
    case EltwiseOpType::Gelu:  // exact: x * Phi(x)
      return std::function<double(double)>(
          [](double x) { return 0.5 * x * (1.0 + std::erf(x / std::sqrt(2.0))); });
    case EltwiseOpType::Typecast:  // the caller rounds to the output type
      return std::function<double(double)>([](double x) { return x; });
    default:
      return make_error(ErrorCode::kInvalidArgument, "eltwise ", EnumNameEltwiseOpType(type),
                        " is not a unary op");
  }
}

Result<std::function<double(double, double)>> binary_function(EltwiseOpType type) {
  using Fn = std::function<double(double, double)>;
  switch (type) {
    case EltwiseOpType::Add:
      return Fn([](double a, double b) { return a + b; });
    case EltwiseOpType::Multiply:
      return Fn([](double a, double b) { return a * b; });
    case EltwiseOpType::Subtract:
      return Fn([](double a, double b) { return a - b; });
    case EltwiseOpType::Div:
      return Fn([](double a, double b) { return a / b; });
    case EltwiseOpType::GreaterEqual:
      return Fn([](double a, double b) { return a >= b ? 1.0 : 0.0; });
    case EltwiseOpType::Maximum:
      return Fn([](double a, double b) { return std::max(a, b); });
    case EltwiseOpType::Minimum:
      return Fn([](double a, double b) { return std::min(a, b); });
    default:
      return make_error(ErrorCode::kInvalidArgument, "eltwise ", EnumNameEltwiseOpType(type),
                        " is not a binary op");
  }
}

}  // namespace

Result<RefTensor> eltwise_unary(EltwiseOpType type, const RefTensor& in) {
  TESSERA_ASSIGN_OR_RETURN(auto fn, unary_function(type));
  RefTensor out{in.shape, in.values};
  for (double& value : out.values) value = fn(value);
  return out;
}

Result<RefTensor> eltwise_binary(EltwiseOpType type, const RefTensor& lhs, const RefTensor& rhs) {
  TESSERA_ASSIGN_OR_RETURN(auto fn, binary_function(type));
  TESSERA_ASSIGN_OR_RETURN(auto shape, broadcast_shape(lhs.shape, rhs.shape));
  std::vector<int64_t> a = broadcast_indices(lhs.shape, shape);
  std::vector<int64_t> b = broadcast_indices(rhs.shape, shape);
  RefTensor out{shape, std::vector<double>(a.size())};
  for (size_t i = 0; i < a.size(); ++i) out.values[i] = fn(lhs.values[a[i]], rhs.values[b[i]]);
  return out;
}

Result<RefTensor> where(const RefTensor& condition, const RefTensor& on_true,
                        const RefTensor& on_false) {
  TESSERA_ASSIGN_OR_RETURN(auto partial, broadcast_shape(condition.shape, on_true.shape));
  TESSERA_ASSIGN_OR_RETURN(auto shape, broadcast_shape(partial, on_false.shape));
  std::vector<int64_t> c = broadcast_indices(condition.shape, shape);
  std::vector<int64_t> t = broadcast_indices(on_true.shape, shape);
  std::vector<int64_t> f = broadcast_indices(on_false.shape, shape);
  RefTensor out{shape, std::vector<double>(c.size())};
  for (size_t i = 0; i < c.size(); ++i) {
    out.values[i] = condition.values[c[i]] != 0.0 ? on_true.values[t[i]] : on_false.values[f[i]];
  }
  return out;
}

}  // namespace tessera::builder::reference
