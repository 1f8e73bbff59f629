// `tessera build IN.json -o OUT [--kind ttm|ttnn|ttsys] [--layout 2024|current]`:
// JSON to binary, with golden tensor data taken from .npy files where the
// JSON names them. Without --layout the JSON's own fields decide the wire
// layout; JSON that fits both (or neither) is an error saying so.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/subcommands.h"
#include "cli_output.h"
#include "tensor_data_npy.h"
#include "tessera/format/json.h"

namespace tessera::tools {
namespace {

struct BuildOptions {
  std::string input;
  std::string output;
  std::string kind;
  std::string layout;  // empty: whichever the JSON fits
};

Result<format::BinaryKind> output_kind(const BuildOptions& options) {
  if (!options.kind.empty()) return *format::kind_from_extension(options.kind);
  std::string extension = std::filesystem::path(options.output).extension().string();
  auto kind = format::kind_from_extension(extension);
  if (!kind) {
    return make_error(ErrorCode::kInvalidArgument, "cannot tell the binary kind of '",
                      options.output, "' from its extension; pass --kind ttm|ttnn|ttsys");
  }
  return *kind;
}

Result<std::string> read_text(const std::string& path) {
  std::error_code ignored;
  if (std::filesystem::is_directory(path, ignored)) {
    return make_error(ErrorCode::kInvalidArgument, "'", path, "' is a directory, not a JSON file");
  }
  std::ifstream file(path);
  if (!file) return make_error(ErrorCode::kNotFound, "cannot open '", path, "'");
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

// The JSON with every {"npy": FILE} tensor data field filled from its file.
Result<std::string> with_tensor_data(std::string json, const std::string& input) {
  Json document = Json::parse(json, nullptr, false);
  // Malformed JSON is reported by the schema parser, which says where.
  if (document.is_discarded() || !document.is_object()) return json;
  const std::filesystem::path folder = std::filesystem::path(input).parent_path();
  Status loaded = load_tensor_data(document, folder);
  if (!loaded.ok()) return std::move(loaded).error().add_context(input);
  return document.dump();
}

Status build(const BuildOptions& options) {
  TESSERA_ASSIGN_OR_RETURN(format::BinaryKind kind, output_kind(options));
  if (!options.layout.empty() &&
      !format::has_layout(kind, *format::layout_from_name(options.layout))) {
    return make_error(ErrorCode::kInvalidArgument, "--layout ", options.layout, ": tessera has no ",
                      options.layout, "-layout schema for ", format::kind_name(kind),
                      " binaries (TTNN has the 2024 layout only)");
  }
  TESSERA_ASSIGN_OR_RETURN(std::string text, read_text(options.input));
  TESSERA_ASSIGN_OR_RETURN(std::string json, with_tensor_data(std::move(text), options.input));
  auto bytes = options.layout.empty()
                   ? format::json_to_binary(json, kind)
                   : format::json_to_binary(json, kind, *format::layout_from_name(options.layout));
  if (!bytes.ok()) return std::move(bytes).error().add_context(options.input);
  // Load what we built: the same verification every reader applies.
  auto check = format::Binary::load_memory(*bytes, options.output);
  if (!check.ok()) return check.status();
  return format::write_binary_file(options.output, *bytes);
}

}  // namespace

void register_build_subcommand(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<BuildOptions>();
  auto* command = app.add_subcommand("build", "Build a binary from its JSON form");
  command
      ->add_option("input", options->input,
                   "JSON of the root table (as `read --full` prints it); a golden tensor's data "
                   "may be {\"npy\": \"FILE.npy\"}, relative to the JSON's folder")
      ->required();
  command->add_option("-o,--output", options->output, "Binary to write")->required();
  command
      ->add_option("--kind", options->kind,
                   "ttm, ttnn or ttsys (default: from the output's extension)")
      ->check(CLI::IsMember({"ttm", "ttnn", "ttsys"}));
  command
      ->add_option("--layout", options->layout,
                   "Wire layout: 2024, or current (the compiler's of today; TTM0 and TTSY). "
                   "Default: the one the JSON fits")
      ->check(CLI::IsMember({"2024", "current"}));
  command->callback([options, &exit_code] {
    Status status = build(*options);
    if (!status.ok()) print_error(status.error());
    exit_code = status.ok() ? 0 : 1;
  });
}

}  // namespace tessera::tools
