// Option values never start with "--": CLI11 hands an option the next
// argument whatever it looks like, so `--artifact-dir --quiet` would make a
// folder named "--quiet". Every such value is a usage error instead.
#pragma once

#include <CLI/CLI.hpp>

namespace tessera::tools {

// Adds the check to every value-taking option of every subcommand of `app`;
// call once all commands are registered.
void reject_option_like_values(CLI::App& app);

}  // namespace tessera::tools
