#include "tessera/sim/jit/kernel_compiler.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <thread>

#include "atomic_file.h"

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

Result<pid_t> spawn_compiler(const CompilerConfig& config, const CompileJob& job,
                             const RunningCompile& running) {
  std::vector<std::string> args = {config.executable};
  args.insert(args.end(), config.flags.begin(), config.flags.end());
  args.insert(args.end(),
              {"-I", job.include_directory, "-o", running.temp_output, "-x", "c++", job.unit_path});
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
  return pid;
}

// Turns a finished compiler process into the job's outcome.
Status finish_compile(const CompileJob& job, const RunningCompile& running, int wait_status) {
  const std::string log = read_all(running.log_path);
  unlink(running.log_path.c_str());
  if (wait_status == -1 || !WIFEXITED(wait_status) || WEXITSTATUS(wait_status) != 0) {
    unlink(running.temp_output.c_str());
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

}  // namespace

CompilerConfig default_compiler_config() {
  CompilerConfig config;
  const char* override_cxx = std::getenv("TESSERA_CXX");
  config.executable =
      override_cxx != nullptr && override_cxx[0] != '\0' ? override_cxx : TESSERA_HOST_CXX;
  // -O1: kernel code is mostly loops around host calls (NoC copies and
  // tile math run in the simulator), so -O2 buys little at run time but
  // costs ~25% more compile time. Exceptions and RTTI are off: kernel code
  // never throws (host callbacks end a fiber without unwinding through it).
  config.flags = {"-std=c++20",
                  "-O1",
                  "-fPIC",
                  "-shared",
                  "-fvisibility=hidden",
                  "-fno-exceptions",
                  "-fno-rtti",
                  "-g0",
                  "-fdiagnostics-color=never"};
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
  std::size_t limit = config.max_parallel;
  if (limit == 0) limit = std::max(1u, std::thread::hardware_concurrency());
  limit = std::min(limit, jobs.size());

  // Each thread runs one compiler process at a time and waits for that pid
  // only, so children started elsewhere in the process are never reaped.
  std::atomic<std::size_t> next{0};
  auto compile_some = [&] {
    for (std::size_t index = next++; index < jobs.size(); index = next++) {
      const CompileJob& job = jobs[index];
      RunningCompile compile{unique_temp_path(job.output_path + ".log"),
                             unique_temp_path(job.output_path)};
      Result<pid_t> pid = spawn_compiler(config, job, compile);
      if (!pid.ok()) {
        results[index] = pid.status();
        continue;
      }
      int wait_status = 0;
      while (waitpid(*pid, &wait_status, 0) < 0) {
        if (errno == EINTR) continue;
        wait_status = -1;
        break;
      }
      results[index] = finish_compile(job, compile, wait_status);
    }
  };
  std::vector<std::thread> threads;
  for (std::size_t i = 1; i < limit; ++i) threads.emplace_back(compile_some);
  compile_some();
  for (std::thread& thread : threads) thread.join();
  return results;
}

}  // namespace tessera::sim
