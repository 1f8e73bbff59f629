// End-to-end on a real terminal (a pseudo-terminal 60 columns wide): the
// progress line and every line of the summary table fit its width, long
// names are shortened in the middle, and each result appears once.
#include <fcntl.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <termios.h>

#include <sstream>

#include "../support/cli_runner.h"
#include "../support/golden_binaries.h"

namespace tessera::testing {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
namespace fs = std::filesystem;

constexpr unsigned short kColumns = 60;

// Runs `tessera args...` in `dir` with stdout and stderr on one terminal of
// kColumns columns; returns everything it wrote there.
std::string run_on_terminal(const std::vector<std::string>& args, const fs::path& dir) {
  const int master = posix_openpt(O_RDWR | O_NOCTTY);
  if (master < 0 || grantpt(master) != 0 || unlockpt(master) != 0) return "";
  const int terminal = open(ptsname(master), O_RDWR | O_NOCTTY);
  winsize size{};
  size.ws_col = kColumns;
  size.ws_row = 40;
  ioctl(terminal, TIOCSWINSZ, &size);
  termios mode{};
  tcgetattr(terminal, &mode);
  mode.c_oflag &= ~static_cast<tcflag_t>(OPOST);  // no "\n" -> "\r\n"
  tcsetattr(terminal, TCSANOW, &mode);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, terminal, STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, terminal, STDERR_FILENO);
  posix_spawn_file_actions_addchdir_np(&actions, dir.c_str());
  std::vector<std::string> argv_strings = {tessera_cli().string()};
  argv_strings.insert(argv_strings.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& arg : argv_strings) argv.push_back(arg.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  const bool spawned = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ) == 0;
  posix_spawn_file_actions_destroy(&actions);
  close(terminal);
  std::string output;
  char buffer[4096];
  for (ssize_t got; spawned && (got = read(master, buffer, sizeof buffer)) > 0;) {
    output.append(buffer, static_cast<size_t>(got));
  }
  if (spawned) waitpid(pid, nullptr, 0);
  close(master);
  return output;
}

TEST(RunTerminalTest, ProgressAndTableFitTheTerminal) {
  TempDir dir;
  const std::string name = "a_binary_whose_name_is_far_too_long_for_a_narrow_terminal.ttm";
  fs::create_directories(dir / "suite");
  write_bytes(dir / "suite" / name, multiply_binary());
  const std::string output = run_on_terminal({"run", "suite"}, dir.path());
  ASSERT_THAT(output, HasSubstr("1 program(s): 1 passed")) << output;
  // Every line, and every rewrite of the progress line between "\r"s.
  std::istringstream lines(output);
  for (std::string line; std::getline(lines, line);) {
    std::istringstream rewrites(line);
    for (std::string shown; std::getline(rewrites, shown, '\r');) {
      const size_t escape = shown.find("\033[K");
      if (escape != std::string::npos) shown.erase(escape, 3);
      EXPECT_LE(shown.size(), kColumns) << shown;
    }
  }
  EXPECT_THAT(output, HasSubstr("[1/1] running suite/"));
  EXPECT_THAT(output, HasSubstr("..."));
  EXPECT_THAT(output, HasSubstr("narrow_terminal.ttm"));
  EXPECT_THAT(output, Not(HasSubstr("suite/" + name)));
  // The result appears once: one PASS row.
  EXPECT_EQ(output.find("PASS"), output.rfind("PASS"));
}

}  // namespace
}  // namespace tessera::testing
