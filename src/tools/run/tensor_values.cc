#include "tensor_values.h"

#include <cmath>
#include <cstring>
#include <limits>

#include "tessera/format/generated.h"
#include "tessera/sim/tile/bfloat16.h"
#include "tessera/sim/tile/float16.h"

namespace tessera::tools::run {

using tt::target::DataType;

namespace {

template <typename T>
T load(const uint8_t* at) {
  T value;
  std::memcpy(&value, at, sizeof(T));
  return value;
}

template <typename T>
void store(uint8_t* at, T value) {
  std::memcpy(at, &value, sizeof(T));
}

// Round to nearest even and saturate to [0, max]; NaN becomes 0.
template <typename T>
T to_unsigned(double value) {
  if (std::isnan(value) || value <= 0) return 0;
  double max = static_cast<double>(std::numeric_limits<T>::max());
  if (value >= max) return std::numeric_limits<T>::max();
  return static_cast<T>(std::nearbyint(value));
}

}  // namespace

Result<uint32_t> host_element_size(DataType type) {
  switch (type) {
    case DataType::Float32:
    case DataType::UInt32:
      return 4u;
    case DataType::Float16:
    case DataType::BFloat16:
    case DataType::UInt16:
      return 2u;
    case DataType::UInt8:
      return 1u;
    default:
      return make_error(ErrorCode::kUnimplemented, "host tensors of data type ",
                        tt::target::EnumNameDataType(type),
                        " are not supported (block floats live only on the device)");
  }
}

Result<std::vector<double>> decode_values(DataType type, std::span<const uint8_t> bytes) {
  TESSERA_ASSIGN_OR_RETURN(uint32_t size, host_element_size(type));
  if (bytes.size() % size != 0) {
    return make_error(ErrorCode::kInvalidArgument, bytes.size(),
                      " bytes are not a whole number of ", tt::target::EnumNameDataType(type),
                      " elements");
  }
  std::vector<double> values(bytes.size() / size);
  for (size_t i = 0; i < values.size(); ++i) {
    const uint8_t* at = bytes.data() + i * size;
    switch (type) {
      case DataType::Float32:
        values[i] = load<float>(at);
        break;
      case DataType::Float16:
        values[i] = sim::tile::half_bits_to_float(load<uint16_t>(at));
        break;
      case DataType::BFloat16:
        values[i] = sim::tile::bfloat16_bits_to_float(load<uint16_t>(at));
        break;
      case DataType::UInt32:
        values[i] = load<uint32_t>(at);
        break;
      case DataType::UInt16:
        values[i] = load<uint16_t>(at);
        break;
      default:
        values[i] = *at;
        break;
    }
  }
  return values;
}

Result<std::vector<uint8_t>> encode_values(DataType type, std::span<const double> values) {
  TESSERA_ASSIGN_OR_RETURN(uint32_t size, host_element_size(type));
  std::vector<uint8_t> bytes(values.size() * size);
  for (size_t i = 0; i < values.size(); ++i) {
    uint8_t* at = bytes.data() + i * size;
    double value = values[i];
    switch (type) {
      case DataType::Float32:
        store(at, static_cast<float>(value));
        break;
      case DataType::Float16:
        store(at, sim::tile::float_to_half_bits(static_cast<float>(value)));
        break;
      case DataType::BFloat16:
        store(at, sim::tile::float_to_bfloat16_bits(static_cast<float>(value)));
        break;
      case DataType::UInt32:
        store(at, to_unsigned<uint32_t>(value));
        break;
      case DataType::UInt16:
        store(at, to_unsigned<uint16_t>(value));
        break;
      default:
        store(at, to_unsigned<uint8_t>(value));
        break;
    }
  }
  return bytes;
}

uint64_t element_count(std::span<const int64_t> shape) {
  uint64_t count = 1;
  for (int64_t dim : shape) count *= static_cast<uint64_t>(dim < 0 ? 0 : dim);
  return count;
}

std::string shape_text(std::span<const int64_t> shape) {
  if (shape.empty()) return "scalar";
  std::string text;
  for (size_t i = 0; i < shape.size(); ++i) text += (i ? "x" : "") + std::to_string(shape[i]);
  return text;
}

}  // namespace tessera::tools::run
