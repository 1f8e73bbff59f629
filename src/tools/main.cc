// The `tessera` CLI: a thin shell over the tools library.
// Exit codes: 0 success, 1 failure, 2 usage error (CLI11 reports those);
// `run` and `perf` exit 42 on a golden mismatch.
#include <CLI/CLI.hpp>

#include "cli/subcommands.h"
#include "option_values.h"
#include "tessera/format/binary_version.h"

int main(int argc, char** argv) {
  CLI::App app{"tessera: run Tenstorrent-style binaries on a simulated chip"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("tessera ") + TESSERA_VERSION +
                                        "\nruns binary versions " +
                                        tessera::format::supported_versions_text());
  int exit_code = 0;
  tessera::tools::register_read_subcommand(app, exit_code);
  tessera::tools::register_build_subcommand(app, exit_code);
  tessera::tools::register_check_subcommand(app, exit_code);
  tessera::tools::register_query_subcommand(app, exit_code);
  tessera::tools::register_run_subcommand(app, exit_code);
  tessera::tools::register_perf_subcommand(app, exit_code);
  tessera::tools::register_merge_results_subcommand(app, exit_code);
  tessera::tools::reject_option_like_values(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    int code = app.exit(error);
    return code == 0 ? 0 : 2;
  }
  return exit_code;
}
