// What one op lowers to: the kernels, circular buffers and semaphores of one
// EnqueueProgram, in terms of the lowered program's device buffers.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "flatbuffer/tensor_layout.h"
#include "tessera/builder/address_assignment.h"
#include "tessera/builder/graph.h"
#include "tessera/format/generated.h"
#include "tessera/sim/arch/chip_descriptor.h"

namespace tessera::builder::metal_lowering {

// A device buffer: a graph tensor, or scratch of one op.
struct Buffer {
  uint32_t global_id = 0;
  TensorNode node;
  DeviceLayout layout;
  LiveRange live;
  uint64_t address = 0;
};

// One 32-bit kernel argument as the lowering means it. The 2024 layout
// writes every argument as its value; the current layout names where a
// value comes from (a buffer's address, a CB's port, a semaphore).
struct KernelArg {
  enum class Kind { kLiteral, kBufferAddress, kCbPort, kSemaphore };
  Kind kind = Kind::kLiteral;
  std::string name;                // a literal: what it is
  uint32_t value = 0;              // a literal; a CB port; a program semaphore's index
  const Buffer* buffer = nullptr;  // kBufferAddress
  bool operator==(const KernelArg&) const = default;
};

inline KernelArg literal(std::string name, uint64_t value) {
  return {KernelArg::Kind::kLiteral, std::move(name), static_cast<uint32_t>(value), nullptr};
}
inline KernelArg address_of(const Buffer& buffer) {
  return {KernelArg::Kind::kBufferAddress, {}, 0, &buffer};
}
inline KernelArg cb_port(uint32_t port) {
  return {KernelArg::Kind::kCbPort, {}, port, nullptr};
}
inline KernelArg semaphore(uint32_t index) {
  return {KernelArg::Kind::kSemaphore, {}, index, nullptr};
}

struct CoreArgs {
  int y = 0, x = 0;  // logical core
  std::vector<KernelArg> args;
};

struct KernelSpec {
  std::string name;
  std::string_view source;
  tt::target::metal::SourceType type = tt::target::metal::SourceType::Noc0;
  std::vector<KernelArg> compile_args;  // literals
  std::vector<std::pair<std::string, std::string>> defines;
  std::vector<KernelArg> common_args;
  std::vector<CoreArgs> core_args;  // per core; cores without an entry get none
};

// CB `port` bound to `buffer`'s shard on every core of the program.
struct CbSpec {
  uint32_t port = 0;
  const Buffer* buffer = nullptr;
  uint64_t page_bytes = 0;
  uint64_t pages = 0;
};

struct ProgramSpec {
  int grid_y = 1, grid_x = 1;  // the program's cores, from (0, 0)
  std::vector<KernelSpec> kernels;
  std::vector<CbSpec> cbs;
  int semaphores = 0;  // each starts at 0 on every core; one kernel uses each
};

// What an op lowering sees: its buffers, already placed.
struct OpBuffers {
  const Graph& graph;
  const OpNode& op;
  const sim::ChipDescriptor& chip;
  std::vector<const Buffer*> inputs;
  const Buffer* output = nullptr;
  std::vector<const Buffer*> scratch;
};

constexpr uint32_t kCbIn0 = 0;
constexpr uint32_t kCbIn1 = 1;
constexpr uint32_t kCbIn2 = 2;
constexpr uint32_t kCbOut0 = 16;
constexpr uint32_t kCbIntermediate0 = 24;
constexpr uint32_t kCbIntermediate1 = 25;
constexpr uint32_t kCbIntermediate2 = 26;

// Per-op lowerings (one file each).
Result<ProgramSpec> lower_eltwise(const OpBuffers& op);
Result<ProgramSpec> lower_tilize_untilize(const OpBuffers& op);
Result<ProgramSpec> lower_reblock(const OpBuffers& op);
Result<ProgramSpec> lower_matmul(const OpBuffers& op);
Result<ProgramSpec> lower_softmax(const OpBuffers& op);
Result<ProgramSpec> lower_dram_move(const OpBuffers& op);
Result<ProgramSpec> lower_reduce(const OpBuffers& op);
// Scratch buffers an op needs while it runs, in the order its lowering
// expects them in OpBuffers::scratch.
Result<std::vector<TensorNode>> matmul_scratch(const Graph& graph, const OpNode& op);
Result<std::vector<TensorNode>> softmax_scratch(const Graph& graph, const OpNode& op);
Result<std::vector<TensorNode>> reduce_scratch(const Graph& graph, const OpNode& op);
// `tiles` tiles of L1 on every core of a grid_y x grid_x grid.
TensorNode scratch_tiles(const std::string& name, tt::target::DataType type, int grid_y, int grid_x,
                         int64_t tiles);

// The shared reader / writer pair for operands resident in L1.
KernelSpec shard_push_kernel(const std::vector<CbSpec>& cbs);
KernelSpec shard_wait_kernel(const CbSpec& cb);
// shard_push that first fills `scaler`'s tile with a float32 value.
KernelSpec shard_push_scaler_kernel(const CbSpec& scaler, float value,
                                    const std::vector<CbSpec>& cbs);

}  // namespace tessera::builder::metal_lowering
