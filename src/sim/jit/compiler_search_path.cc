#include "tessera/sim/jit/compiler_search_path.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <map>
#include <mutex>

#include "atomic_file.h"

extern char** environ;

namespace tessera::sim {
namespace {

bool exists(const std::string& path) {
  struct stat info {};
  return stat(path.c_str(), &info) == 0;
}

// What the compiler prints on stderr for `-x c++ -E -v /dev/null`.
Result<std::string> verbose_preprocessor_output(const std::string& executable) {
  int pipe_fds[2];
  if (pipe2(pipe_fds, O_CLOEXEC) != 0) {
    return make_error(ErrorCode::kIo, "cannot create a pipe: ", std::strerror(errno));
  }
  std::string program = executable;
  std::vector<std::string> args = {program, "-x", "c++", "-E", "-v", "/dev/null"};
  std::vector<char*> argv;
  for (std::string& arg : args) argv.push_back(arg.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], STDERR_FILENO);
  pid_t pid = 0;
  const int error = posix_spawn(&pid, executable.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(pipe_fds[1]);
  if (error != 0) {
    close(pipe_fds[0]);
    return make_error(ErrorCode::kIo, "cannot start the kernel compiler ", executable, ": ",
                      std::strerror(error));
  }
  std::string output;
  char buffer[4096];
  for (;;) {
    const ssize_t got = read(pipe_fds[0], buffer, sizeof buffer);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) break;
    if (output.size() < (size_t{1} << 20)) output.append(buffer, static_cast<size_t>(got));
  }
  close(pipe_fds[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    return make_error(ErrorCode::kFailedPrecondition, "the kernel compiler ", executable,
                      " failed to list its include directories:\n", output);
  }
  return output;
}

}  // namespace

std::vector<std::string> parse_include_search_list(std::string_view verbose_output) {
  constexpr std::string_view kStart = "#include <...> search starts here:";
  constexpr std::string_view kEnd = "End of search list.";
  std::vector<std::string> directories;
  const size_t start = verbose_output.find(kStart);
  if (start == std::string_view::npos) return directories;
  size_t at = verbose_output.find('\n', start);
  while (at != std::string_view::npos && at + 1 < verbose_output.size()) {
    const size_t end = verbose_output.find('\n', at + 1);
    std::string_view line = verbose_output.substr(
        at + 1, end == std::string_view::npos ? std::string_view::npos : end - at - 1);
    if (line.starts_with(kEnd)) break;
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
    // clang marks framework directories; they hold no C++ headers.
    if (!line.empty() && !line.ends_with("(framework directory)")) {
      directories.emplace_back(line);
    }
    at = end;
  }
  return directories;
}

bool is_compiler_own_directory(const std::string& directory) {
  if (exists(directory + "/type_traits") || exists(directory + "/bits/c++config.h")) return true;
  return exists(directory + "/stddef.h") && !exists(directory + "/stdio.h");
}

namespace {

// What `remembered_in` holds, one directory a line; nothing if it is
// missing or names a directory that is gone (the compiler was upgraded).
std::vector<std::string> read_remembered(const std::string& remembered_in) {
  std::vector<std::string> directories;
  std::ifstream in(remembered_in);
  for (std::string line; std::getline(in, line);) {
    struct stat info {};
    if (line.empty() || stat(line.c_str(), &info) != 0 || !S_ISDIR(info.st_mode)) return {};
    directories.push_back(line);
  }
  return directories;
}

Result<std::vector<std::string>> ask_compiler(const std::string& executable) {
  TESSERA_ASSIGN_OR_RETURN(std::string output, verbose_preprocessor_output(executable));
  std::vector<std::string> own;
  for (std::string& directory : parse_include_search_list(output)) {
    if (is_compiler_own_directory(directory)) own.push_back(std::move(directory));
  }
  if (own.empty()) {
    return make_error(ErrorCode::kFailedPrecondition, "the kernel compiler ", executable,
                      " lists no include directory of its own (a C++ library and its "
                      "freestanding C headers); its search list:\n",
                      output);
  }
  return own;
}

}  // namespace

Result<std::vector<std::string>> compiler_own_include_directories(
    const std::string& executable, const std::string& remembered_in) {
  static std::mutex mutex;
  static std::map<std::string, std::vector<std::string>> known;
  std::lock_guard lock(mutex);
  if (auto found = known.find(executable); found != known.end()) return found->second;
  std::vector<std::string> own;
  if (!remembered_in.empty()) own = read_remembered(remembered_in);
  if (own.empty()) {
    TESSERA_ASSIGN_OR_RETURN(own, ask_compiler(executable));
    if (!remembered_in.empty()) {
      std::string lines;
      for (const std::string& directory : own) lines += directory + "\n";
      // Only a shortcut: a cache that cannot keep it asks again next time.
      (void)write_file_atomically(remembered_in, lines);
    }
  }
  known.emplace(executable, own);
  return own;
}

}  // namespace tessera::sim
