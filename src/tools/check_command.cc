#include "commands.h"

namespace tessera::tools {

void register_check_command(CLI::App& app, int& exit_code) {
  auto* command = app.add_subcommand("check", "(being written)");
  command->callback([&exit_code] { exit_code = 1; });
}

}  // namespace tessera::tools
