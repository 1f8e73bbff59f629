#include "tessera/format/binary_sections.h"

#include <array>

#include "tessera/format/json.h"
#include "tessera/format/json_fields.h"

namespace tessera::format {
namespace {

using Json = nlohmann::ordered_json;

constexpr std::array<std::pair<Section, std::string_view>, 7> kSectionNames = {{
    {Section::kAll, "all"},
    {Section::kVersion, "version"},
    {Section::kSystemDesc, "system_desc"},
    {Section::kPrograms, "programs"},
    {Section::kInputs, "inputs"},
    {Section::kOutputs, "outputs"},
    {Section::kKernels, "kernels"},
}};

Json split_lines(const std::string& text) {
  Json lines = Json::array();
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

const Json& member_or_empty(const Json& object, const char* key) {
  static const Json empty_array = Json::array();
  auto it = object.find(key);
  return it == object.end() ? empty_array : *it;
}

// Per program: {"program": index, "name": ..., "<key>": [...]} for inputs/outputs.
Json program_tensors(const Json& root, const char* key) {
  Json result = Json::array();
  size_t index = 0;
  for (const Json& program : member_or_empty(root, "programs")) {
    Json entry;
    entry["program"] = index++;
    entry["name"] = json_text_or(program, "name", "");
    entry[key] = member_or_empty(program, key);
    result.push_back(std::move(entry));
  }
  return result;
}

// The current layout says what runs a kernel in its config union:
// NocConfig{processor, noc_index}, ComputeConfig{math_fidelity, ...} or
// EthernetConfig. The JSON form leaves fields at their default out; they
// are filled in here so every kernel reads alike.
Json kernel_config(const Json& kernel) {
  const std::string type = json_text_or(kernel, "type_type", "NONE");
  Json config = kernel.contains("type") ? kernel["type"] : Json::object();
  if (type == "NocConfig") {
    config["processor"] = json_text_or(config, "processor", "RISCV_0");
    config["noc_index"] = json_text_or(config, "noc_index", "Noc0");
  } else if (type == "ComputeConfig") {
    config["math_fidelity"] = json_text_or(config, "math_fidelity", "LoFi");
  } else if (type == "EthernetConfig") {
    config["eth_type"] = json_text_or(config, "eth_type", "Sender");
    config["noc_index"] = json_text_or(config, "noc_index", "Noc0");
  }
  Json entry;
  entry["type"] = type;
  entry.update(config);
  return entry;
}

void collect_program_kernels(const Json& command_program, Json location, WireLayout layout,
                             Json& kernels) {
  size_t kernel_index = 0;
  for (const Json& kernel : member_or_empty(command_program, "kernels")) {
    Json entry = location;
    entry["kernel"] = kernel_index++;
    entry["kind"] = json_text_or(kernel, "kernel_type", "NONE");
    if (layout == WireLayout::kCurrent) {
      entry["symbol"] = json_text_or(kernel, "symbol", "");
      entry["config"] = kernel_config(kernel);
    }
    entry["core_range_set"] = member_or_empty(kernel, "core_range_set");
    const Json& body = kernel.contains("kernel") ? kernel["kernel"] : Json::object();
    if (entry["kind"] == "KernelSource") {
      if (layout == WireLayout::k2024)
        entry["source_type"] = json_text_or(body, "source_type", "Noc0");
      entry["source"] = split_lines(json_text_or(body, "source", ""));
    } else if (entry["kind"] == "KernelBinary") {
      entry["core_type"] = json_text_or(body, "core_type", "BRISC");
      entry["source"] = split_lines(json_text_or(body, "debug_source", ""));
    }
    kernels.push_back(std::move(entry));
  }
}

Json metal_kernels(const Json& root, WireLayout layout) {
  Json kernels = Json::array();
  size_t program_index = 0;
  for (const Json& program : member_or_empty(root, "programs")) {
    size_t device_program_index = 0;
    for (const Json& device_program : member_or_empty(program, "device_programs")) {
      size_t queue_index = 0;
      for (const Json& queue : member_or_empty(device_program, "command_queues")) {
        size_t command_index = 0;
        for (const Json& command : member_or_empty(queue, "commands")) {
          if (json_text_or(command, "type_type", "") == "EnqueueProgramCommand" &&
              command.contains("type") && command["type"].contains("program")) {
            Json location;
            location["program"] = program_index;
            location["device_program"] = device_program_index;
            location["queue"] = queue_index;
            location["command"] = command_index;
            collect_program_kernels(command["type"]["program"], std::move(location), layout,
                                    kernels);
          }
          ++command_index;
        }
        ++queue_index;
      }
      ++device_program_index;
    }
    ++program_index;
  }
  return kernels;
}

}  // namespace

std::string checksum_text(const Binary& binary) {
  if (binary.layout() == WireLayout::kCurrent)
    return "none (the current layout has no field for one)";
  return binary.schema_hash() ? "verified" : "none (baseline)";
}

std::string schema_text(const Binary& binary) {
  if (!binary.schema_hash()) return "baseline (no schema hash)";
  if (binary.layout() == WireLayout::kCurrent) {
    return binary.schema_matches() ? "this tessera's current-layout schema"
                                   : "another writer's current-layout schema (read by the layout)";
  }
  return binary.schema_matches() ? "this tessera's schema" : "another schema";
}

std::optional<Section> section_from_name(std::string_view name) {
  for (const auto& [section, section_text] : kSectionNames) {
    if (section_text == name) return section;
  }
  return std::nullopt;
}

std::string_view section_name(Section section) {
  for (const auto& [candidate, text] : kSectionNames) {
    if (candidate == section) return text;
  }
  return "";
}

std::string section_not_applicable(BinaryKind kind, Section section) {
  if (section == Section::kKernels && kind != BinaryKind::kMetal) {
    return "section 'kernels' applies to TTMetal (TTM0) binaries; this is a " +
           std::string(kind_name(kind)) + " binary";
  }
  const bool per_program =
      section == Section::kPrograms || section == Section::kInputs || section == Section::kOutputs;
  if (per_program && kind == BinaryKind::kSystemDesc) {
    return "section '" + std::string(section_name(section)) +
           "' applies to binaries with programs; a system descriptor has none";
  }
  return "";
}

Result<nlohmann::ordered_json> read_root(const Binary& binary) {
  TESSERA_ASSIGN_OR_RETURN(std::string text, binary_to_json(binary));
  Json root = Json::parse(text, nullptr, false);
  if (root.is_discarded()) {
    return make_error(ErrorCode::kInternal, "flatbuffers produced JSON that does not parse")
        .add_context(binary.name());
  }
  // The checksum seals these exact bytes; `build` stamps a fresh one.
  root.erase("content_checksum");
  return root;
}

Result<nlohmann::ordered_json> read_section(const Binary& binary, Section section) {
  TESSERA_ASSIGN_OR_RETURN(Json root, read_root(binary));
  if (section == Section::kAll) return root;
  return section_of_root(binary, root, section);
}

Result<nlohmann::ordered_json> section_of_root(const Binary& binary,
                                               const nlohmann::ordered_json& root,
                                               Section section) {
  if (section == Section::kAll) return root;
  Json result;
  switch (section) {
    case Section::kVersion:
      result["layout"] = layout_name(binary.layout());
      result["version"] = root.value("version", Json::object());
      result["ttmlir_git_hash"] = json_text_or(root, "ttmlir_git_hash", "");
      result["schema_hash"] = binary.schema_hash() ? Json(*binary.schema_hash()) : Json(nullptr);
      result["checksum"] = checksum_text(binary);
      result["schema"] = schema_text(binary);
      break;
    case Section::kSystemDesc:
      result["system_desc"] = root.value("system_desc", Json::object());
      break;
    case Section::kPrograms:
      result["programs"] = member_or_empty(root, "programs");
      break;
    case Section::kInputs:
      result["inputs"] = program_tensors(root, "inputs");
      break;
    case Section::kOutputs:
      result["outputs"] = program_tensors(root, "outputs");
      break;
    case Section::kKernels:
      if (binary.kind() != BinaryKind::kMetal) {
        return make_error(ErrorCode::kInvalidArgument,
                          "section 'kernels' applies to TTMetal (TTM0) binaries; this is a ",
                          kind_name(binary.kind()), " binary")
            .add_context(binary.name());
      }
      result["kernels"] = metal_kernels(root, binary.layout());
      break;
    case Section::kAll:
      break;
  }
  return result;
}

}  // namespace tessera::format
