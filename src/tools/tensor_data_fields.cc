#include "tensor_data_fields.h"

#include "tessera/format/generated.h"
#include "tessera/format/json_fields.h"

namespace tessera::tools {
namespace {

const Json* member(const Json* object, const char* key) {
  if (!object || !object->is_object()) return nullptr;
  auto it = object->find(key);
  return it == object->end() ? nullptr : &*it;
}

// Arrays of numbers (byte vectors, shapes) hold no tables: not worth a walk.
bool holds_tables(const Json& value) {
  if (value.is_object()) return true;
  return value.is_array() && !value.empty() &&
         (value.front().is_object() || value.front().is_array());
}

using Visit = std::function<void(const TensorDataField&)>;

std::string at(const std::string& where, size_t index) {
  return where + "[" + std::to_string(index) + "]";
}

// golden_map[i].value[j].value is a GoldenTensor.
void visit_golden_map(Json& map, const std::string& where, const Visit& visit) {
  for (size_t i = 0; i < map.size(); ++i) {
    Json* devices = map[i].is_object() && map[i].contains("value") ? &map[i]["value"] : nullptr;
    for (size_t j = 0; devices && devices->is_array() && j < devices->size(); ++j) {
      Json& entry = (*devices)[j];
      if (!entry.is_object() || !entry.contains("value")) continue;
      Json& tensor = entry["value"];
      if (tensor.is_object() && tensor.contains("data")) {
        visit(TensorDataField{&tensor, "data", at(at(where, i) + ".value", j) + ".value",
                              TensorDataKind::kCurrentGolden});
      }
    }
  }
}

void walk(Json& value, const std::string& where, const Visit& visit) {
  if (value.is_array()) {
    for (size_t i = 0; i < value.size(); ++i) {
      if (holds_tables(value[i])) walk(value[i], at(where, i), visit);
    }
    return;
  }
  if (!value.is_object()) return;
  if (value.contains("constant_data")) {
    visit(TensorDataField{&value, "constant_data", where, TensorDataKind::kConstant});
  }
  if (value.contains("raw_file") &&
      (value["raw_file"].is_array() || value["raw_file"].is_object())) {
    visit(TensorDataField{&value, "raw_file", where, TensorDataKind::kRawBytes});
  }
  // A command's body: {"type_type": "HostAllocCommand", "type": {..., "data"}}.
  if (format::json_text_or(value, "type_type", "") == "HostAllocCommand" &&
      value.contains("type") && value["type"].is_object() && value["type"].contains("data")) {
    visit(TensorDataField{&value["type"], "data", where + ".type", TensorDataKind::kHostData});
  }
  for (auto& [key, child] : value.items()) {
    const std::string child_where = where.empty() ? key : where + "." + key;
    if ((key == "golden_inputs" || key == "golden_outputs") && child.is_array()) {
      for (size_t i = 0; i < child.size(); ++i) {
        if (child[i].is_object() && child[i].contains("data")) {
          visit(TensorDataField{&child[i], "data", at(child_where, i), TensorDataKind::kGolden});
        }
      }
      continue;
    }
    if (key == "golden_map" && child.is_array()) {
      visit_golden_map(child, child_where, visit);
      continue;
    }
    if (holds_tables(child)) walk(child, child_where, visit);
  }
}

}  // namespace

const char* TensorDataField::golden_type_key() const {
  return kind == TensorDataKind::kCurrentGolden ? "dtype" : "data_type";
}

std::string TensorDataField::data_type_where() const {
  switch (kind) {
    case TensorDataKind::kGolden:
    case TensorDataKind::kCurrentGolden:
      return where + "." + golden_type_key();
    case TensorDataKind::kConstant:
      return where + ".layout.memory_desc.data_type";
    case TensorDataKind::kHostData:
      return where + ".dst.desc.data_type";
    case TensorDataKind::kRawBytes:
      break;
  }
  return "";
}

const Json* TensorDataField::data_type() const {
  switch (kind) {
    case TensorDataKind::kGolden:
    case TensorDataKind::kCurrentGolden:
      return member(tensor, golden_type_key());
    case TensorDataKind::kConstant:
      return member(member(member(tensor, "layout"), "memory_desc"), "data_type");
    case TensorDataKind::kHostData:
      return member(member(member(tensor, "dst"), "desc"), "data_type");
    case TensorDataKind::kRawBytes:
      break;
  }
  return nullptr;
}

std::string TensorDataField::shape_where() const {
  return kind == TensorDataKind::kHostData ? where + ".dst.desc.shape" : where + ".shape";
}

const Json* TensorDataField::shape() const {
  if (kind == TensorDataKind::kRawBytes) return nullptr;
  if (kind == TensorDataKind::kHostData)
    return member(member(member(tensor, "dst"), "desc"), "shape");
  return member(tensor, "shape");
}

void for_each_tensor_data(Json& root, const Visit& visit) {
  walk(root, "", visit);
}

std::optional<tt::target::DataType> parse_data_type(const Json* value) {
  using tt::target::DataType;
  if (!value) return DataType::Float32;
  const auto max = static_cast<int64_t>(DataType::MAX);
  for (int64_t number = 0; number <= max; ++number) {
    const auto type = static_cast<DataType>(number);
    if (value->is_string() && value->get<std::string>() == tt::target::EnumNameDataType(type)) {
      return type;
    }
    if (value->is_number_integer() && value->get<int64_t>() == number) return type;
  }
  return std::nullopt;
}

}  // namespace tessera::tools
