#include "tensor_data_fields.h"

#include "tessera/format/generated.h"

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

void walk(Json& value, const std::string& where,
          const std::function<void(const TensorDataField&)>& visit) {
  if (value.is_array()) {
    for (size_t i = 0; i < value.size(); ++i) {
      if (holds_tables(value[i])) walk(value[i], where + "[" + std::to_string(i) + "]", visit);
    }
    return;
  }
  if (!value.is_object()) return;
  if (value.contains("constant_data")) {
    visit(TensorDataField{&value, "constant_data", where, TensorDataKind::kConstant});
  }
  for (auto& [key, child] : value.items()) {
    const std::string child_where = where.empty() ? key : where + "." + key;
    if ((key == "golden_inputs" || key == "golden_outputs") && child.is_array()) {
      for (size_t i = 0; i < child.size(); ++i) {
        if (child[i].is_object() && child[i].contains("data")) {
          visit(TensorDataField{&child[i], "data", child_where + "[" + std::to_string(i) + "]",
                                TensorDataKind::kGolden});
        }
      }
      continue;
    }
    if (holds_tables(child)) walk(child, child_where, visit);
  }
}

}  // namespace

std::string TensorDataField::data_type_where() const {
  return kind == TensorDataKind::kGolden ? where + ".data_type"
                                         : where + ".layout.memory_desc.data_type";
}

const Json* TensorDataField::data_type() const {
  if (kind == TensorDataKind::kGolden) return member(tensor, "data_type");
  return member(member(member(tensor, "layout"), "memory_desc"), "data_type");
}

const Json* TensorDataField::shape() const {
  return member(tensor, "shape");
}

void for_each_tensor_data(Json& root, const std::function<void(const TensorDataField&)>& visit) {
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
