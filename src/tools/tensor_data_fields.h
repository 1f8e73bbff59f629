// The tensor data fields of a binary's JSON form, with where they are, so
// `read` can summarise them and `build` can fill them from .npy files:
// - 2024 layout: each golden tensor's `data` (golden_inputs/golden_outputs)
//   and each tensor descriptor's `constant_data`;
// - current layout: each GoldenTensor's `data` in a program's
//   debug_info.golden_info.golden_map, each HostAllocCommand's `data` and
//   each DynamicLib's `raw_file` (a shared object, bytes only).
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
  kGolden,         // 2024 GoldenTensor.data: row-major elements of data_type
  kConstant,       // 2024 TensorDesc.constant_data: elements in the tensor's page order
  kCurrentGolden,  // current GoldenTensor.data: row-major elements of dtype
  kHostData,       // current HostAllocCommand.data: the host buffer dst's elements
  kRawBytes,       // current DynamicLib.raw_file: bytes with no element type
};

struct TensorDataField {
  Json* tensor = nullptr;  // the table holding the data
  const char* key = "";    // "data", "constant_data" or "raw_file"
  std::string where;       // "programs[0].golden_inputs[1]"
  TensorDataKind kind = TensorDataKind::kGolden;

  Json& data() const { return (*tensor)[key]; }
  std::string data_where() const { return where + "." + key; }
  // Where the element type is set, and whether the JSON sets it (flatc
  // leaves Float32, the default, out); null for raw bytes.
  std::string data_type_where() const;
  const Json* data_type() const;
  // The key of a golden tensor's element type ("data_type" or "dtype").
  const char* golden_type_key() const;
  std::string shape_where() const;
  const Json* shape() const;
  bool has_element_type() const { return kind != TensorDataKind::kRawBytes; }
  bool is_golden() const {
    return kind == TensorDataKind::kGolden || kind == TensorDataKind::kCurrentGolden;
  }
};

// Calls `visit` for every tensor data field present in `root` (any section of
// `read`, or the whole root table).
void for_each_tensor_data(Json& root, const std::function<void(const TensorDataField&)>& visit);

// The data type a JSON value names, as flatc reads it: an enum name
// ("BFloat16") or its number; unset (null) is Float32, the default. The
// current layout's types share names and numbers up to Int32; its others
// (Float64, Int64, ...) are none of tessera's and read as nullopt.
std::optional<tt::target::DataType> parse_data_type(const Json* value);

}  // namespace tessera::tools
