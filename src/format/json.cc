#include "tessera/format/json.h"

#include <flatbuffers/idl.h>

#include <nlohmann/json.hpp>

#include "tessera/format/generated.h"
#include "tessera/format/integrity.h"
#include "tessera/format/schema.h"

namespace tessera::format {
namespace {

// A parser loaded with a kind's embedded schema, configured for strict JSON.
Result<std::unique_ptr<flatbuffers::Parser>> schema_parser(BinaryKind kind, WireLayout layout) {
  flatbuffers::IDLOptions options;
  options.strict_json = true;
  options.output_default_scalars_in_json = false;
  options.indent_step = -1;  // compact; the CLI pretty-prints
  auto parser = std::make_unique<flatbuffers::Parser>(options);
  std::span<const uint8_t> schema = binary_schema(kind, layout);
  if (schema.empty()) {
    return make_error(ErrorCode::kUnimplemented, "tessera has no ", layout_name(layout),
                      "-layout schema for ", kind_name(kind), " binaries");
  }
  if (!parser->Deserialize(schema.data(), schema.size())) {
    return make_error(ErrorCode::kInternal, "embedded ", kind_name(kind), " ", layout_name(layout),
                      "-layout schema failed to load: ", parser->error_);
  }
  return parser;
}

// flatc prints floats with 6 significant digits, which does not round-trip
// (0.123456789f reads back as 0.123457f). Every float field of the schema
// (today only FullOp.fill_value) is rewritten from the binary as a double,
// which nlohmann prints exactly. Add new float fields here.
void restore_float_fields(const Binary& binary, nlohmann::ordered_json& root) {
  const auto* ttnn = binary.ttnn();
  if (!ttnn || !ttnn->programs() || !root.contains("programs")) return;
  for (uint32_t p = 0; p < ttnn->programs()->size() && p < root["programs"].size(); ++p) {
    const auto* operations = ttnn->programs()->Get(p)->operations();
    auto& json_operations = root["programs"][p]["operations"];
    if (!operations || !json_operations.is_array()) continue;
    for (uint32_t o = 0; o < operations->size() && o < json_operations.size(); ++o) {
      const auto* full = operations->Get(o)->type_as_FullOp();
      if (full && json_operations[o].contains("type")) {
        json_operations[o]["type"]["fill_value"] = static_cast<double>(full->fill_value());
      }
    }
  }
}

}  // namespace

Result<std::string> binary_to_json(const Binary& binary) {
  TESSERA_ASSIGN_OR_RETURN(auto parser, schema_parser(binary.kind(), binary.layout()));
  std::string text;
  // The binary was verified on load; skip its 4-byte size prefix.
  const uint8_t* root = binary.bytes().data() + sizeof(flatbuffers::uoffset_t);
  if (!flatbuffers::GenerateText(*parser, root, &text)) {
    return make_error(ErrorCode::kInvalidArgument,
                      "cannot express the binary as JSON: a string holds bytes that are not UTF-8")
        .add_context(binary.name());
  }
  if (binary.kind() != BinaryKind::kTtnn) return text;
  auto json = nlohmann::ordered_json::parse(text, nullptr, false);
  if (json.is_discarded()) {
    return make_error(ErrorCode::kInternal, "flatbuffers produced JSON that does not parse")
        .add_context(binary.name());
  }
  restore_float_fields(binary, json);
  return json.dump();
}

namespace {

Result<nlohmann::ordered_json> parse_root_object(std::string_view json, BinaryKind kind) {
  nlohmann::ordered_json document = nlohmann::ordered_json::parse(json, nullptr, false);
  if (document.is_discarded()) {
    return make_error(ErrorCode::kInvalidArgument, "not valid JSON");
  }
  if (!document.is_object()) {
    return make_error(ErrorCode::kInvalidArgument, "expected a JSON object for the ",
                      kind_name(kind), " root table, got ", document.type_name());
  }
  return document;
}

// Parses the document in one layout; `stamp` adds tessera's schema hash
// and, where the layout has one, the content checksum.
Result<std::vector<uint8_t>> build_in_layout(nlohmann::ordered_json document, BinaryKind kind,
                                             WireLayout layout, SchemaHashStamp stamp) {
  // The current layout is the compiler's byte for byte: no checksum field.
  const bool stamp_binary = stamp == SchemaHashStamp::kStampIfAbsent;
  const bool seal = stamp_binary && layout == WireLayout::k2024;
  if (stamp_binary && !document.contains("schema_hash")) {
    document["schema_hash"] = schema_hash(kind, layout);
  }
  if (seal) document["content_checksum"] = kChecksumPlaceholder;

  TESSERA_ASSIGN_OR_RETURN(auto parser, schema_parser(kind, layout));
  parser->opts.size_prefixed = true;
  std::string text = document.dump();
  if (!parser->ParseJson(text.c_str())) {
    return make_error(ErrorCode::kInvalidArgument, "JSON does not match the ", kind_name(kind),
                      " schema of the ", layout_name(layout), " layout: ", parser->error_);
  }
  const uint8_t* data = parser->builder_.GetBufferPointer();
  std::vector<uint8_t> bytes(data, data + parser->builder_.GetSize());
  if (seal) TESSERA_RETURN_IF_ERROR(seal_binary(bytes, kind));
  return bytes;
}

}  // namespace

Result<std::vector<uint8_t>> json_to_binary(std::string_view json, BinaryKind kind,
                                            WireLayout layout, SchemaHashStamp stamp) {
  TESSERA_ASSIGN_OR_RETURN(nlohmann::ordered_json document, parse_root_object(json, kind));
  return build_in_layout(std::move(document), kind, layout, stamp);
}

Result<std::vector<uint8_t>> json_to_binary(std::string_view json, BinaryKind kind,
                                            SchemaHashStamp stamp) {
  TESSERA_ASSIGN_OR_RETURN(nlohmann::ordered_json document, parse_root_object(json, kind));
  auto as_2024 = build_in_layout(document, kind, WireLayout::k2024, stamp);
  if (!has_layout(kind, WireLayout::kCurrent)) return as_2024;
  auto as_current = build_in_layout(document, kind, WireLayout::kCurrent, stamp);
  if (as_2024.ok() != as_current.ok())
    return as_2024.ok() ? std::move(as_2024) : std::move(as_current);
  if (as_2024.ok()) {
    return make_error(ErrorCode::kInvalidArgument, "the JSON fits the ", kind_name(kind),
                      " schema of both the 2024 and the current layout; say which it is "
                      "(`tessera build --layout 2024|current`)");
  }
  return make_error(ErrorCode::kInvalidArgument, "JSON matches neither layout of the ",
                    kind_name(kind), " schema: 2024 layout: ", as_2024.error().message(),
                    "; current layout: ", as_current.error().message());
}

}  // namespace tessera::format
