// End-to-end: kernels that try to reach the host, or die, in one `tessera run`
// directory with good binaries around them. Each hostile binary fails with
// an error that says why, nothing on the host changes (no probe file), and
// the good binaries still pass, on the isolated device and in-process. A
// device process killed from outside fails only the binary it was running.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <sstream>
#include <thread>

#include "../support/cli_runner.h"
#include "../support/metal_program_builder.h"

namespace tessera::testing {
namespace {

using ::testing::ContainsRegex;
using ::testing::HasSubstr;
namespace fs = std::filesystem;

struct Hostile {
  const char* name;
  const char* includes;
  std::string body;  // the body of kernel_main; PROBE is the probe file's path
  const char* expected;
};

std::string kernel_source(const Hostile& hostile, const fs::path& probe) {
  std::string body = hostile.body;
  for (size_t at; (at = body.find("PROBE")) != std::string::npos;) {
    body.replace(at, 5, "\"" + probe.string() + "\"");
  }
  return std::string("#include <cstdint>\n") + hostile.includes +
         "\n#include \"dataflow_api.h\"\n\n" + "void kernel_main() {\n" + body + "\n}\n";
}

std::vector<uint8_t> binary_with_reader(const std::string& source) {
  MetalProgramBuilder program;
  program.reader_program(0, source);
  program.finish(0);
  return program.build({}, {}, "hostile");
}

// Both devices: the isolated one (the default) and in-process.
class RunHostileKernelsTest : public ::testing::TestWithParam<std::string> {};

TEST_P(RunHostileKernelsTest, KernelsCannotReachTheHostOrTakeTheRunDown) {
  TempDir dir;
  fs::create_directories(dir / "binaries");
  const std::vector<Hostile> hostile = {
      // The host's headers are refused at compile time; a kernel that
      // declares the functions itself meets the link check.
      {"fopen", "#include <cstdio>",
       "FILE* f = fopen(PROBE, \"w\"); if (f) { fputs(\"x\", f); fclose(f); }",
       "includes <cstdio> (cq0_program_reader0:2), which needs <stdio.h> from the host's C "
       "library"},
      {"system", "#include <cstdlib>", "system(\"touch \" PROBE);",
       "uses symbols outside the kernel API: system"},
      {"fork", "extern \"C\" int fork(); extern \"C\" void _exit(int);",
       "if (fork() == 0) _exit(0);", "uses symbols outside the kernel API: _exit, fork"},
      {"socket", "#include <sys/socket.h>", "socket(AF_INET, SOCK_STREAM, 0);",
       "includes <sys/socket.h> (cq0_program_reader0:2), which is not a header kernels can use"},
      {"execve", "extern \"C\" int execve(const char*, char* const[], char* const[]);",
       "char* argv[] = {nullptr}; execve(\"/bin/true\", argv, argv);",
       "uses symbols outside the kernel API: execve"},
      {"abort", "#include <cstdlib>", "abort();", "uses symbols outside the kernel API: abort"},
      {"exit", "#include <cstdlib>", "exit(3);", "uses symbols outside the kernel API: exit"},
      {"terminate", "#include <exception>", "std::terminate();",
       "uses symbols outside the kernel API: std::terminate()"},
      {"malloc", "#include <cstdlib>",
       "volatile char* p = static_cast<char*>(malloc(10ull << 30)); if (p) p[0] = 1;",
       "uses symbols outside the kernel API: malloc"},
      {"raw_syscall", "",
       "long result; asm volatile(\"syscall\" : \"=a\"(result) : \"a\"(39L) : \"rcx\", \"r11\", "
       "\"memory\");",
       "contains a system-call instruction (syscall"},
      {"recursion", "",
       "struct Recurse { static uint32_t deeper(volatile uint32_t n) { volatile char pad[256]; "
       "pad[0] = static_cast<char>(n); return deeper(n + 1) + pad[0]; } }; "
       "Recurse::deeper(0);",
       "stack overflow"},
      {"wild_pointer", "", "*reinterpret_cast<volatile uint32_t*>(uintptr_t{0x10}) = 1;",
       "SIGSEGV"},
      // Never waits, never finishes: stopped after --stall-limit.
      {"endless_reads", "",
       "for (;;) noc_async_read(get_noc_addr(MEM_ZEROS_BASE), 0x30000, MEM_ZEROS_SIZE);",
       "stalled: ran 1 s without waiting or finishing"},
  };
  for (const Hostile& kernel : hostile) {
    write_bytes(
        dir / "binaries" / (std::string(kernel.name) + ".ttm"),
        binary_with_reader(kernel_source(kernel, dir / (std::string(kernel.name) + ".probe"))));
  }
  const fs::path examples = fs::path(TESSERA_BINARY_DIR) / "examples";
  for (const char* good : {"eltwise_multiply_64x128.ttm", "to_layout_64x128_device_io.ttm"}) {
    fs::copy_file(examples / good, dir / "binaries" / good);
  }
  CliResult result =
      run_cli({"run", "binaries", "--device", GetParam(), "--stall-limit", "1"}, dir.path());
  EXPECT_EQ(result.signal, 0);
  EXPECT_EQ(result.exit_code, 1) << result.out << result.err;
  EXPECT_THAT(result.out, ContainsRegex("PASS +binaries/eltwise_multiply_64x128\\.ttm "));
  EXPECT_THAT(result.out, ContainsRegex("PASS +binaries/to_layout_64x128_device_io\\.ttm "));
  EXPECT_THAT(result.out, HasSubstr("15 program(s): 2 passed, 0 failed, 13 error(s)"));
  for (const Hostile& kernel : hostile) {
    EXPECT_THAT(result.err, HasSubstr(std::string("binaries/") + kernel.name + ".ttm"));
    EXPECT_FALSE(fs::exists(dir / (std::string(kernel.name) + ".probe"))) << kernel.name;
    // The kernel's own error, on its own binary's line.
    std::string line;
    for (size_t at = result.err.find(std::string("binaries/") + kernel.name + ".ttm");
         at != std::string::npos;) {
      line = result.err.substr(at, result.err.find('\n', at) - at);
      break;
    }
    EXPECT_THAT(line, HasSubstr(kernel.expected)) << kernel.name;
  }
}

INSTANTIATE_TEST_SUITE_P(Devices, RunHostileKernelsTest, ::testing::Values("isolated", "inproc"));

// Ticks of CPU time `pid` has used (utime + stime of /proc/<pid>/stat).
long long cpu_ticks(pid_t pid) {
  std::string stat = read_text_file("/proc/" + std::to_string(pid) + "/stat");
  const size_t after_name = stat.rfind(')');
  if (after_name == std::string::npos) return -1;
  std::istringstream fields(stat.substr(after_name + 2));
  std::string field;
  long long utime = 0, stime = 0;
  for (int i = 0; i < 11 && fields >> field; ++i) {
  }
  fields >> utime >> stime;
  return utime + stime;
}

// The device process of the CLI `cli`: its child running tessera-device.
pid_t device_child(pid_t cli) {
  std::istringstream children(read_text_file("/proc/" + std::to_string(cli) + "/task/" +
                                             std::to_string(cli) + "/children"));
  for (pid_t child; children >> child;) {
    if (read_text_file("/proc/" + std::to_string(child) + "/comm").starts_with("tessera-device")) {
      return child;
    }
  }
  return -1;
}

TEST(RunDeviceProcessTest, ADeviceProcessKilledMidRunFailsItsBinaryAndTheRunGoesOn) {
  TempDir dir;
  fs::create_directories(dir / "binaries");
  write_bytes(
      dir / "binaries" / "a_spin.ttm",
      binary_with_reader("#include \"dataflow_api.h\"\n"
                         "void kernel_main() { for (volatile uint32_t i = 0;; i = i + 1) {} }\n"));
  const fs::path examples = fs::path(TESSERA_BINARY_DIR) / "examples";
  fs::copy_file(examples / "eltwise_multiply_64x128.ttm", dir / "binaries" / "b_multiply.ttm");
  // Killed once it has spun a second of CPU (well before the stall
  // watchdog), as a user or the out-of-memory killer would.
  bool killed = false;
  CliResult result = run_cli({"run", "binaries"}, dir.path(), [&killed](pid_t cli) {
    for (int tries = 0; tries < 1200 && !killed; ++tries) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      const pid_t device = device_child(cli);
      if (device > 0 && cpu_ticks(device) >= sysconf(_SC_CLK_TCK))
        killed = kill(device, SIGKILL) == 0;
    }
  });
  ASSERT_TRUE(killed) << result.out << result.err;
  EXPECT_EQ(result.signal, 0);
  EXPECT_EQ(result.exit_code, 1) << result.out << result.err;
  EXPECT_THAT(result.err, HasSubstr("the device process was killed by signal 9"));
  EXPECT_THAT(result.err, HasSubstr("kernel"));
  EXPECT_THAT(result.out, ContainsRegex("PASS +binaries/b_multiply\\.ttm "));
  EXPECT_THAT(result.out, HasSubstr("2 program(s): 1 passed, 0 failed, 1 error(s)"));
}

}  // namespace
}  // namespace tessera::testing
