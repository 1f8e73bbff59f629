// Subcommands of the `tessera` CLI, one file each. Every register_* adds a
// subcommand to the app; its callback sets `exit_code` (0 ok, 1 failure).
#pragma once

#include <CLI/CLI.hpp>

namespace tessera::tools {

void register_read_command(CLI::App& app, int& exit_code);
void register_build_command(CLI::App& app, int& exit_code);
void register_check_command(CLI::App& app, int& exit_code);
void register_query_command(CLI::App& app, int& exit_code);
void register_run_command(CLI::App& app, int& exit_code);
void register_perf_command(CLI::App& app, int& exit_code);
void register_merge_results_command(CLI::App& app, int& exit_code);

}  // namespace tessera::tools
