#include "tessera/format/json.h"

#include <flatbuffers/idl.h>

#include <nlohmann/json.hpp>

#include "tessera/format/integrity.h"
#include "tessera/format/schema.h"

namespace tessera::format {
namespace {

// A parser loaded with a kind's embedded schema, configured for strict JSON.
Result<std::unique_ptr<flatbuffers::Parser>> schema_parser(BinaryKind kind) {
  flatbuffers::IDLOptions options;
  options.strict_json = true;
  options.output_default_scalars_in_json = false;
  options.indent_step = -1;  // compact; the CLI pretty-prints
  auto parser = std::make_unique<flatbuffers::Parser>(options);
  std::span<const uint8_t> schema = binary_schema(kind);
  if (!parser->Deserialize(schema.data(), schema.size())) {
    return make_error(ErrorCode::kInternal, "embedded ", kind_name(kind),
                      " schema failed to load: ", parser->error_);
  }
  return parser;
}

}  // namespace

Result<std::string> binary_to_json(const Binary& binary) {
  TESSERA_ASSIGN_OR_RETURN(auto parser, schema_parser(binary.kind()));
  std::string text;
  // The binary was verified on load; skip its 4-byte size prefix.
  const uint8_t* root = binary.bytes().data() + sizeof(flatbuffers::uoffset_t);
  if (!flatbuffers::GenerateText(*parser, root, &text)) {
    return make_error(ErrorCode::kInvalidArgument,
                      "cannot express the binary as JSON: a string holds bytes that are not UTF-8")
        .add_context(binary.name());
  }
  return text;
}

Result<std::vector<uint8_t>> json_to_binary(std::string_view json, BinaryKind kind,
                                            SchemaHashStamp stamp) {
  nlohmann::ordered_json document = nlohmann::ordered_json::parse(json, nullptr, false);
  if (document.is_discarded()) {
    return make_error(ErrorCode::kInvalidArgument, "not valid JSON");
  }
  if (!document.is_object()) {
    return make_error(ErrorCode::kInvalidArgument, "expected a JSON object for the ",
                      kind_name(kind), " root table, got ", document.type_name());
  }
  bool stamp_binary = stamp == SchemaHashStamp::kStampIfAbsent;
  if (stamp_binary) {
    if (!document.contains("schema_hash")) document["schema_hash"] = schema_hash(kind);
    document["content_checksum"] = kChecksumPlaceholder;
  }

  TESSERA_ASSIGN_OR_RETURN(auto parser, schema_parser(kind));
  parser->opts.size_prefixed = true;
  std::string text = document.dump();
  if (!parser->ParseJson(text.c_str())) {
    return make_error(ErrorCode::kInvalidArgument, "JSON does not match the ", kind_name(kind),
                      " schema: ", parser->error_);
  }
  const uint8_t* data = parser->builder_.GetBufferPointer();
  std::vector<uint8_t> bytes(data, data + parser->builder_.GetSize());
  if (stamp_binary) TESSERA_RETURN_IF_ERROR(seal_binary(bytes, kind));
  return bytes;
}

}  // namespace tessera::format
