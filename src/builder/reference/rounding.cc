// Rounding float64 reference values to what a tensor's data type stores.
#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

#include "reference_ops.h"

namespace tessera::builder::reference {
namespace {

using tt::target::DataType;

// bf16 is the top half of an fp32, rounded to nearest even.
float round_to_bfloat16(float value) {
  if (std::isnan(value)) return value;
  uint32_t bits = std::bit_cast<uint32_t>(value);
  uint32_t rounding = 0x7fffu + ((bits >> 16) & 1u);
  bits = (bits + rounding) & 0xffff0000u;
  return std::bit_cast<float>(bits);
}

// IEEE half: 11 significant bits, exponent range [-14, 15], subnormals below.
double round_to_float16(double value) {
  if (!std::isfinite(value) || value == 0.0) return value;
  double magnitude = std::fabs(value);
  if (magnitude >= 65520.0) return std::copysign(std::numeric_limits<double>::infinity(), value);
  int exponent = std::max(std::ilogb(magnitude), -14);
  double quantum = std::ldexp(1.0, exponent - 10);
  return std::nearbyint(value / quantum) * quantum;
}

double clamp_integer(double value, double max) {
  if (std::isnan(value)) return 0.0;
  return std::clamp(std::nearbyint(value), 0.0, max);
}

}  // namespace

double round_value(double value, DataType type) {
  switch (type) {
    case DataType::Float32:
      return static_cast<double>(static_cast<float>(value));
    case DataType::BFloat16:
    case DataType::BFP_BFloat8:
    case DataType::BFP_BFloat4:
    case DataType::BFP_BFloat2:
      return static_cast<double>(round_to_bfloat16(static_cast<float>(value)));
    case DataType::Float16:
    case DataType::BFP_Float8:
    case DataType::BFP_Float4:
    case DataType::BFP_Float2:
      return round_to_float16(value);
    case DataType::UInt32:
      return clamp_integer(value, 4294967295.0);
    case DataType::UInt16:
      return clamp_integer(value, 65535.0);
    case DataType::UInt8:
      return clamp_integer(value, 255.0);
    case DataType::Int32:
      return std::isnan(value) ? 0.0
                               : std::clamp(std::nearbyint(value), -2147483648.0, 2147483647.0);
  }
  return value;
}

RefTensor round_to(RefTensor tensor, DataType type) {
  for (double& value : tensor.values) value = round_value(value, type);
  return tensor;
}

}  // namespace tessera::builder::reference
