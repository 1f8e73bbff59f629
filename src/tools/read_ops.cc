#include "read_ops.h"

#include <sstream>

#include "tessera/format/generated.h"
#include "tessera/format/json_fields.h"

namespace tessera::tools {
namespace {

using Json = nlohmann::ordered_json;

const auto& member = format::json_member;

// The JSON form leaves out fields at their default (the first enum value).
std::string enum_or_default(const Json& object, const char* key, const char* default_name) {
  const Json& value = member(object, key);
  return value.is_string() ? value.get<std::string>() : std::string(default_name);
}

std::string shape_text(const Json& shape) {
  if (!shape.is_array() || shape.empty()) return "scalar";
  std::string text;
  for (const Json& dim : shape) text += (text.empty() ? "" : "x") + dim.dump();
  return text;
}

// "t3 32x32 Float32 DeviceL1 @0x40000".
std::string tensor_text(const Json& ref) {
  const Json& desc = member(ref, "desc");
  const Json& memory = member(member(desc, "layout"), "memory_desc");
  std::ostringstream text;
  text << "t" << member(ref, "global_id").dump() << " " << shape_text(member(desc, "shape"));
  if (memory.is_object()) {
    text << " "
         << enum_or_default(memory, "data_type",
                            tt::target::EnumNameDataType(tt::target::DataType{}))
         << " "
         << enum_or_default(memory, "memory_space",
                            tt::target::EnumNameMemorySpace(tt::target::MemorySpace{}));
  }
  const Json& address = member(ref, "address");
  if (address.is_number_unsigned() && address.get<uint64_t>() != 0) {
    text << " @0x" << std::hex << address.get<uint64_t>();
  }
  return text.str();
}

bool is_tensor_ref(const Json& value) {
  return value.is_object() && value.contains("global_id") && value.contains("desc");
}

// Every TensorRef under `value`, named by where it sits ("ins[1]", "out").
void collect_operands(const Json& value, const std::string& name, std::vector<std::string>& out) {
  if (is_tensor_ref(value)) {
    out.push_back(name + "=" + tensor_text(value));
  } else if (value.is_object()) {
    for (const auto& [key, child] : value.items()) {
      if (key == "program") continue;  // TTM0 kernels, described on their own
      collect_operands(child, name.empty() ? key : name + "." + key, out);
    }
  } else if (value.is_array()) {
    for (size_t i = 0; i < value.size(); ++i) {
      collect_operands(value[i], name + "[" + std::to_string(i) + "]", out);
    }
  }
}

std::string join(const std::vector<std::string>& parts) {
  std::string text;
  for (const std::string& part : parts) text += (text.empty() ? "" : ", ") + part;
  return text;
}

// "(0,0)+2x1" per range of a core range set.
std::string cores_text(const Json& ranges) {
  std::vector<std::string> parts;
  for (const Json& range : ranges.is_array() ? ranges : Json::array()) {
    const Json& loc = member(range, "loc");
    const Json& size = member(range, "size");
    parts.push_back("(" + member(loc, "y").dump() + "," + member(loc, "x").dump() + ")+" +
                    member(size, "y").dump() + "x" + member(size, "x").dump());
  }
  return parts.empty() ? "no cores" : join(parts);
}

std::string kernels_text(const Json& program) {
  std::vector<std::string> parts;
  size_t index = 0;
  for (const Json& kernel :
       member(program, "kernels").is_array() ? member(program, "kernels") : Json::array()) {
    const Json& body = member(kernel, "kernel");
    std::string kind = format::json_text_or(kernel, "kernel_type", "NONE");
    std::string detail =
        kind == "KernelSource"
            ? enum_or_default(
                  body, "source_type",
                  tt::target::metal::EnumNameSourceType(tt::target::metal::SourceType{}))
        : kind == "KernelBinary" ? format::json_text_or(body, "core_type", "?")
                                 : "";
    std::string name = format::json_text_or(kernel, "name", "");
    parts.push_back("kernel " + std::to_string(index++) + " " + kind + " " + detail +
                    (name.empty() ? "" : " '" + name + "'") + " on " +
                    cores_text(member(kernel, "core_range_set")) + " (" +
                    std::to_string(member(kernel, "cbs").size()) + " CBs)");
  }
  return join(parts);
}

std::string op_line(const std::string& where, const Json& op) {
  std::string name = format::json_text_or(op, "type_type", "NONE");
  const Json& type = member(op, "type");
  if (member(type, "type").is_string()) {
    name += " " + type["type"].get<std::string>();
  } else if (name == "EltwiseOp") {
    name += std::string(" ") + tt::target::ttnn::EnumNameEltwiseOpType({});
  }
  std::vector<std::string> operands;
  collect_operands(type, "", operands);
  std::string line =
      where + " " + name + ": " + (operands.empty() ? "no operands" : join(operands));
  if (member(type, "program").is_object()) line += "; " + kernels_text(type["program"]);
  std::string debug = format::json_text_or(op, "debug_info", "");
  if (!debug.empty()) line += " [" + debug + "]";
  return line;
}

template <typename Fn>
void each(const Json& object, const char* key, Fn&& fn) {
  const Json& items = member(object, key);
  if (!items.is_array()) return;
  for (size_t i = 0; i < items.size(); ++i) fn(items[i], i);
}

}  // namespace

std::vector<std::string> op_lines(const Json& root, format::BinaryKind kind,
                                  format::WireLayout layout) {
  std::vector<std::string> lines;
  each(root, "programs", [&](const Json& program, size_t p) {
    const std::string prefix = "program " + std::to_string(p);
    if (kind == format::BinaryKind::kTtnn) {
      each(program, "operations", [&](const Json& op, size_t k) {
        lines.push_back(op_line(prefix + " op " + std::to_string(k), op));
      });
      return;
    }
    each(program, "device_programs", [&](const Json& device_program, size_t d) {
      each(device_program, "command_queues", [&](const Json& queue, size_t q) {
        each(queue, "commands", [&](const Json& command, size_t c) {
          const std::string where = prefix + " device_program " + std::to_string(d) + " queue " +
                                    std::to_string(q) + " command " + std::to_string(c);
          lines.push_back(layout == format::WireLayout::kCurrent
                              ? current_command_line(where, command)
                              : op_line(where, command));
        });
      });
    });
  });
  return lines;
}

}  // namespace tessera::tools
