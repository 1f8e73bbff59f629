// `tessera run PATH... [options]`: runs every program of every binary on the
// simulated chip, checks goldens and writes JSON and JUnit reports.
// Exit codes: 0 all passed, 42 a golden mismatch, 1 any error.
#include <memory>

#include "cli/subcommands.h"
#include "run/run_options.h"
#include "run/run_session.h"

namespace tessera::tools {

void register_run_subcommand(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<run::RunOptions>();
  auto* command = app.add_subcommand(
      "run", "Run binaries (TTM0 and TTNN, mixed) on the simulated chip and check their goldens");
  run::add_run_options(*command, *options);
  command->callback([options, &exit_code] { exit_code = run::run_session("run", *options); });
}

}  // namespace tessera::tools
