// Runs the `tessera` CLI as a child process for end-to-end tests.
#pragma once

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "example_binaries.h"

extern char** environ;

namespace tessera::testing {

struct CliResult {
  int exit_code = -1;  // -1 if killed by a signal
  int signal = 0;      // the signal that killed it, or 0
  std::string out;
  std::string err;
};

inline std::filesystem::path tessera_cli() {
  return std::filesystem::path(TESSERA_BINARY_DIR) / "bin" / "tessera";
}

// Runs `tessera args...` in `working_dir`, capturing stdout and stderr.
// `while_running`, if given, is called with the CLI's pid once it started.
inline CliResult run_cli(const std::vector<std::string>& args,
                         const std::filesystem::path& working_dir = {},
                         const std::function<void(pid_t)>& while_running = {}) {
  TempDir capture;
  std::filesystem::path out_path = capture / "stdout";
  std::filesystem::path err_path = capture / "stderr";
  std::string script =
      "cd '" + (working_dir.empty() ? std::filesystem::current_path() : working_dir).string() +
      "' && exec \"$0\" \"$@\" >'" + out_path.string() + "' 2>'" + err_path.string() + "'";
  std::vector<std::string> argv_strings = {"/bin/sh", "-c", script, tessera_cli().string()};
  argv_strings.insert(argv_strings.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& arg : argv_strings) argv.push_back(arg.data());
  argv.push_back(nullptr);

  CliResult result;
  pid_t pid = 0;
  if (posix_spawn(&pid, "/bin/sh", nullptr, nullptr, argv.data(), environ) != 0) return result;
  if (while_running) while_running(pid);  // sh execs tessera: the same pid
  int status = 0;
  waitpid(pid, &status, 0);
  if (WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) result.signal = WTERMSIG(status);
  result.out = read_text_file(out_path);
  result.err = read_text_file(err_path);
  return result;
}

}  // namespace tessera::testing
