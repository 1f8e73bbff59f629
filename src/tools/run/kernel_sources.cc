#include "kernel_sources.h"

#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <sstream>

#include "tessera/format/json.h"

namespace tessera::tools::run {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

// Calls `fn(item, index)` for each element of the array `object[key]`, if any.
template <typename Fn>
void each(Json& object, const char* key, Fn&& fn) {
  if (!object.is_object() || !object.contains(key) || !object[key].is_array()) return;
  size_t index = 0;
  for (Json& item : object[key]) fn(item, index++);
}

// Calls `visit(file name, kernel body)` for every KernelSource, in order.
void for_each_kernel_source(Json& root,
                            const std::function<void(const std::string&, Json&)>& visit) {
  each(root, "programs", [&](Json& program, size_t p) {
    each(program, "device_programs", [&](Json& device_program, size_t d) {
      each(device_program, "command_queues", [&](Json& queue, size_t q) {
        each(queue, "commands", [&](Json& command, size_t c) {
          if (command.value("type_type", "") != "EnqueueProgramCommand" ||
              !command.contains("type")) {
            return;
          }
          if (!command["type"].contains("program")) return;
          each(command["type"]["program"], "kernels", [&](Json& kernel, size_t k) {
            if (kernel.value("kernel_type", "") != "KernelSource" || !kernel.contains("kernel")) {
              return;
            }
            visit("program_" + std::to_string(p) + "_device_program_" + std::to_string(d) +
                      "_queue_" + std::to_string(q) + "_command_" + std::to_string(c) + "_kernel_" +
                      std::to_string(k) + ".cc",
                  kernel["kernel"]);
          });
        });
      });
    });
  });
}

Result<Json> binary_json(const format::Binary& binary) {
  if (binary.kind() != format::BinaryKind::kMetal) {
    return make_error(ErrorCode::kInvalidArgument,
                      "kernel sources are in TTMetal (TTM0) binaries; this is a ",
                      format::kind_name(binary.kind()), " binary");
  }
  TESSERA_ASSIGN_OR_RETURN(std::string text, format::binary_to_json(binary));
  return Json::parse(text);
}

}  // namespace

fs::path kernel_source_folder(const std::string& dir, const std::string& binary_path) {
  return fs::path(dir) / fs::path(binary_path).filename();
}

Result<size_t> dump_kernel_sources(const format::Binary& binary, const fs::path& folder) {
  TESSERA_ASSIGN_OR_RETURN(Json root, binary_json(binary));
  std::error_code error;
  fs::create_directories(folder, error);
  if (error) {
    return make_error(ErrorCode::kIo, "cannot create '", folder.string(), "': ", error.message());
  }
  size_t written = 0;
  std::string failed;
  for_each_kernel_source(root, [&](const std::string& name, Json& body) {
    std::ofstream file(folder / name, std::ios::trunc);
    file << body.value("source", "");
    file.close();
    if (!file && failed.empty()) failed = (folder / name).string();
    ++written;
  });
  if (!failed.empty()) return make_error(ErrorCode::kIo, "cannot write '", failed, "'");
  return written;
}

Result<format::Binary> load_kernel_sources(const format::Binary& binary, const fs::path& folder,
                                           size_t& loaded) {
  TESSERA_ASSIGN_OR_RETURN(Json root, binary_json(binary));
  loaded = 0;
  for_each_kernel_source(root, [&](const std::string& name, Json& body) {
    std::ifstream file(folder / name);
    if (!file) return;
    std::ostringstream text;
    text << file.rdbuf();
    body["source"] = text.str();
    ++loaded;
  });
  if (loaded == 0) {
    return make_error(ErrorCode::kNotFound, "--load-kernels: no kernel sources for ", binary.name(),
                      " in '", folder.string(), "' (write them with --dump-kernels)");
  }
  TESSERA_ASSIGN_OR_RETURN(
      std::vector<uint8_t> bytes,
      format::json_to_binary(root.dump(), format::BinaryKind::kMetal, binary.layout()));
  return format::Binary::load_memory(std::move(bytes), binary.name());
}

}  // namespace tessera::tools::run
