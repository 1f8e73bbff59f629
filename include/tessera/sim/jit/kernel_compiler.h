// Runs the host C++ compiler on kernel translation units, one process per
// kernel, several at once.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "tessera/base/status.h"

namespace tessera::sim {

struct CompilerConfig {
  // The compiler CMake built tessera with, unless $TESSERA_CXX overrides.
  std::string executable{};
  std::vector<std::string> flags{};      // see default_compiler_config()
  std::vector<std::string> libraries{};  // linked after the unit (-lgcc)
  std::size_t max_parallel = 0;          // 0: one per hardware thread
  // Where the compiler's own include directories are remembered between
  // processes (compiler_search_path.h); empty: asked once per process.
  std::string include_directories_file{};
};

// The build's compiler with flags for kernels: -std=c++20 -nostdinc -O1
// -fPIC -shared -nostdlib -fvisibility=hidden -fno-exceptions -fno-rtti,
// linking libgcc only. With
// -nostdinc among the flags, compiles search the kernel API, then the
// compiler's own headers, then tessera's freestanding C headers.
CompilerConfig default_compiler_config();

// Identifies the compiler binary (path, size, mtime) for cache keys.
Result<std::string> compiler_identity(const CompilerConfig& config);

struct CompileJob {
  std::string kernel_name;        // for errors
  std::string unit_path;          // the translation unit to compile
  std::string output_path;        // where the shared object goes
  std::string include_directory;  // the kernel API headers
};

// Compiles every job, at most config.max_parallel at a time. Each result
// is ok or an Error naming the kernel with the compiler's messages.
std::vector<Status> compile_kernels(const CompilerConfig& config,
                                    const std::vector<CompileJob>& jobs);

}  // namespace tessera::sim
