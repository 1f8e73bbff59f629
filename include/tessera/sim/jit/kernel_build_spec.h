// Everything that decides how one kernel source is compiled: the inputs the
// device toolchain would turn into defines.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace tessera::sim {

enum class KernelProcessor : std::uint8_t {
  kDataMovement0,  // BRISC (RISCV_0), usually the writer
  kDataMovement1,  // NCRISC (RISCV_1), usually the reader
  kCompute,        // the three TRISCs, run as one fiber
};

const char* processor_name(KernelProcessor processor);

struct KernelBuildSpec {
  // Shown in diagnostics and errors, e.g. "reader_unary_interleaved.cpp".
  std::string name;
  std::string source;
  KernelProcessor processor = KernelProcessor::kDataMovement0;
  std::uint8_t noc_index = 0;
  // "grayskull", "wormhole_b0" or "blackhole": defines ARCH_GRAYSKULL...
  std::string arch = "wormhole_b0";
  std::vector<std::uint32_t> compile_args;  // get_compile_time_arg_val(i)
  std::vector<std::pair<std::string, std::uint32_t>> named_compile_args;
  std::vector<std::pair<std::string, std::string>> defines;  // the kernel's own
  // Defines the device would derive (CB data formats, DRAM/L1 bank counts,
  // ...), supplied by the caller that knows the device and program.
  std::vector<std::pair<std::string, std::string>> toolchain_defines;
  // Headers shipped with the kernel (path relative to the kernel, content),
  // found by its `#include "path"` as if they sat beside it: tt-metal's
  // kernel_lib/*.hpp, eltwise_utils.hpp...
  std::vector<std::pair<std::string, std::string>> headers;
};

// A content hash of every field of `spec` (32 hex digits): equal specs give
// equal fingerprints, so a kernel cache can remember a spec's key without
// building its translation unit again on every run.
std::string fingerprint(const KernelBuildSpec& spec);

}  // namespace tessera::sim
