// `tessera read FILE|DIR... [--section ...]`: binaries as JSON, one object per file.
#include <iostream>

#include "binary_paths.h"
#include "cli/subcommands.h"
#include "cli_output.h"
#include "read_ops.h"
#include "tensor_data_summary.h"
#include "tessera/format/binary_sections.h"

namespace tessera::tools {
namespace {

struct ReadOptions {
  std::vector<std::string> paths;
  std::string section = "all";
  bool full = false;  // tensor data in full rather than summarised
};

// `--section ops`: "<file>: <line>" per TTNN op or TTM0 command.
bool read_ops(const std::string& path) {
  auto binary = format::Binary::load_file(path);
  if (!binary.ok()) {
    print_error(binary.error());
    return false;
  }
  print_warnings(*binary);
  if (binary->kind() == format::BinaryKind::kSystemDesc) {
    std::cerr << "note: " << path << ": section 'ops' applies to binaries with programs; a "
              << "system descriptor has none\n";
    return true;
  }
  auto json = format::read_section(*binary, format::Section::kAll);
  if (!json.ok()) {
    print_error(json.error());
    return false;
  }
  for (const std::string& line : op_lines(*json, binary->kind(), binary->layout())) {
    std::cout << path << ": " << line << "\n";
  }
  return true;
}

// Prints one binary's section; returns false if it could not.
bool read_one(const std::string& path, format::Section section, bool full) {
  auto binary = format::Binary::load_file(path);
  if (!binary.ok()) {
    print_error(binary.error());
    return false;
  }
  print_warnings(*binary);
  // A section that means nothing for this kind is noted, not failed, so a
  // directory of mixed kinds reads in one go.
  if (std::string note = format::section_not_applicable(binary->kind(), section); !note.empty()) {
    std::cerr << "note: " << path << ": " << note << "\n";
    nlohmann::ordered_json noted{
        {"file", path}, {"kind", format::file_identifier(binary->kind())}, {"note", note}};
    std::cout << noted.dump(2) << "\n";
    return true;
  }
  auto json = format::read_section(*binary, section);
  if (!json.ok()) {
    print_error(json.error());
    return false;
  }
  if (!full) summarise_tensor_data(*json);
  if (section == format::Section::kAll) {
    std::cout << json->dump(2) << "\n";
    return true;
  }
  // Sections name their file so several files' output can be told apart.
  nlohmann::ordered_json labelled{{"file", path},
                                  {"kind", format::file_identifier(binary->kind())}};
  labelled.update(*json);
  std::cout << labelled.dump(2) << "\n";
  return true;
}

int run_read(const ReadOptions& options) {
  const bool ops = options.section == "ops";
  auto section = format::section_from_name(ops ? "all" : options.section);
  bool all_ok = true;
  for (const BinaryPath& entry : collect_binary_paths(options.paths)) {
    if (!entry.status.ok()) {
      print_error(entry.status.error());
      all_ok = false;
      continue;
    }
    all_ok = (ops ? read_ops(entry.path) : read_one(entry.path, *section, options.full)) && all_ok;
  }
  return all_ok ? 0 : 1;
}

}  // namespace

void register_read_subcommand(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<ReadOptions>();
  auto* command =
      app.add_subcommand("read", "Print binaries (TTM0, TTNN, TTSY) as JSON, one object per file");
  command->add_option("paths", options->paths, "Binaries, or directories searched recursively")
      ->required();
  command
      ->add_option(
          "--section", options->section,
          "all (the whole root table; with --full, accepted by `build`), version, system_desc, "
          "programs, inputs, outputs, kernels (TTM0 kernel sources), ops (one line per "
          "TTNN op or TTM0 command, as text)")
      ->check(CLI::IsMember(
          {"all", "version", "system_desc", "programs", "inputs", "outputs", "kernels", "ops"}))
      ->capture_default_str();
  command->add_flag("--full", options->full,
                    "Print tensor data (goldens, constant data) in full, byte by byte, as `build` "
                    "takes it; without it each tensor's data is a summary (type, shape, first and "
                    "last values, FNV-1a 64 checksum of its bytes)");
  command->callback([options, &exit_code] { exit_code = run_read(*options); });
}

}  // namespace tessera::tools
