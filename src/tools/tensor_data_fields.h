// The tensor data fields of a binary's JSON form: each golden tensor's
// `data` and each tensor descriptor's `constant_data`, with where they are,
// so `read` can summarise them and `build` can fill them from .npy files.
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace tt::target {
enum class DataType : uint16_t;
}

namespace tessera::tools {

using Json = nlohmann::ordered_json;

enum class TensorDataKind {
  kGolden,    // GoldenTensor.data: row-major elements
  kConstant,  // TensorDesc.constant_data: elements in the tensor's page order
};

struct TensorDataField {
  Json* tensor = nullptr;  // the table holding the data
  const char* key = "";    // "data" or "constant_data"
  std::string where;       // "programs[0].golden_inputs[1]"
  TensorDataKind kind = TensorDataKind::kGolden;

  Json& data() const { return (*tensor)[key]; }
  std::string data_where() const { return where + "." + key; }
  // Where the element type is set, and whether the JSON sets it (flatc
  // leaves Float32, the default, out).
  std::string data_type_where() const;
  const Json* data_type() const;
  std::string shape_where() const { return where + ".shape"; }
  const Json* shape() const;
};

// Calls `visit` for every tensor data field present in `root` (any section of
// `read`, or the whole root table).
void for_each_tensor_data(Json& root, const std::function<void(const TensorDataField&)>& visit);

// The data type a JSON value names, as flatc reads it: an enum name
// ("BFloat16") or its number; unset (null) is Float32, the default.
std::optional<tt::target::DataType> parse_data_type(const Json* value);

}  // namespace tessera::tools
