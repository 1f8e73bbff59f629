// The device process sandbox, entered by a forked child of the test: files
// outside the readable directory, sockets, processes and signals to other
// processes are out of reach; threads, memory and the readable directory
// still work. Each check runs in its own child, which reports by exit code.
#include "tessera/sim/isolation/sandbox.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <thread>

namespace tessera::sim {
namespace {

namespace fs = std::filesystem;

constexpr int kAllowed = 10;  // the operation succeeded
constexpr int kRefused = 20;  // it failed with an error
constexpr int kTrapped = 30;  // it raised SIGSYS
constexpr int kNoSandbox = 40;

void on_sigsys(int) {
  _exit(kTrapped);
}

// Runs `operation` in a sandboxed child; returns its exit code.
int in_sandbox(const SandboxPolicy& policy, const std::function<bool()>& operation) {
  const pid_t child = fork();
  if (child == 0) {
    signal(SIGSYS, on_sigsys);
    if (!enter_sandbox(policy).ok()) _exit(kNoSandbox);
    _exit(operation() ? kAllowed : kRefused);
  }
  int status = 0;
  waitpid(child, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 100 + WTERMSIG(status);
}

class SandboxTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (sandbox_support().landlock_abi == 0) GTEST_SKIP() << sandbox_support().describe();
    root = fs::temp_directory_path() / ("tessera-sandbox-" + std::to_string(getpid()));
    fs::create_directories(root / "kernels");
    fs::create_directories(root / "outside");
    std::ofstream(root / "kernels/object.so") << "allowed";
    std::ofstream(root / "outside/secret") << "secret";
    policy.readable_directory = (root / "kernels").string();
  }
  void TearDown() override {
    std::error_code ignored;
    fs::remove_all(root, ignored);
  }

  fs::path root;
  SandboxPolicy policy;
};

TEST_F(SandboxTest, ReadsBeneathTheReadableDirectoryOnly) {
  const std::string allowed = (root / "kernels/object.so").string();
  const std::string secret = (root / "outside/secret").string();
  EXPECT_EQ(in_sandbox(policy, [&] { return open(allowed.c_str(), O_RDONLY) >= 0; }), kAllowed);
  EXPECT_EQ(in_sandbox(policy, [&] { return open(secret.c_str(), O_RDONLY) >= 0; }), kRefused);
  EXPECT_EQ(in_sandbox(policy, [&] { return open("/etc/passwd", O_RDONLY) >= 0; }), kRefused);
  EXPECT_EQ(in_sandbox(policy, [&] { return open(allowed.c_str(), O_WRONLY) >= 0; }), kRefused);
  const std::string created = (root / "kernels/new").string();
  EXPECT_EQ(
      in_sandbox(policy, [&] { return open(created.c_str(), O_CREAT | O_WRONLY, 0644) >= 0; }),
      kRefused);
  EXPECT_FALSE(fs::exists(created));
}

TEST_F(SandboxTest, SocketsProcessesAndForeignSignalsAreTrapped) {
  EXPECT_EQ(in_sandbox(policy, [] { return socket(AF_INET, SOCK_STREAM, 0) >= 0; }), kTrapped);
  EXPECT_EQ(in_sandbox(policy, [] { return socket(AF_UNIX, SOCK_STREAM, 0) >= 0; }), kTrapped);
  EXPECT_EQ(in_sandbox(policy, [] { return fork() >= 0; }), kTrapped);
  EXPECT_EQ(in_sandbox(policy,
                       [] {
                         char* argv[] = {nullptr};
                         return execve("/bin/true", argv, argv) == 0;
                       }),
            kTrapped);
  const pid_t parent = getpid();
  EXPECT_EQ(in_sandbox(policy, [parent] { return kill(parent, SIGTERM) == 0; }), kTrapped);
}

TEST_F(SandboxTest, ThreadsMemoryAndPipesStillWork) {
  int pipe_fds[2];
  ASSERT_EQ(pipe(pipe_fds), 0);
  EXPECT_EQ(in_sandbox(policy,
                       [&] {
                         int value = 0;
                         std::thread worker([&] { value = 42; });
                         worker.join();
                         std::vector<char> memory(64 << 20, 1);
                         return value == 42 && memory.back() == 1 &&
                                write(pipe_fds[1], "x", 1) == 1;
                       }),
            kAllowed);
  char byte = 0;
  EXPECT_EQ(read(pipe_fds[0], &byte, 1), 1);
  close(pipe_fds[0]);
  close(pipe_fds[1]);
}

TEST_F(SandboxTest, TheAddressSpaceLimitBoundsAllocations) {
  policy.address_space_bytes = uint64_t{1} << 30;
  EXPECT_EQ(in_sandbox(policy, [] { return std::malloc(size_t{4} << 30) != nullptr; }), kRefused);
}

// The "Speculation_*" lines of /proc/<pid>/status.
std::string speculation_status(pid_t pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string line, lines;
  while (std::getline(status, line)) {
    if (line.starts_with("Speculation")) lines += line + "\n";
  }
  return lines;
}

// Entering the sandbox leaves the process's speculation mitigations as they
// were: kernels that force them on filtered processes (before 5.16, or with
// spec_store_bypass_disable=seccomp) would otherwise show "force mitigated".
// Where the CPU or kernel has no such mitigation the lines match either way.
TEST_F(SandboxTest, TheFilterLeavesSpeculationMitigationsAsTheyWere) {
  int entered[2], release[2];
  ASSERT_EQ(pipe(entered), 0);
  ASSERT_EQ(pipe(release), 0);
  const pid_t child = fork();
  if (child == 0) {
    char byte = enter_sandbox(policy).ok() ? 'y' : 'n';
    if (write(entered[1], &byte, 1) != 1) _exit(kRefused);
    _exit(read(release[0], &byte, 1) == 1 ? kAllowed : kRefused);
  }
  char byte = 0;
  ASSERT_EQ(read(entered[0], &byte, 1), 1);
  const std::string sandboxed = speculation_status(child);
  EXPECT_EQ(write(release[1], "x", 1), 1);
  int status = 0;
  waitpid(child, &status, 0);
  for (int fd : {entered[0], entered[1], release[0], release[1]}) close(fd);
  ASSERT_EQ(byte, 'y');
  EXPECT_EQ(sandboxed, speculation_status(getpid()));
  EXPECT_EQ(sandboxed.find("force mitigated"), std::string::npos) << sandboxed;
}

TEST(SandboxNamesTest, SystemCallsHaveNames) {
  EXPECT_EQ(system_call_name(SYS_socket), "socket");
  EXPECT_EQ(system_call_name(SYS_openat), "openat");
  EXPECT_EQ(system_call_name(99999), "system call 99999");
}

}  // namespace
}  // namespace tessera::sim
