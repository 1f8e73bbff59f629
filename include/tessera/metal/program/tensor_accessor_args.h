// The host half of TensorAccessorArgs: a buffer's layout as compile-time
// args (and, for the parts marked runtime, common runtime args) for a
// kernel's TensorAccessor (api/dataflow/tensor_accessor.h), word for word
// as tt-metal lays them out, so a kernel that indexes the compile-time
// args after the accessor's by hand sees what it would on tt-metal:
//   interleaved: [config, aligned page size]
//   sharded:     [config, aligned page size, rank, number of banks,
//                 tensor shape in pages (rank words), shard shape in pages
//                 (rank words), bank NoC coordinates two to a word]
// Runtime flags move rank / banks / shapes / coordinates (in that order),
// or an interleaved tensor's page size, to the common runtime args.
//
// tessera's sharded buffers hold one shard per core: the banks are the
// cores (or DRAM channels, as {channel, 0}) in shard order, so tt-metal's
// round-robin placement of shard i on bank i % banks is the buffer's.
#pragma once

#include <cstdint>
#include <vector>

#include "tessera/base/status.h"
#include "tessera/metal/buffer.h"

namespace tessera::metal {

// tt-metal's tensor_accessor::ArgConfig bits (the config word).
enum class TensorAccessorArg : uint32_t {
  kNone = 0,
  kSharded = 1u << 0,
  kIsDram = 1u << 1,
  kRuntimeRank = 1u << 2,
  kRuntimeNumBanks = 1u << 3,
  kRuntimeTensorShape = 1u << 4,
  kRuntimeShardShape = 1u << 5,
  kRuntimeBankCoords = 1u << 6,
  kRuntimePageSize = 1u << 7,
};

constexpr uint32_t operator|(TensorAccessorArg a, TensorAccessorArg b) {
  return static_cast<uint32_t>(a) | static_cast<uint32_t>(b);
}
constexpr uint32_t operator|(uint32_t a, TensorAccessorArg b) {
  return a | static_cast<uint32_t>(b);
}

class TensorAccessorArgs {
 public:
  // `runtime`: TensorAccessorArg runtime bits, or-ed. A buffer whose layout
  // cannot be described (its device closed, a combination tt-metal
  // forbids) leaves status() an error and appends the config word alone.
  explicit TensorAccessorArgs(const Buffer& buffer, uint32_t runtime = 0);

  // Appends the compile-time words; status() must be ok and nothing may be
  // runtime, as tt-metal requires of this form.
  void append_to(std::vector<uint32_t>& compile_time_args) const;
  void append_to(std::vector<uint32_t>& compile_time_args,
                 std::vector<uint32_t>& common_runtime_args) const;

  const std::vector<uint32_t>& compile_time_args() const { return compile_time_; }
  const std::vector<uint32_t>& common_runtime_args() const { return common_runtime_; }
  uint32_t config() const { return compile_time_.front(); }
  const Status& status() const { return status_; }

 private:
  std::vector<uint32_t> compile_time_;
  std::vector<uint32_t> common_runtime_;
  Status status_;
};

}  // namespace tessera::metal
