// `tessera query [--arch A] [--devices N] [--layout 2024|current]
// [--save-artifacts [--artifact-dir DIR]]`: the system descriptor of
// simulated chips, as JSON on stdout (and a .ttsys in DIR), in the 2024
// layout or the compiler's current one.
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/subcommands.h"
#include "cli_output.h"
#include "tessera/format/binary.h"
#include "tessera/format/current_system_desc.h"
#include "tessera/format/json.h"
#include "tessera/runtime/arch.h"
#include "tessera/runtime/internal/builtin_system_desc.h"

namespace tessera::tools {
namespace {

struct QueryOptions {
  std::string arch = "wormhole_b0";
  uint32_t devices = 1;
  std::string layout = "2024";
  bool save_artifacts = false;
  std::string artifact_dir = "tessera-artifacts";
};

Status run_query(const QueryOptions& options) {
  std::optional<runtime::Arch> arch = runtime::arch_from_name(options.arch);
  if (!arch) {
    return make_error(ErrorCode::kInvalidArgument, "unknown arch '", options.arch,
                      "' (grayskull, wormhole_b0 or blackhole)");
  }
  TESSERA_ASSIGN_OR_RETURN(std::vector<uint8_t> bytes,
                           runtime::write_builtin_system_desc(*arch, options.devices));
  TESSERA_ASSIGN_OR_RETURN(format::Binary binary,
                           format::Binary::load_memory(bytes, "system_desc.ttsys"));
  if (options.layout == "current") {
    TESSERA_ASSIGN_OR_RETURN(bytes, format::system_desc_to_current(binary));
    TESSERA_ASSIGN_OR_RETURN(binary, format::Binary::load_memory(bytes, "system_desc.ttsys"));
  }
  TESSERA_ASSIGN_OR_RETURN(std::string json, format::binary_to_json(binary));
  if (options.save_artifacts) {
    std::error_code error;
    std::filesystem::create_directories(options.artifact_dir, error);
    if (error) {
      return make_error(ErrorCode::kIo, "cannot create directory ", options.artifact_dir, ": ",
                        error.message());
    }
    std::string path = (std::filesystem::path(options.artifact_dir) / "system_desc.ttsys");
    TESSERA_RETURN_IF_ERROR(format::write_binary_file(path, bytes));
    std::cerr << "wrote " << path << "\n";
  }
  // Pretty, like `tessera read`, keeping schema field order.
  std::cout << nlohmann::ordered_json::parse(json, nullptr, false).dump(2) << "\n";
  return ok_status();
}

}  // namespace

void register_query_subcommand(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<QueryOptions>();
  auto* command =
      app.add_subcommand("query", "Print the system descriptor of simulated chips as JSON");
  command->add_option("--arch", options->arch, "Chip architecture")
      ->check(CLI::IsMember({"grayskull", "wormhole_b0", "blackhole"}))
      ->capture_default_str();
  command->add_option("--devices", options->devices, "Number of devices")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  command
      ->add_option("--layout", options->layout,
                   "Wire layout of the descriptor: 2024, or current (the compiler's of today; "
                   "Wormhole_b0 and Blackhole only)")
      ->check(CLI::IsMember({"2024", "current"}))
      ->capture_default_str();
  command->add_flag("--save-artifacts", options->save_artifacts,
                    "Also write system_desc.ttsys into --artifact-dir");
  command->add_option("--artifact-dir", options->artifact_dir, "Where --save-artifacts writes")
      ->capture_default_str();
  command->callback([options, &exit_code] {
    Status status = run_query(*options);
    if (!status.ok()) print_error(status.error());
    exit_code = status.ok() ? 0 : 1;
  });
}

}  // namespace tessera::tools
