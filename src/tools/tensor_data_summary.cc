#include "tensor_data_summary.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <span>

#include "tessera/base/fnv1a.h"
#include "tessera/format/data_type_codec.h"
#include "tessera/format/generated.h"

namespace tessera::tools {
namespace {

using tt::target::DataType;

// Values shown from each end; a tensor this small or smaller is shown whole.
constexpr size_t kEndValues = 4;

bool is_float(DataType type) {
  return type == DataType::Float32 || type == DataType::Float16 || type == DataType::BFloat16;
}

// A float element as the shortest text that reads back as the same float
// (0.1f prints as 0.1, not 0.10000000149011612); non-finite values as text,
// since JSON has no NaN or infinity.
Json element_json(DataType type, double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  if (!is_float(type)) return static_cast<uint64_t>(value);
  char text[32];
  auto [end, error] = std::to_chars(text, text + sizeof text, static_cast<float>(value));
  if (error != std::errc()) return value;
  return std::strtod(std::string(text, end).c_str(), nullptr);
}

std::vector<uint8_t> data_bytes(const Json& data) {
  std::vector<uint8_t> bytes;
  bytes.reserve(data.size());
  for (const Json& byte : data) bytes.push_back(byte.is_number() ? byte.get<uint8_t>() : 0);
  return bytes;
}

// The elements [begin, end) of `bytes`, `size` bytes each, as JSON.
Json elements_json(DataType type, std::span<const uint8_t> bytes, uint32_t size, size_t begin,
                   size_t end) {
  Json out = Json::array();
  auto values = format::decode_values(type, bytes.subspan(begin * size, (end - begin) * size));
  if (!values.ok()) return out;
  for (double value : *values) out.push_back(element_json(type, value));
  return out;
}

// Adds the element count and end values, or why there are none. Only the
// ends are decoded: a large tensor costs no more than a small one.
void add_values(Json& summary, DataType type, std::span<const uint8_t> bytes) {
  auto size = format::host_element_size(type);
  if (!size.ok()) {
    summary["values"] = "not decoded: " + size.error().describe();
    return;
  }
  if (bytes.size() % *size != 0) {
    summary["values"] = "not decoded: " + std::to_string(bytes.size()) +
                        " bytes are not a whole number of " + std::to_string(*size) +
                        "-byte elements";
    return;
  }
  const size_t count = bytes.size() / *size;
  summary["elements"] = count;
  if (count <= 2 * kEndValues) {
    summary["values"] = elements_json(type, bytes, *size, 0, count);
    return;
  }
  summary["first"] = elements_json(type, bytes, *size, 0, kEndValues);
  summary["last"] = elements_json(type, bytes, *size, count - kEndValues, count);
}

}  // namespace

Json tensor_data_summary(const TensorDataField& field) {
  const std::vector<uint8_t> bytes = data_bytes(field.data());
  Json summary;
  summary[kSummarisedKey] = "tensor data left out; `tessera read --full` prints it";
  if (!field.has_element_type()) {
    summary["bytes"] = bytes.size();
    summary["fnv1a64"] = fnv1a64_hex(bytes);
    return summary;
  }
  const std::optional<DataType> type = parse_data_type(field.data_type());
  // A type tessera has no enum value for (the current layout's Float64,
  // Int64, ...) is named as the binary names it, and not decoded.
  summary["data_type"] = type                ? Json(tt::target::EnumNameDataType(*type))
                         : field.data_type() ? *field.data_type()
                                             : Json(nullptr);
  const Json* shape = field.shape();
  summary["shape"] = shape ? *shape : Json::array();
  if (field.kind == TensorDataKind::kConstant) summary["order"] = "page order of the tensor";
  if (field.kind == TensorDataKind::kHostData) summary["order"] = "the host buffer's bytes";
  summary["bytes"] = bytes.size();
  if (type) add_values(summary, *type, bytes);
  summary["fnv1a64"] = fnv1a64_hex(bytes);
  return summary;
}

void summarise_tensor_data(Json& root) {
  for_each_tensor_data(root, [](const TensorDataField& field) {
    if (field.data().is_array()) field.data() = tensor_data_summary(field);
  });
}

}  // namespace tessera::tools
