#include "deep_check.h"

#include <flatbuffers/reflection.h>

#include <string>

namespace tessera::format {
namespace {

// Continuation bytes 0x80..0xBF; the first one's range depends on the lead.
bool in(uint8_t byte, uint8_t low, uint8_t high) {
  return byte >= low && byte <= high;
}

class StringWalker {
 public:
  explicit StringWalker(const reflection::Schema& schema) : schema_(schema) {}

  Status table(const reflection::Object& object, const flatbuffers::Table& table,
               const std::string& path) {
    for (const reflection::Field* field : *object.fields()) {
      TESSERA_RETURN_IF_ERROR(this->field(object, *field, table, path));
    }
    return ok_status();
  }

 private:
  Status field(const reflection::Object& object, const reflection::Field& field,
               const flatbuffers::Table& table, const std::string& path) {
    const std::string name = path.empty() ? field.name()->str() : path + "." + field.name()->str();
    switch (field.type()->base_type()) {
      case reflection::String:
        return string(flatbuffers::GetFieldS(table, field), name);
      case reflection::Obj: {
        const reflection::Object* child = schema_.objects()->Get(field.type()->index());
        if (child->is_struct()) return ok_status();
        const flatbuffers::Table* value = flatbuffers::GetFieldT(table, field);
        return value ? this->table(*child, *value, name) : ok_status();
      }
      case reflection::Union:
        return union_value(object, field, table, name);
      case reflection::Vector:
        return vector(field, table, name);
      default:
        return ok_status();
    }
  }

  Status string(const flatbuffers::String* text, const std::string& name) {
    if (!text) return ok_status();
    size_t bad_at = 0;
    if (is_utf8({reinterpret_cast<const uint8_t*>(text->data()), text->size()}, bad_at)) {
      return ok_status();
    }
    char byte[8];
    std::snprintf(byte, sizeof byte, "0x%02x", static_cast<uint8_t>(text->data()[bad_at]));
    return make_error(ErrorCode::kDataLoss, "string ", name, " is not valid UTF-8 (byte ", byte,
                      " at offset ", bad_at, " of ", text->size(),
                      "): flatbuffers strings must be UTF-8");
  }

  Status union_value(const reflection::Object& object, const reflection::Field& field,
                     const flatbuffers::Table& table, const std::string& name) {
    const reflection::Field* type_field =
        object.fields()->LookupByKey((field.name()->str() + "_type").c_str());
    if (!type_field) return ok_status();
    const uint8_t type = flatbuffers::GetFieldI<uint8_t>(table, *type_field);
    const flatbuffers::Table* value = flatbuffers::GetFieldT(table, field);
    if (type == 0 && !value) return ok_status();  // NONE
    const reflection::Enum* union_enum = schema_.enums()->Get(field.type()->index());
    const reflection::EnumVal* member = union_enum->values()->LookupByKey(type);
    if (!member || type == 0) {
      return make_error(ErrorCode::kDataLoss, "union ", name, " has type ", int{type},
                        ", which is not a member of ", union_enum->name()->str(),
                        " (damaged, or written by a newer schema)");
    }
    if (!value) {
      return make_error(ErrorCode::kDataLoss, "union ", name, " has type ", member->name()->str(),
                        " but no table");
    }
    if (!member->union_type() || member->union_type()->base_type() != reflection::Obj) {
      return ok_status();
    }
    const reflection::Object* child = schema_.objects()->Get(member->union_type()->index());
    return this->table(*child, *value, name);
  }

  Status vector(const reflection::Field& field, const flatbuffers::Table& table,
                const std::string& name) {
    const reflection::BaseType element = field.type()->element();
    if (element == reflection::String) {
      const auto* strings =
          flatbuffers::GetFieldV<flatbuffers::Offset<flatbuffers::String>>(table, field);
      for (flatbuffers::uoffset_t i = 0; strings && i < strings->size(); ++i) {
        TESSERA_RETURN_IF_ERROR(string(strings->Get(i), name + "[" + std::to_string(i) + "]"));
      }
      return ok_status();
    }
    if (element != reflection::Obj) return ok_status();
    const reflection::Object* child = schema_.objects()->Get(field.type()->index());
    if (child->is_struct()) return ok_status();
    const auto* tables =
        flatbuffers::GetFieldV<flatbuffers::Offset<flatbuffers::Table>>(table, field);
    for (flatbuffers::uoffset_t i = 0; tables && i < tables->size(); ++i) {
      TESSERA_RETURN_IF_ERROR(
          this->table(*child, *tables->Get(i), name + "[" + std::to_string(i) + "]"));
    }
    return ok_status();
  }

  const reflection::Schema& schema_;
};

}  // namespace

bool is_utf8(std::span<const uint8_t> text, size_t& bad_at) {
  size_t i = 0;
  while (i < text.size()) {
    const uint8_t lead = text[i];
    size_t length = 1;
    bool ok = true;
    if (lead < 0x80) {
      ++i;
      continue;
    }
    auto cont = [&](size_t at, uint8_t low = 0x80, uint8_t high = 0xBF) {
      return i + at < text.size() && in(text[i + at], low, high);
    };
    if (in(lead, 0xC2, 0xDF)) {
      length = 2;
      ok = cont(1);
    } else if (lead == 0xE0) {
      length = 3;
      ok = cont(1, 0xA0, 0xBF) && cont(2);
    } else if (in(lead, 0xE1, 0xEC) || in(lead, 0xEE, 0xEF)) {
      length = 3;
      ok = cont(1) && cont(2);
    } else if (lead == 0xED) {  // no UTF-16 surrogates
      length = 3;
      ok = cont(1, 0x80, 0x9F) && cont(2);
    } else if (lead == 0xF0) {
      length = 4;
      ok = cont(1, 0x90, 0xBF) && cont(2) && cont(3);
    } else if (in(lead, 0xF1, 0xF3)) {
      length = 4;
      ok = cont(1) && cont(2) && cont(3);
    } else if (lead == 0xF4) {  // up to U+10FFFF
      length = 4;
      ok = cont(1, 0x80, 0x8F) && cont(2) && cont(3);
    } else {
      ok = false;
    }
    if (!ok) {
      bad_at = i;
      return false;
    }
    i += length;
  }
  return true;
}

Status deep_check(std::span<const uint8_t> schema, const uint8_t* root) {
  const reflection::Schema* reflected = reflection::GetSchema(schema.data());
  if (!reflected || !reflected->root_table()) {
    return make_error(ErrorCode::kInternal, "the embedded schema has no root table");
  }
  const flatbuffers::Table* table = flatbuffers::GetAnyRoot(root);
  return StringWalker(*reflected).table(*reflected->root_table(), *table, "");
}

}  // namespace tessera::format
