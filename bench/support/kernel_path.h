// Where the kernel benchmarks find the program tests' kernel sources
// (tests/metal/program/kernels/, set by bench/CMakeLists.txt).
#pragma once

#include <string>

namespace tessera::bench {

inline std::string kernel_path(const char* file) {
  std::string path = TESSERA_KERNEL_DIR;
  path += file;
  return path;
}

}  // namespace tessera::bench
