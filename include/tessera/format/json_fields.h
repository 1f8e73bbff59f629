// Reading fields of a binary's JSON form (binary_to_json) without trusting
// their types: the JSON writer leaves out fields at their default, and prints
// an enum or union-type value the schema does not name as a number, so a
// damaged binary must not make a reader throw.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace tessera::format {

// The member `key` of `object`; null when `object` is not an object or has none.
const nlohmann::ordered_json& json_member(const nlohmann::ordered_json& object, const char* key);

// The member `key` as text: a string as it is, a number as its digits (an
// enum value the schema does not define), `absent` when the member is left
// out or of another type.
std::string json_text_or(const nlohmann::ordered_json& object, const char* key,
                         std::string_view absent);

}  // namespace tessera::format
