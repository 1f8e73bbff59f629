// `tessera check FILE|DIR... [--system-desc X.ttsys]`: verification, version
// and schema report, and whether each binary fits the target system.
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "binary_paths.h"
#include "cli/subcommands.h"
#include "cli_output.h"
#include "default_target.h"
#include "tessera/format/address_fit.h"
#include "tessera/format/binary_version.h"
#include "tessera/format/system_facts.h"
#include "tessera/format/target_fit.h"

namespace tessera::tools {
namespace {

using Json = nlohmann::ordered_json;

struct CheckOptions {
  std::vector<std::string> paths;
  std::string system_desc;
  std::string result_file = "check_results.json";
  bool ignore_version = false;
};

Json version_json(const format::Binary& binary) {
  std::optional<format::VersionNumber> version = binary.version();
  if (!version) return nullptr;
  return Json{{"major", version->major}, {"minor", version->minor}, {"patch", version->patch}};
}

std::string schema_report(const format::Binary& binary) {
  if (!binary.schema_hash()) return "baseline (no schema hash)";
  // A current-layout binary from the compiler carries the compiler's hash;
  // its layout, found on load, is what it is read by.
  if (binary.layout() == format::WireLayout::kCurrent && !binary.schema_matches()) {
    return "the writer's own current-layout schema";
  }
  return binary.schema_matches() ? "matches this tessera" : "another schema";
}

// Whether the binary's version is one tessera supports; says why not (an
// error, or a warning with --ignore-version).
bool version_supported(const std::string& path, const format::Binary& binary,
                       const CheckOptions& options, Json& entry) {
  std::string problem = format::version_problem(binary);
  entry["version_supported"] = problem.empty();
  if (problem.empty()) return true;
  if (options.ignore_version) {
    std::cerr << "warning: " << path << ": " << problem << " (checked anyway: --ignore-version)\n";
    return true;
  }
  std::cerr << "error: " << path << ": " << problem << "; --ignore-version checks it anyway\n";
  entry["version_problem"] = problem;
  return false;
}

Json check_one(const std::string& path, const format::Binary& target,
               const format::SystemFacts& target_facts, const CheckOptions& options, bool& ok) {
  Json entry{{"file", path}};
  auto binary = format::Binary::load_file(path);
  if (!binary.ok()) {
    print_error(binary.error());
    entry["result"] = "error";
    entry["error"] = binary.error().describe();
    ok = false;
    return entry;
  }
  print_warnings(*binary);
  entry["kind"] = std::string(format::file_identifier(binary->kind()));
  entry["layout"] = std::string(format::layout_name(binary->layout()));
  entry["verified"] = true;
  entry["version"] = version_json(*binary);
  const bool version_ok = version_supported(path, *binary, options, entry);
  entry["schema"] = schema_report(*binary);
  entry["warnings"] = binary->warnings();

  // A TTM0 binary fits by the addresses it places and by its arch; the rest
  // of its descriptor may differ from the target's (a warning). Other kinds
  // place nothing themselves, so their descriptor decides.
  const bool by_addresses = binary->kind() == format::BinaryKind::kMetal;
  format::FitCheck addresses = format::check_address_fit(*binary, target_facts);
  const std::optional<format::SystemFacts> own = format::system_facts_of(*binary);
  std::vector<format::FitCheck> descriptor =
      format::check_target_fit(own ? &*own : nullptr, target_facts);
  Json checks = Json::array();
  bool fits = addresses.ok;
  for (const format::FitCheck& check : descriptor) {
    checks.push_back({{"check", check.name}, {"ok", check.ok}, {"detail", check.detail}});
    if (check.ok) continue;
    const bool decides = !by_addresses || check.name.ends_with("arch");
    fits = fits && !decides;
    std::cerr << (decides ? "error: " : "warning: ") << path
              << (decides ? ": does not fit " : ": its system descriptor differs from ")
              << target.name() << ": " << check.name << ": " << check.detail << "\n";
  }
  checks.push_back({{"check", addresses.name}, {"ok", addresses.ok}, {"detail", addresses.detail}});
  if (!addresses.ok) {
    std::cerr << "error: " << path << ": does not fit " << target.name() << ": " << addresses.detail
              << "\n";
  }
  entry["fits_target"] = fits;
  entry["descriptor_matches"] = format::all_fit(descriptor);
  entry["target_checks"] = std::move(checks);
  entry["result"] = fits && version_ok ? "pass" : "fail";
  ok = ok && fits && version_ok;
  std::cout << path << ": "
            << (!version_ok ? "unsupported version"
                : fits      ? "ok"
                            : "does not fit the target")
            << " (" << format::kind_name(binary->kind()) << ", "
            << format::layout_name(binary->layout()) << " layout, " << schema_report(*binary)
            << ")\n";
  return entry;
}

Result<format::Binary> load_target(const CheckOptions& options) {
  if (options.system_desc.empty()) return default_target_system_desc();
  TESSERA_ASSIGN_OR_RETURN(format::Binary target, format::Binary::load_file(options.system_desc));
  if (target.kind() != format::BinaryKind::kSystemDesc) {
    return make_error(ErrorCode::kInvalidArgument, "--system-desc '", options.system_desc,
                      "' is a ", format::kind_name(target.kind()),
                      " binary, not a system descriptor (TTSY)");
  }
  if (!target.system_desc() && !target.current_system_desc()) {
    return make_error(ErrorCode::kInvalidArgument, "--system-desc '", options.system_desc,
                      "' has no system_desc table: it describes no chips to check against");
  }
  return target;
}

int run_check(const CheckOptions& options) {
  auto target = load_target(options);
  if (!target.ok()) {
    print_error(target.error());
    return 1;
  }
  // A target in either layout: both read into the facts the checks compare.
  const format::SystemFacts target_facts = *format::system_facts_of(*target);
  bool ok = true;
  Json results = Json::array();
  for (const BinaryPath& entry : collect_binary_paths(options.paths)) {
    if (!entry.status.ok()) {
      print_error(entry.status.error());
      results.push_back(
          {{"file", entry.path}, {"result", "error"}, {"error", entry.status.error().describe()}});
      ok = false;
      continue;
    }
    results.push_back(check_one(entry.path, *target, target_facts, options, ok));
  }
  Json report{{"target", target->name()},
              {"target_layout", format::layout_name(target->layout())},
              {"results", std::move(results)}};
  std::ofstream file(options.result_file);
  file << report.dump(2) << "\n";
  if (!file) {
    std::cerr << "error: cannot write '" << options.result_file << "'\n";
    return 1;
  }
  return ok ? 0 : 1;
}

}  // namespace

void register_check_subcommand(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<CheckOptions>();
  auto* command =
      app.add_subcommand("check", "Verify binaries and check that they fit the target system");
  command->add_option("paths", options->paths, "Binaries, or directories searched recursively")
      ->required();
  command->add_option("--system-desc", options->system_desc,
                      "Target system descriptor (.ttsys, either layout); default: the simulated "
                      "wormhole_b0 chip");
  command->add_option("--result-file", options->result_file, "Where to write the JSON report")
      ->capture_default_str();
  command->add_flag("--ignore-version", options->ignore_version,
                    "Check binaries whose major or minor version tessera does not support");
  command->callback([options, &exit_code] { exit_code = run_check(*options); });
}

}  // namespace tessera::tools
