#include "deep_check.h"

#include <flatbuffers/reflection.h>

#include <cstring>
#include <set>
#include <string>
#include <vector>

namespace tessera::format {
namespace {

// Continuation bytes 0x80..0xBF; the first one's range depends on the lead.
bool in(uint8_t byte, uint8_t low, uint8_t high) {
  return byte >= low && byte <= high;
}

// Walks every table reachable from the root through the schema. Per object
// type it keeps only the fields that can hold strings or tables (scalars and
// scalar vectors, such as constant data, are never visited), and it builds
// a value's path only when reporting it.
class Walker {
 public:
  explicit Walker(const reflection::Schema& schema)
      : schema_(schema), plans_(schema.objects()->size()) {}

  Status table(const reflection::Object& object, uint32_t object_index,
               const flatbuffers::Table& table) {
    for (const FieldPlan& plan : plan_for(object, object_index)) {
      path_.push_back({plan.field->name()->c_str(), -1});
      Status status = field(plan, table);
      path_.pop_back();
      TESSERA_RETURN_IF_ERROR(status);
    }
    return ok_status();
  }

 private:
  struct FieldPlan {
    const reflection::Field* field = nullptr;
    const reflection::Field* union_type = nullptr;  // for unions: the _type field
  };
  struct Step {
    const char* field;
    int64_t index;  // -1: not an element of a vector
  };

  const std::vector<FieldPlan>& plan_for(const reflection::Object& object, uint32_t index) {
    std::vector<FieldPlan>& plan = plans_[index];
    if (!plan.empty() || planned_.count(index)) return plan;
    planned_.insert(index);
    for (const reflection::Field* field : *object.fields()) {
      const reflection::BaseType type = field->type()->base_type();
      const reflection::BaseType element = field->type()->element();
      bool wanted = type == reflection::String || type == reflection::Union;
      if (type == reflection::Obj)
        wanted = !schema_.objects()->Get(field->type()->index())->is_struct();
      if (type == reflection::Vector) {
        wanted = element == reflection::String ||
                 (element == reflection::Obj &&
                  !schema_.objects()->Get(field->type()->index())->is_struct());
      }
      if (!wanted) continue;
      FieldPlan entry{field, nullptr};
      if (type == reflection::Union) {
        entry.union_type = object.fields()->LookupByKey((field->name()->str() + "_type").c_str());
      }
      plan.push_back(entry);
    }
    return plan;
  }

  std::string path() const {
    std::string text;
    for (const Step& step : path_) {
      if (!text.empty()) text += ".";
      text += step.field;
      if (step.index >= 0) text += "[" + std::to_string(step.index) + "]";
    }
    return text;
  }

  Status field(const FieldPlan& plan, const flatbuffers::Table& table) {
    const reflection::Field& field = *plan.field;
    switch (field.type()->base_type()) {
      case reflection::String:
        return string(flatbuffers::GetFieldS(table, field));
      case reflection::Obj: {
        const flatbuffers::Table* value = flatbuffers::GetFieldT(table, field);
        const uint32_t index = field.type()->index();
        return value ? this->table(*schema_.objects()->Get(index), index, *value) : ok_status();
      }
      case reflection::Union:
        return union_value(plan, table);
      case reflection::Vector:
        return vector(field, table);
      default:
        return ok_status();
    }
  }

  Status string(const flatbuffers::String* text) {
    if (!text) return ok_status();
    size_t bad_at = 0;
    if (is_utf8({reinterpret_cast<const uint8_t*>(text->data()), text->size()}, bad_at)) {
      return ok_status();
    }
    char byte[8];
    std::snprintf(byte, sizeof byte, "0x%02x", static_cast<uint8_t>(text->data()[bad_at]));
    return make_error(ErrorCode::kDataLoss, "string ", path(), " is not valid UTF-8 (byte ", byte,
                      " at offset ", bad_at, " of ", text->size(),
                      "): flatbuffers strings must be UTF-8");
  }

  Status union_value(const FieldPlan& plan, const flatbuffers::Table& table) {
    if (!plan.union_type) return ok_status();
    const uint8_t type = flatbuffers::GetFieldI<uint8_t>(table, *plan.union_type);
    const flatbuffers::Table* value = flatbuffers::GetFieldT(table, *plan.field);
    if (type == 0 && !value) return ok_status();  // NONE
    const reflection::Enum* union_enum = schema_.enums()->Get(plan.field->type()->index());
    const reflection::EnumVal* member = union_enum->values()->LookupByKey(type);
    if (!member || type == 0) {
      return make_error(ErrorCode::kDataLoss, "union ", path(), " has type ", int{type},
                        ", which is not a member of ", union_enum->name()->str(),
                        " (damaged, or written by a newer schema)");
    }
    if (!value) {
      return make_error(ErrorCode::kDataLoss, "union ", path(), " has type ", member->name()->str(),
                        " but no table");
    }
    if (!member->union_type() || member->union_type()->base_type() != reflection::Obj) {
      return ok_status();
    }
    const uint32_t index = member->union_type()->index();
    return this->table(*schema_.objects()->Get(index), index, *value);
  }

  Status vector(const reflection::Field& field, const flatbuffers::Table& table) {
    if (field.type()->element() == reflection::String) {
      const auto* strings =
          flatbuffers::GetFieldV<flatbuffers::Offset<flatbuffers::String>>(table, field);
      for (flatbuffers::uoffset_t i = 0; strings && i < strings->size(); ++i) {
        path_.back().index = i;
        TESSERA_RETURN_IF_ERROR(string(strings->Get(i)));
      }
      return ok_status();
    }
    const uint32_t index = field.type()->index();
    const reflection::Object& child = *schema_.objects()->Get(index);
    const auto* tables =
        flatbuffers::GetFieldV<flatbuffers::Offset<flatbuffers::Table>>(table, field);
    for (flatbuffers::uoffset_t i = 0; tables && i < tables->size(); ++i) {
      path_.back().index = i;
      TESSERA_RETURN_IF_ERROR(this->table(child, index, *tables->Get(i)));
    }
    return ok_status();
  }

  const reflection::Schema& schema_;
  std::vector<std::vector<FieldPlan>> plans_;  // by object index
  std::set<uint32_t> planned_;
  std::vector<Step> path_;
};

}  // namespace

bool is_utf8(std::span<const uint8_t> text, size_t& bad_at) {
  size_t i = 0;
  while (i < text.size()) {
    // Eight ASCII bytes at a time: kernel sources are almost all ASCII.
    if (i + 8 <= text.size()) {
      uint64_t word;
      std::memcpy(&word, text.data() + i, sizeof word);
      if ((word & 0x8080808080808080ull) == 0) {
        i += 8;
        continue;
      }
    }
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
  const reflection::Object& root_object = *reflected->root_table();
  uint32_t root_index = 0;
  for (uint32_t i = 0; i < reflected->objects()->size(); ++i) {
    if (reflected->objects()->Get(i) == &root_object) root_index = i;
  }
  return Walker(*reflected).table(root_object, root_index, *table);
}

}  // namespace tessera::format
