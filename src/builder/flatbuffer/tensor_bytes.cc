// Encoding reference values as row-major tensor bytes and back.
#include "tessera/builder/tensor_bytes.h"

#include <bit>
#include <cmath>
#include <cstring>

#include "reference/reference_ops.h"

namespace tessera::builder {
namespace {

using tt::target::DataType;

uint16_t half_bits(double value) {
  // The value is already representable (rounded), so this is exact.
  float f = static_cast<float>(value);
  uint32_t bits = std::bit_cast<uint32_t>(f);
  uint16_t sign = static_cast<uint16_t>((bits >> 16) & 0x8000u);
  if (std::isnan(f)) return static_cast<uint16_t>(sign | 0x7e00u);
  float magnitude = std::fabs(f);
  if (std::isinf(f) || magnitude >= 65520.0f) return static_cast<uint16_t>(sign | 0x7c00u);
  if (magnitude < 0x1.0p-14f) {  // subnormal: multiples of 2^-24
    return static_cast<uint16_t>(sign |
                                 static_cast<uint16_t>(std::nearbyint(magnitude * 0x1.0p24f)));
  }
  int exponent = std::ilogb(magnitude);
  uint32_t mantissa =
      static_cast<uint32_t>(std::nearbyint((std::ldexp(magnitude, -exponent) - 1.0f) * 1024.0f));
  return static_cast<uint16_t>(sign | ((exponent + 15) << 10) | mantissa);
}

double from_half_bits(uint16_t bits) {
  int exponent = (bits >> 10) & 0x1f;
  double mantissa = bits & 0x3ff;
  double sign = (bits & 0x8000u) ? -1.0 : 1.0;
  if (exponent == 0) return sign * std::ldexp(mantissa, -24);
  if (exponent == 31) return mantissa == 0 ? sign * INFINITY : NAN;
  return sign * std::ldexp(1.0 + mantissa / 1024.0, exponent - 15);
}

template <typename T>
void put(std::vector<uint8_t>& bytes, size_t index, T value) {
  std::memcpy(bytes.data() + index * sizeof(T), &value, sizeof(T));
}

template <typename T>
T get(std::span<const uint8_t> bytes, size_t index) {
  T value;
  std::memcpy(&value, bytes.data() + index * sizeof(T), sizeof(T));
  return value;
}

}  // namespace

uint32_t element_bytes(DataType type) {
  switch (type) {
    case DataType::Float32:
    case DataType::UInt32:
      return 4;
    case DataType::Float16:
    case DataType::BFloat16:
    case DataType::UInt16:
      return 2;
    case DataType::UInt8:
      return 1;
    default:
      return 0;
  }
}

Result<std::vector<uint8_t>> encode_values(std::span<const double> values, DataType type) {
  uint32_t size = element_bytes(type);
  if (size == 0) {
    return make_error(ErrorCode::kUnimplemented, "data type ", tt::target::EnumNameDataType(type),
                      " has no row-major element encoding");
  }
  std::vector<uint8_t> bytes(values.size() * size);
  for (size_t i = 0; i < values.size(); ++i) {
    double v = reference::round_value(values[i], type);
    switch (type) {
      case DataType::Float32:
        put(bytes, i, static_cast<float>(v));
        break;
      case DataType::BFloat16:
        put(bytes, i, static_cast<uint16_t>(std::bit_cast<uint32_t>(static_cast<float>(v)) >> 16));
        break;
      case DataType::Float16:
        put(bytes, i, half_bits(v));
        break;
      case DataType::UInt32:
        put(bytes, i, static_cast<uint32_t>(v));
        break;
      case DataType::UInt16:
        put(bytes, i, static_cast<uint16_t>(v));
        break;
      default:
        put(bytes, i, static_cast<uint8_t>(v));
        break;
    }
  }
  return bytes;
}

Result<RefTensor> decode_values(std::span<const uint8_t> bytes, std::vector<int64_t> shape,
                                DataType type) {
  uint32_t size = element_bytes(type);
  int64_t count = reference::element_count(shape);
  if (size == 0 || bytes.size() != static_cast<size_t>(count) * size) {
    return make_error(ErrorCode::kInvalidArgument, bytes.size(), " bytes do not hold ", count,
                      " elements of ", tt::target::EnumNameDataType(type));
  }
  RefTensor tensor{std::move(shape), std::vector<double>(static_cast<size_t>(count))};
  for (size_t i = 0; i < tensor.values.size(); ++i) {
    switch (type) {
      case DataType::Float32:
        tensor.values[i] = get<float>(bytes, i);
        break;
      case DataType::BFloat16:
        tensor.values[i] =
            std::bit_cast<float>(static_cast<uint32_t>(get<uint16_t>(bytes, i)) << 16);
        break;
      case DataType::Float16:
        tensor.values[i] = from_half_bits(get<uint16_t>(bytes, i));
        break;
      case DataType::UInt32:
        tensor.values[i] = get<uint32_t>(bytes, i);
        break;
      case DataType::UInt16:
        tensor.values[i] = get<uint16_t>(bytes, i);
        break;
      default:
        tensor.values[i] = get<uint8_t>(bytes, i);
        break;
    }
  }
  return tensor;
}

Result<RefTensor> decode_golden(const tt::target::GoldenTensor& golden) {
  std::vector<int64_t> shape;
  if (golden.shape()) shape.assign(golden.shape()->begin(), golden.shape()->end());
  std::span<const uint8_t> data;
  if (golden.data()) data = {golden.data()->data(), golden.data()->size()};
  return decode_values(data, std::move(shape), golden.data_type());
}

}  // namespace tessera::builder
