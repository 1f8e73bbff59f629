#include "tessera/sim/jit/kernel_object_check.h"

#include <cxxabi.h>
#include <elf.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
#include <string_view>
#include <vector>

extern char** environ;

namespace tessera::sim {
namespace {

// Symbols a kernel object may leave to the loader: thread-local storage,
// the C runtime's start files, and the pure functions a compiler may call
// for copies and scalar math. None of them reaches files, processes,
// sockets or memory management.
const std::set<std::string_view>& allowed_symbols() {
  static const std::set<std::string_view> symbols = {"__tls_get_addr",
                                                     "__cxa_finalize",
                                                     "__gmon_start__",
                                                     "_ITM_deregisterTMCloneTable",
                                                     "_ITM_registerTMCloneTable",
                                                     "__stack_chk_fail",
                                                     "memcpy",
                                                     "memmove",
                                                     "memset",
                                                     "memcmp",
                                                     "sqrtf",
                                                     "sqrt",
                                                     "expf",
                                                     "exp",
                                                     "exp2f",
                                                     "logf",
                                                     "log",
                                                     "log2f",
                                                     "log10f",
                                                     "powf",
                                                     "pow",
                                                     "sinf",
                                                     "cosf",
                                                     "tanf",
                                                     "tanhf",
                                                     "atanf",
                                                     "asinf",
                                                     "acosf",
                                                     "erff",
                                                     "erfcf",
                                                     "fabsf",
                                                     "floorf",
                                                     "ceilf",
                                                     "roundf",
                                                     "truncf",
                                                     "fmodf",
                                                     "fmaxf",
                                                     "fminf",
                                                     "ldexpf",
                                                     "frexpf",
                                                     "expm1f",
                                                     "log1pf",
                                                     "cbrtf",
                                                     "hypotf",
                                                     "atan2f",
                                                     "sinhf",
                                                     "coshf",
                                                     "asinhf",
                                                     "acoshf",
                                                     "atanhf",
                                                     "rintf",
                                                     "nearbyintf",
                                                     "lroundf",
                                                     "lrintf"};
  return symbols;
}

struct ElfView {
  std::vector<uint8_t> bytes;

