// What a device buffer is: memory type, size, page size and page layout.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tessera/sim/arch/core_coord.h"

namespace tessera::sim {

enum class MemoryType { kDram, kL1 };
// "DRAM", "L1".
std::string_view memory_type_name(MemoryType type);

enum class BufferLayout {
  kInterleaved,    // page i in bank i mod banks
  kHeightSharded,  // shards stacked vertically, one per core
  kWidthSharded,   // shards side by side, one per core
  kBlockSharded,   // a 2D grid of shards over a 2D grid of cores
  kNdSharded,      // N-d shards dealt round-robin to a list of cores
};
std::string_view buffer_layout_name(BufferLayout layout);

enum class ShardOrientation { kRowMajor, kColMajor };

// How a sharded buffer's pages are cut into shards. The host view is a 2D
// tensor of pages, numbered row-major; shapes are {height, width}.
struct ShardSpec {
  // Logical worker cores (L1) or DRAM channels as {x = channel, y = 0}.
  std::vector<CoreRange> cores;
  std::array<uint32_t, 2> shard_shape{};   // elements
  std::array<uint32_t, 2> page_shape{};    // elements
  std::array<uint32_t, 2> tensor_pages{};  // the whole tensor, in pages
  ShardOrientation orientation = ShardOrientation::kRowMajor;

  friend bool operator==(const ShardSpec&, const ShardSpec&) = default;
};

// tt-metal's BufferDistributionSpec, all in pages: an N-d tensor cut into
// N-d shards (edge shards padded), numbered row-major over the grid of
// shards and dealt round-robin to `cores` in list order. A core keeps its
// shards one after another, each shard's pages row-major; host pages are
// row-major over the tensor.
struct DistributionSpec {
  std::vector<uint32_t> tensor_pages;
  std::vector<uint32_t> shard_pages;
  // Logical worker cores (L1) or DRAM channels as {x = channel, y = 0}.
  std::vector<CoreCoord> cores;

  friend bool operator==(const DistributionSpec&, const DistributionSpec&) = default;
};

struct BufferSpec {
  MemoryType memory_type = MemoryType::kDram;
  uint64_t size = 0;       // bytes, a multiple of page_size
  uint64_t page_size = 0;  // bytes
  BufferLayout layout = BufferLayout::kInterleaved;
  std::optional<ShardSpec> shard;                  // required for the 2D sharded layouts
  std::optional<DistributionSpec> distribution{};  // required for kNdSharded

  friend bool operator==(const BufferSpec&, const BufferSpec&) = default;
};

// "DRAM interleaved buffer of 4096 bytes (page 1024)".
std::string describe(const BufferSpec& spec);

}  // namespace tessera::sim
