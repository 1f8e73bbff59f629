#include "tessera/sim/jit/kernel_compiler.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <thread>

#include "atomic_file.h"
#include "tessera/sim/jit/compiler_search_path.h"
#include "tessera/sim/jit/refused_header.h"

extern char** environ;

namespace tessera::sim {

namespace {

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream content;
  content << in.rdbuf();
  return content.str();
}

struct RunningCompile {
  std::string log_path;
  std::string temp_output;
};

// A hostile kernel (a preprocessor or template bomb, a giant source) must
// not hold the host: each compile gets bounded memory, output and time.
constexpr rlim_t kCompilerMemoryBytes = rlim_t{1} << 30;
constexpr rlim_t kCompilerOutputBytes = rlim_t{256} << 20;
constexpr int kCompileSeconds = 120;
constexpr off_t kMaxUnitBytes = off_t{8} << 20;

Status check_unit_size(const CompileJob& job) {
  struct stat info {};
  if (stat(job.unit_path.c_str(), &info) == 0 && info.st_size > kMaxUnitBytes) {
    return make_error(ErrorCode::kInvalidArgument, "kernel '", job.kernel_name, "' is ",
                      info.st_size, " bytes of source, more than the ", kMaxUnitBytes >> 20,
                      " MiB a kernel may have");
  }
  return ok_status();
}

void limit_compiler(pid_t pid) {
  const struct rlimit memory = {kCompilerMemoryBytes, kCompilerMemoryBytes};
  const struct rlimit output = {kCompilerOutputBytes, kCompilerOutputBytes};
  const struct rlimit cpu = {kCompileSeconds, kCompileSeconds};
  prlimit(pid, RLIMIT_AS, &memory, nullptr);
  prlimit(pid, RLIMIT_FSIZE, &output, nullptr);
  prlimit(pid, RLIMIT_CPU, &cpu, nullptr);
}

// Waits for the compiler, killing it once it has run kCompileSeconds.
// Returns its wait status, or -1 if it could not be waited for.
int wait_for_compiler(pid_t pid, bool& timed_out) {
  timed_out = false;
  const int pidfd = static_cast<int>(syscall(SYS_pidfd_open, pid, 0));
  if (pidfd >= 0) {
    pollfd exited{pidfd, POLLIN, 0};
    int ready = 0;
    while ((ready = poll(&exited, 1, kCompileSeconds * 1000)) < 0 && errno == EINTR) {
    }
    close(pidfd);
    if (ready == 0) {
      kill(pid, SIGKILL);
      timed_out = true;
    }
  } else {  // kernels before 5.3: poll the child
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(kCompileSeconds);
    int status = 0;
    while (waitpid(pid, &status, WNOHANG) == 0) {
      if (std::chrono::steady_clock::now() >= deadline) {
        kill(pid, SIGKILL);
        timed_out = true;
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    if (!timed_out) return status;
  }
  int wait_status = 0;
  while (waitpid(pid, &wait_status, 0) < 0) {
    if (errno != EINTR) return -1;
  }
  return wait_status;
}

// The include directories after the kernel API's when the flags hold
// -nostdinc: the compiler's own headers, then tessera's freestanding C
// headers where the C library's would be.
Result<std::vector<std::string>> system_include_directories(const CompilerConfig& config) {
  if (std::find(config.flags.begin(), config.flags.end(), "-nostdinc") == config.flags.end()) {
    return std::vector<std::string>{};
  }
  return compiler_own_include_directories(config.executable, config.include_directories_file);
}

Result<pid_t> spawn_compiler(const CompilerConfig& config, const CompileJob& job,
                             const std::vector<std::string>& system_directories,
                             const RunningCompile& running) {
  std::vector<std::string> args = {config.executable};
  args.insert(args.end(), config.flags.begin(), config.flags.end());
  // The unit's directory holds the headers shipped with the kernel; headers
  // that include each other by their path from the kernel's directory (as
  // TTNN's kernel_lib headers do from tt-metal's root) find them there.
  const std::string unit_directory = job.unit_path.substr(0, job.unit_path.rfind('/') + 1);
  if (!unit_directory.empty()) args.insert(args.end(), {"-iquote", unit_directory});
  args.insert(args.end(), {"-I", job.include_directory});
  if (!system_directories.empty()) {
    for (const std::string& directory : system_directories) {
      args.insert(args.end(), {"-isystem", directory});
    }
    args.insert(args.end(),
                {"-isystem", job.include_directory + "/" + std::string(kFreestandingHeaderFolder)});
  }
  args.insert(args.end(), {"-o", running.temp_output, "-x", "c++", job.unit_path});
  args.insert(args.end(), config.libraries.begin(), config.libraries.end());
  std::vector<char*> argv;
  for (std::string& arg : args) argv.push_back(arg.data());
  argv.push_back(nullptr);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, running.log_path.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
  pid_t pid = 0;
  const int error =
      posix_spawn(&pid, config.executable.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (error != 0) {
    return make_error(ErrorCode::kIo, "cannot start the kernel compiler ", config.executable,
                      " for kernel '", job.kernel_name, "': ", std::strerror(error));
  }
  limit_compiler(pid);
  return pid;
}

// Turns a finished compiler process into the job's outcome.
Status finish_compile(const CompileJob& job, const RunningCompile& running,
                      const std::vector<std::string>& system_directories, int wait_status,
                      bool timed_out) {
  const std::string log = read_all(running.log_path);
  unlink(running.log_path.c_str());
  if (timed_out || (WIFSIGNALED(wait_status) &&
                    (WTERMSIG(wait_status) == SIGXCPU || WTERMSIG(wait_status) == SIGKILL))) {
    unlink(running.temp_output.c_str());
    return make_error(ErrorCode::kInvalidArgument, "kernel '", job.kernel_name,
                      "' did not compile within ", kCompileSeconds,
                      " s and was stopped (a preprocessor or template bomb?)");
  }
  if (WIFSIGNALED(wait_status) && WTERMSIG(wait_status) == SIGXFSZ) {
    unlink(running.temp_output.c_str());
    return make_error(ErrorCode::kInvalidArgument, "kernel '", job.kernel_name,
                      "' compiled to more than ", kCompilerOutputBytes >> 20,
                      " MiB of output and was stopped");
  }
  if (wait_status == -1 || !WIFEXITED(wait_status) || WEXITSTATUS(wait_status) != 0) {
    unlink(running.temp_output.c_str());
    if (auto refused = describe_refused_header(log, job.kernel_name, system_directories)) {
      return make_error(ErrorCode::kInvalidArgument, *refused, "\ncompiler output:\n", log);
    }
    return make_error(ErrorCode::kInvalidArgument, "kernel '", job.kernel_name,
                      "' failed to compile:\n", log);
  }
  if (rename(running.temp_output.c_str(), job.output_path.c_str()) != 0) {
    const int error = errno;
    unlink(running.temp_output.c_str());
    return make_error(ErrorCode::kIo, "cannot move compiled kernel '", job.kernel_name, "' to ",
                      job.output_path, ": ", std::strerror(error));
  }
  return ok_status();
}

// TESSERA_CXX may name a compiler the way a shell would ("clang++"): the
// compiler is started and identified by its path, so look the name up once.
std::string resolve_on_path(const std::string& name) {
  if (name.find('/') != std::string::npos) return name;
  const char* path = std::getenv("PATH");
  std::istringstream directories(path != nullptr ? path : "");
  std::string directory;
  while (std::getline(directories, directory, ':')) {
    if (directory.empty()) continue;
    const std::string candidate = directory + "/" + name;
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return name;
}

}  // namespace

CompilerConfig default_compiler_config() {
  CompilerConfig config;
  const char* override_cxx = std::getenv("TESSERA_CXX");
  config.executable = override_cxx != nullptr && override_cxx[0] != '\0'
                          ? resolve_on_path(override_cxx)
                          : TESSERA_HOST_CXX;
  // -O1: kernel code is mostly loops around host calls (NoC copies and
  // tile math run in the simulator), so -O2 buys little at run time but
  // costs ~25% more compile time. Exceptions and RTTI are off: kernel code
  // never throws (host callbacks end a fiber without unwinding through it).
  // -nostdinc: kernels see the kernel API and the compiler's own headers
  // only, never the host's C library (compiler_search_path.h).
  // -nostdlib: the kernel ABI and the few C functions a kernel may call
  // (kernel_object_check.h) resolve in the process that loads the kernel,
  // so linking against the C library and start files buys nothing and
  // costs a third of a cold compile. libgcc stays for the arithmetic
  // helpers the compiler itself calls (128-bit division, popcount).
  config.flags = {"-std=c++20",
                  "-nostdinc",
                  "-O1",
                  "-fPIC",
                  "-shared",
                  "-nostdlib",
                  "-fvisibility=hidden",
                  "-fno-exceptions",
                  "-fno-rtti",
                  "-g0",
                  "-fdiagnostics-color=never"};
  config.libraries = {"-lgcc"};
  return config;
}

Result<std::string> compiler_identity(const CompilerConfig& config) {
  char resolved[4096];
  std::string path = config.executable;
  if (realpath(config.executable.c_str(), resolved) != nullptr) path = resolved;
  struct stat info {};
  if (stat(path.c_str(), &info) != 0) {
    return make_error(ErrorCode::kNotFound, "kernel compiler ", config.executable,
                      " not found: ", std::strerror(errno));
  }
  std::ostringstream identity;
  identity << path << " size " << info.st_size << " mtime " << info.st_mtim.tv_sec << "."
           << info.st_mtim.tv_nsec;
  return identity.str();
}

std::vector<Status> compile_kernels(const CompilerConfig& config,
                                    const std::vector<CompileJob>& jobs) {
  std::vector<Status> results(jobs.size());
  if (jobs.empty()) return results;
  const Result<std::vector<std::string>> system_directories = system_include_directories(config);
  if (!system_directories.ok()) {
    for (Status& result : results) result = system_directories.status();
    return results;
  }
  std::size_t limit = config.max_parallel;
  if (limit == 0) limit = std::max(1u, std::thread::hardware_concurrency());
  limit = std::min(limit, jobs.size());

  // Each thread runs one compiler process at a time and waits for that pid
  // only, so children started elsewhere in the process are never reaped.
  std::atomic<std::size_t> next{0};
  auto compile_some = [&] {
    for (std::size_t index = next++; index < jobs.size(); index = next++) {
      const CompileJob& job = jobs[index];
      if (Status sized = check_unit_size(job); !sized.ok()) {
        results[index] = sized;
        continue;
      }
      RunningCompile compile{unique_temp_path(job.output_path + ".log"),
                             unique_temp_path(job.output_path)};
      Result<pid_t> pid = spawn_compiler(config, job, *system_directories, compile);
      if (!pid.ok()) {
        results[index] = pid.status();
        continue;
      }
      bool timed_out = false;
      const int wait_status = wait_for_compiler(*pid, timed_out);
      results[index] = finish_compile(job, compile, *system_directories, wait_status, timed_out);
    }
  };
  std::vector<std::thread> threads;
  for (std::size_t i = 1; i < limit; ++i) threads.emplace_back(compile_some);
  compile_some();
  for (std::thread& thread : threads) thread.join();
  return results;
}

}  // namespace tessera::sim