  template <typename T>
  const T* at(uint64_t offset, uint64_t count = 1) const {
    if (offset > bytes.size() || count > (bytes.size() - offset) / sizeof(T)) return nullptr;
    return reinterpret_cast<const T*>(bytes.data() + offset);
  }
};

Error malformed(const std::string& kernel, const char* why) {
  return make_error(ErrorCode::kInternal, "compiled kernel '", kernel, "' is not an ELF object ",
                    "tessera can check (", why, ")");
}

// The undefined symbols of the object's dynamic symbol table.
Result<std::vector<std::string>> undefined_symbols(const ElfView& elf, const std::string& kernel) {
  const auto* header = elf.at<Elf64_Ehdr>(0);
  if (!header || std::memcmp(header->e_ident, ELFMAG, SELFMAG) != 0 ||
      header->e_ident[EI_CLASS] != ELFCLASS64) {
    return malformed(kernel, "no 64-bit ELF header");
  }
  const auto* sections = elf.at<Elf64_Shdr>(header->e_shoff, header->e_shnum);
  if (!sections) return malformed(kernel, "section headers out of bounds");
  std::vector<std::string> names;
  for (uint16_t i = 0; i < header->e_shnum; ++i) {
    if (sections[i].sh_type != SHT_DYNSYM) continue;
    if (sections[i].sh_link >= header->e_shnum || sections[i].sh_entsize != sizeof(Elf64_Sym)) {
      return malformed(kernel, "bad dynamic symbol table");
    }
    const Elf64_Shdr& strings = sections[sections[i].sh_link];
    const auto* symbols =
        elf.at<Elf64_Sym>(sections[i].sh_offset, sections[i].sh_size / sizeof(Elf64_Sym));
    const char* text = elf.at<char>(strings.sh_offset, strings.sh_size);
    if (!symbols || !text) return malformed(kernel, "symbol table out of bounds");
    for (uint64_t s = 1; s < sections[i].sh_size / sizeof(Elf64_Sym); ++s) {
      if (symbols[s].st_shndx != SHN_UNDEF || symbols[s].st_name >= strings.sh_size) continue;
      const char* name = text + symbols[s].st_name;
      names.emplace_back(name, strnlen(name, strings.sh_size - symbols[s].st_name));
    }
  }
  return names;
}

// Byte patterns of syscall (0f 05), sysenter (0f 34) and int $0x80 (cd 80)
// in executable segments. A match may be part of another instruction, so a
// match is only a reason to disassemble.
bool may_hold_system_calls(const ElfView& elf) {
  const auto* header = elf.at<Elf64_Ehdr>(0);
  const auto* segments = header ? elf.at<Elf64_Phdr>(header->e_phoff, header->e_phnum) : nullptr;
  if (!segments) return true;
  for (uint16_t i = 0; i < header->e_phnum; ++i) {
    if (segments[i].p_type != PT_LOAD || !(segments[i].p_flags & PF_X)) continue;
    const uint8_t* code = elf.at<uint8_t>(segments[i].p_offset, segments[i].p_filesz);
    if (!code) return true;
    for (uint64_t b = 0; b + 1 < segments[i].p_filesz; ++b) {
      if ((code[b] == 0x0f && (code[b + 1] == 0x05 || code[b + 1] == 0x34)) ||
          (code[b] == 0xcd && code[b + 1] == 0x80)) {
        return true;
      }
    }
  }
  return false;
}

// Disassembles with objdump and returns the first system-call instruction
// line, or an empty string. Errors if objdump cannot run.
Result<std::string> system_call_line(const std::string& path) {
  int pipe_fds[2];
  if (pipe(pipe_fds) != 0) return make_error(ErrorCode::kIo, "cannot create a pipe for objdump");
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], STDOUT_FILENO);
  posix_spawn_file_actions_addclose(&actions, pipe_fds[0]);
  std::vector<std::string> args = {"objdump", "-d", "--no-show-raw-insn", path};
  std::vector<char*> argv;
  for (std::string& arg : args) argv.push_back(arg.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  const int error = posix_spawnp(&pid, "objdump", &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(pipe_fds[1]);
  if (error != 0) {
    close(pipe_fds[0]);
    return make_error(ErrorCode::kIo, "cannot run objdump to check a kernel for system calls: ",
                      std::strerror(error));
  }
  std::string output;
  std::array<char, 4096> chunk;
  for (ssize_t got; (got = read(pipe_fds[0], chunk.data(), chunk.size())) != 0;) {
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) break;
    output.append(chunk.data(), static_cast<size_t>(got));
  }
  close(pipe_fds[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  std::istringstream lines(output);
  for (std::string line; std::getline(lines, line);) {
    for (std::string_view mnemonic : {"\tsyscall", "\tsysenter", "\tint    $0x80"}) {
      if (line.find(mnemonic) != std::string::npos) return line;
    }
  }
  return std::string();
}

// "std::terminate()" for "_ZSt9terminatev"; C names stay as they are.
std::string readable(const std::string& symbol) {
  int status = 0;
  char* demangled = abi::__cxa_demangle(symbol.c_str(), nullptr, nullptr, &status);
  std::string name = status == 0 && demangled ? demangled : symbol;
  std::free(demangled);
  return name;
}

}  // namespace

Status check_kernel_object(const std::string& path, const std::string& kernel_name,
                           KernelObjectScan scan) {
  std::ifstream file(path, std::ios::binary);
  ElfView elf{std::vector<uint8_t>((std::istreambuf_iterator<char>(file)),
                                   std::istreambuf_iterator<char>())};
  TESSERA_ASSIGN_OR_RETURN(std::vector<std::string> undefined, undefined_symbols(elf, kernel_name));
  std::vector<std::string> refused;
  for (const std::string& name : undefined) {
    if (!allowed_symbols().count(name)) refused.push_back(name);
  }
  if (!refused.empty()) {
    std::sort(refused.begin(), refused.end());
    std::string list;
    for (const std::string& name : refused) list += (list.empty() ? "" : ", ") + readable(name);
    return make_error(ErrorCode::kInvalidArgument, "kernel '", kernel_name,
                      "' uses symbols outside the kernel API: ", list,
                      ". Kernels reach the device only through the kernel API headers; the host's "
                      "C library, threads and system calls are not available to them");
  }
  if (scan == KernelObjectScan::kFull && may_hold_system_calls(elf)) {
    TESSERA_ASSIGN_OR_RETURN(std::string line, system_call_line(path));
    if (!line.empty()) {
      return make_error(ErrorCode::kInvalidArgument, "kernel '", kernel_name,
                        "' contains a system-call instruction (", line.substr(line.find('\t') + 1),
                        "): kernels cannot make system calls");
    }
  }
  return ok_status();
}

}  // namespace tessera::sim
