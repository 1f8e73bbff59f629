// How a kernel is built and where it runs on a core (tt-metal's
// DataMovementConfig and ComputeConfig).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace tessera::metal {

enum class DataMovementProcessor { RISCV_0, RISCV_1 };
enum class NOC { NOC_0, NOC_1 };
enum class MathFidelity { LoFi = 0, HiFi2 = 2, HiFi3 = 3, HiFi4 = 4 };

struct DataMovementConfig {
  DataMovementProcessor processor = DataMovementProcessor::RISCV_0;
  NOC noc = NOC::NOC_0;
  std::vector<uint32_t> compile_args{};
  std::vector<std::pair<std::string, uint32_t>> named_compile_args{};
  std::map<std::string, std::string> defines{};
};

// tt-metal's ReaderDataMovementConfig / WriterDataMovementConfig.
inline DataMovementConfig reader_config(std::vector<uint32_t> compile_args = {}) {
  return {DataMovementProcessor::RISCV_1, NOC::NOC_1, std::move(compile_args), {}, {}};
}
inline DataMovementConfig writer_config(std::vector<uint32_t> compile_args = {}) {
  return {DataMovementProcessor::RISCV_0, NOC::NOC_0, std::move(compile_args), {}, {}};
}

struct ComputeConfig {
  MathFidelity math_fidelity = MathFidelity::HiFi4;
  bool fp32_dest_acc_en = false;
  bool dst_full_sync_en = false;  // all 16 (or 8) Dst tiles, no double buffering
  bool math_approx_mode = false;
  std::vector<uint32_t> compile_args{};
  std::vector<std::pair<std::string, uint32_t>> named_compile_args{};
  std::map<std::string, std::string> defines{};
};

using KernelConfig = std::variant<DataMovementConfig, ComputeConfig>;

}  // namespace tessera::metal
