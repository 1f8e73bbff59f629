// Subcommands of the `tessera` CLI, one file each. Every register_* adds a
// subcommand to the app; its callback sets `exit_code` (0 ok, 1 failure).
#pragma once

#include <CLI/CLI.hpp>

namespace tessera::tools {

void register_read_subcommand(CLI::App& app, int& exit_code);
void register_build_subcommand(CLI::App& app, int& exit_code);
void register_check_subcommand(CLI::App& app, int& exit_code);
void register_query_subcommand(CLI::App& app, int& exit_code);
void register_run_subcommand(CLI::App& app, int& exit_code);
void register_perf_subcommand(CLI::App& app, int& exit_code);
void register_merge_results_subcommand(CLI::App& app, int& exit_code);

}  // namespace tessera::tools
