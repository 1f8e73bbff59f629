// `tessera read --section ops` for the compiler's current layout: one line
// per command, naming buffers (BufferRef: id, shape, type, host or device
// memory and placement, address), semaphores and events, and for
// EnqueueProgramCommand its arg_refs, CBs by port and each kernel with its
// config, cores and arguments by kind.
#include <sstream>

#include "read_ops.h"
#include "tessera/format/json_fields.h"

namespace tessera::tools {
namespace {

using Json = nlohmann::ordered_json;

// The JSON form leaves out fields at their default (the first enum value, 0).
const auto& member = format::json_member;
const auto& text_or = format::json_text_or;

uint64_t number_or_zero(const Json& object, const char* key) {
  const Json& value = member(object, key);
  return value.is_number_unsigned() ? value.get<uint64_t>() : 0;
}

std::string join(const std::vector<std::string>& parts, const char* separator = ", ") {
  std::string text;
  for (const std::string& part : parts) text += (text.empty() ? "" : separator) + part;
  return text;
}

std::string dims_text(const Json& dims) {
  if (!dims.is_array() || dims.empty()) return "scalar";
  std::vector<std::string> parts;
  for (const Json& dim : dims) parts.push_back(dim.dump());
  return join(parts, "x");
}

std::string hex(uint64_t value) {
  std::ostringstream text;
  text << "0x" << std::hex << value;
  return text.str();
}

// "(0,0)+8x8" per range (y, x of the corner; rows x columns).
std::string cores_text(const Json& ranges) {
  std::vector<std::string> parts;
  for (const Json& range : ranges.is_array() ? ranges : Json::array()) {
    const Json& loc = member(range, "loc");
    const Json& size = member(range, "size");
    parts.push_back("(" + text_or(loc, "y", "0") + "," + text_or(loc, "x", "0") + ")+" +
                    text_or(size, "y", "0") + "x" + text_or(size, "x", "0"));
  }
  return parts.empty() ? "no cores" : join(parts);
}

// "L1 sharded on (0,0)+1x1, CB" / "DRAM interleaved".
std::string metal_text(const Json& metal) {
  std::string text = text_or(metal, "buffer_type", "DRAM");
  const std::string config = text_or(metal, "buffer_config_type", "NONE");
  if (config == "InterleavedBufferConfig") {
    text += " interleaved";
  } else if (config == "ShardedBufferConfig") {
    const Json& sharded = member(metal, "buffer_config");
    const Json& distribution = member(sharded, "buffer_distribution_spec");
    const Json& spec = member(member(sharded, "shard_spec_buffer"), "shard_spec");
    text += " sharded";
    if (member(distribution, "cores").is_array()) {
      const size_t cores = distribution["cores"].size();
      text += " over " + std::to_string(cores) + (cores == 1 ? " core" : " cores");
    } else if (member(spec, "core_range_set").is_array()) {
      text += " on " + cores_text(spec["core_range_set"]);
    }
  } else {
    text += " (no buffer config)";
  }
  if (member(metal, "circular_buffer_config").is_object()) text += ", CB";
  return text;
}

// "b3 1x1x1x1 of 32x32 tiles Float32 L1 sharded on (0,0)+1x1, CB @0x19520".
std::string buffer_text(const Json& ref) {
  const Json& desc = member(ref, "desc");
  std::string text = "b" + text_or(ref, "global_id", "0") + " " + dims_text(member(desc, "shape"));
  const Json& element = member(desc, "element_shape");
  if (element.is_object() &&
      (text_or(element, "y", "0") != "1" || text_or(element, "x", "0") != "1")) {
    text += " of " + text_or(element, "y", "0") + "x" + text_or(element, "x", "0") + " tiles";
  }
  text += " " + text_or(desc, "data_type", "Float32");
  const std::string detail = text_or(desc, "buffer_detail_type", "NONE");
  if (detail == "SystemBuffer") {
    text += " host";
  } else if (detail == "MetalBuffer") {
    text += " " + metal_text(member(desc, "buffer_detail"));
  } else {
    text += " (no buffer detail)";
  }
  if (const uint64_t address = number_or_zero(ref, "address"); address != 0) {
    text += " @" + hex(address);
  }
  return text;
}

bool is_buffer_ref(const Json& value) {
  return value.is_object() && value.contains("desc");
}

// Each BufferRef field of a command, arrays element by element.
std::vector<std::string> buffer_operands(const Json& body) {
  std::vector<std::string> operands;
  if (!body.is_object()) return operands;
  for (const auto& [key, value] : body.items()) {
    if (is_buffer_ref(value)) {
      operands.push_back(key + "=" + buffer_text(value));
    } else if (value.is_array() && !value.empty() && is_buffer_ref(value.front())) {
      for (size_t i = 0; i < value.size(); ++i) {
        operands.push_back(key + "[" + std::to_string(i) + "]=" + buffer_text(value[i]));
      }
    }
  }
  return operands;
}

std::string arg_ref_text(const std::string& type, const Json& ref) {
  if (type == "BufferRef") return buffer_text(ref);
  if (type == "GlobalSemaphoreRef") {
    return "global semaphore " + text_or(ref, "global_id", "0") + " @" +
           hex(number_or_zero(ref, "address"));
  }
  if (type == "LocalSemaphoreRef") {
    return "local semaphore " + text_or(ref, "global_id", "0") + " (initial " +
           text_or(ref, "initial_value", "0") + ")";
  }
  return type;
}

// "buffer_address(arg_refs[0])", "cb_port(cbs[1], port 1)", "named(num_tiles=1)".
std::string kernel_arg_text(const Json& arg, const Json& cbs) {
  const std::string kind = text_or(arg, "arg_type", "NONE");
  const Json& body = member(arg, "arg");
  const std::string index = text_or(body, "operand_idx", "0");
  if (kind == "KernelArgCBPort") {
    const size_t at = std::stoul(index);
    const std::string port =
        cbs.is_array() && at < cbs.size() ? text_or(cbs[at], "port", "0") : std::string("?");
    return "cb_port(cbs[" + index + "], port " + port + ")";
  }
  if (kind == "KernelArgNamedArgument") {
    return "named(" + text_or(body, "name", "") + "=" + text_or(body, "value", "0") + ")";
  }
  static const std::pair<const char*, const char*> kNames[] = {
      {"KernelArgBufferAddress", "buffer_address"},
      {"KernelArgLocalSemaphore", "local_semaphore"},
      {"KernelArgGlobalSemaphore", "global_semaphore"},
      {"KernelArgScalar", "scalar"},
      {"KernelArgTensorAccessorArgs", "tensor_accessor_args"}};
  for (const auto& [type, name] : kNames) {
    if (kind == type) return std::string(name) + "(arg_refs[" + index + "])";
  }
  return kind;
}

std::string kernel_args_text(const Json& args, const Json& cbs) {
  std::vector<std::string> lists;
  for (const char* list : {"crt_args", "rt_args", "ct_args"}) {
    const Json& items = member(args, list);
    if (!items.is_array() || items.empty()) continue;
    std::vector<std::string> parts;
    for (const Json& arg : items) parts.push_back(kernel_arg_text(arg, cbs));
    lists.push_back(std::string(list) + " [" + join(parts) + "]");
  }
  return lists.empty() ? "no args" : join(lists, " ");
}

// "NocConfig RISCV_1 Noc0", "ComputeConfig HiFi4".
std::string config_text(const Json& kernel) {
  const std::string type = text_or(kernel, "type_type", "NONE");
  const Json& config = member(kernel, "type");
  if (type == "NocConfig") {
    return type + " " + text_or(config, "processor", "RISCV_0") + " " +
           text_or(config, "noc_index", "Noc0");
  }
  if (type == "ComputeConfig") return type + " " + text_or(config, "math_fidelity", "LoFi");
  if (type == "EthernetConfig") {
    return type + " " + text_or(config, "eth_type", "Sender") + " " +
           text_or(config, "noc_index", "Noc0");
  }
  return type;
}

std::string kernels_text(const Json& program, const Json& cbs) {
  std::vector<std::string> parts;
  const Json& kernels = member(program, "kernels");
  for (size_t i = 0; kernels.is_array() && i < kernels.size(); ++i) {
    const Json& kernel = kernels[i];
    const std::string symbol = text_or(kernel, "symbol", "");
    parts.push_back("kernel " + std::to_string(i) + (symbol.empty() ? "" : " '" + symbol + "'") +
                    " " + text_or(kernel, "kernel_type", "NONE") + " " + config_text(kernel) +
                    " on " + cores_text(member(kernel, "core_range_set")) + " " +
                    kernel_args_text(member(kernel, "args"), cbs));
  }
  return parts.empty() ? "no kernels" : join(parts);
}

std::string enqueue_program_text(const Json& body) {
  std::vector<std::string> operands;
  const Json& types = member(body, "arg_refs_type");
  const Json& refs = member(body, "arg_refs");
  for (size_t i = 0; refs.is_array() && i < refs.size(); ++i) {
    const std::string type = types.is_array() && i < types.size() && types[i].is_string()
                                 ? types[i].get<std::string>()
                                 : "NONE";
    operands.push_back("arg_refs[" + std::to_string(i) + "]=" + arg_ref_text(type, refs[i]));
  }
  const Json& cbs = member(body, "cbs");
  for (size_t i = 0; cbs.is_array() && i < cbs.size(); ++i) {
    operands.push_back("cbs[" + std::to_string(i) + "] port " + text_or(cbs[i], "port", "0") + "=" +
                       buffer_text(member(cbs[i], "buffer_ref")));
  }
  return (operands.empty() ? "no operands" : join(operands)) + "; " +
         kernels_text(member(body, "program"), cbs);
}

std::string semaphore_or_event_text(const std::string& type, const Json& body) {
  const Json& ref = member(body, "ref");
  if (type == "CreateLocalSemaphoreCommand") return "ref=" + arg_ref_text("LocalSemaphoreRef", ref);
  if (type == "CreateGlobalSemaphoreCommand") {
    return "ref=" + arg_ref_text("GlobalSemaphoreRef", ref) + " on " +
           cores_text(member(body, "core_range_set")) + ", initial " +
           text_or(body, "initial_value", "0");
  }
  if (type == "ResetGlobalSemaphoreCommand") {
    return "ref=" + arg_ref_text("GlobalSemaphoreRef", ref) + ", value " +
           text_or(body, "value", "0");
  }
  return "ref=event " + text_or(ref, "global_id", "0");
}

std::string body_text(const std::string& type, const Json& body) {
  if (type == "EnqueueProgramCommand") return enqueue_program_text(body);
  if (type.find("Semaphore") != std::string::npos || type.find("Event") != std::string::npos) {
    return semaphore_or_event_text(type, body);
  }
  std::vector<std::string> operands = buffer_operands(body);
  if (type == "HostAllocCommand") {
    const Json& data = member(body, "data");
    operands.push_back(data.is_array() ? std::to_string(data.size()) + " bytes of data"
                                       : "zero-filled");
  } else if (type == "CpuCommand") {
    operands.insert(operands.begin(), "calls '" + text_or(body, "func_name", "") + "' of dylib " +
                                          text_or(body, "dylib_id", "0"));
  } else if (type == "MeshShardCommand") {
    operands.push_back(text_or(body, "shard_type", "Replicate") + " " +
                       text_or(body, "shard_direction", "FullToShardShape") + " shard_shape " +
                       member(body, "shard_shape").dump() + " shard_dims " +
                       member(body, "shard_dims").dump());
  }
  return operands.empty() ? "no operands" : join(operands);
}

}  // namespace

std::string current_command_line(const std::string& where, const Json& command) {
  const std::string type = text_or(command, "type_type", "NONE");
  std::string line = where + " " + type + ": " + body_text(type, member(command, "type"));
  const std::string loc = text_or(command, "loc", "");
  if (!loc.empty()) line += " [" + loc + "]";
  return line;
}

}  // namespace tessera::tools
