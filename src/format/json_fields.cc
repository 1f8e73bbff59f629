#include "tessera/format/json_fields.h"

namespace tessera::format {

const nlohmann::ordered_json& json_member(const nlohmann::ordered_json& object, const char* key) {
  static const nlohmann::ordered_json kNull;
  if (!object.is_object()) return kNull;
  auto it = object.find(key);
  return it == object.end() ? kNull : *it;
}

std::string json_text_or(const nlohmann::ordered_json& object, const char* key,
                         std::string_view absent) {
  const nlohmann::ordered_json& value = json_member(object, key);
  if (value.is_string()) return value.get<std::string>();
  if (value.is_number()) return value.dump();
  return std::string(absent);
}

}  // namespace tessera::format
