// Allocating and freeing the same buffers over and over, as every submit of
// a binary does (its device buffers are created and freed around each run,
// and an isolated device process follows the same changes).
#include <benchmark/benchmark.h>

#include <memory>
#include <vector>

#include "tessera/sim/arch/chip_descriptor.h"
#include "tessera/sim/buffer/buffer_registry.h"

namespace {

using tessera::sim::BufferLayout;
using tessera::sim::BufferRegistry;
using tessera::sim::BufferSpec;
using tessera::sim::MemoryType;

std::unique_ptr<BufferRegistry> wormhole_registry() {
  auto chip = tessera::sim::builtin_chip_descriptor(tessera::sim::Arch::kWormholeB0).value();
  return std::move(BufferRegistry::create(chip).value());
}

// 1024x1024 BF16 in 2 KB tiles: interleaved over the DRAM banks, or
// block-sharded over the 8x8 grid.
BufferSpec spec_of(int kind) {
  constexpr uint64_t kTile = 2048, kBytes = 1024 * 1024 * 2;
  if (kind == 0) return {MemoryType::kDram, kBytes, kTile, BufferLayout::kInterleaved, {}, {}};
  tessera::sim::ShardSpec shard{.cores = {{{0, 0}, {7, 7}}},
                                .shard_shape = {128, 128},
                                .page_shape = {32, 32},
                                .tensor_pages = {32, 32}};
  return {MemoryType::kL1, kBytes, kTile, BufferLayout::kBlockSharded, shard, {}};
}

void BM_AllocateFreeSameSpec(benchmark::State& state) {
  auto registry = wormhole_registry();
  const BufferSpec spec = spec_of(static_cast<int>(state.range(0)));
  for (auto _ : state) {
    auto buffer = registry->allocate(spec);
    if (!buffer.ok() || !registry->deallocate(buffer->id).ok()) {
      state.SkipWithError("allocation failed");
      break;
    }
  }
}
BENCHMARK(BM_AllocateFreeSameSpec)->Arg(0)->Arg(1)->ArgName("l1_block_sharded");

// A directory of binaries run round after round: `specs` different small
// height-sharded L1 buffers (one 64-page shard per core of a column),
// allocated and freed in turn.
void BM_AllocateFreeRoundRobin(benchmark::State& state) {
  auto registry = wormhole_registry();
  std::vector<BufferSpec> specs;
  for (uint32_t i = 0; i < static_cast<uint32_t>(state.range(0)); ++i) {
    const uint32_t pages = 64 * 8;
    tessera::sim::ShardSpec shard{.cores = {{{i % 8, 0}, {i % 8, 7}}},
                                  .shard_shape = {64 + i / 8, 256},
                                  .page_shape = {1, 256},
                                  .tensor_pages = {pages + 8 * (i / 8), 1}};
    specs.push_back({MemoryType::kL1,
                     uint64_t{shard.tensor_pages[0]} * 512,
                     512,
                     BufferLayout::kHeightSharded,
                     shard,
                     {}});
  }
  std::size_t next = 0;
  for (auto _ : state) {
    auto buffer = registry->allocate(specs[next]);
    if (!buffer.ok() || !registry->deallocate(buffer->id).ok()) {
      state.SkipWithError(buffer.ok() ? "free failed" : buffer.error().describe().c_str());
      break;
    }
    next = (next + 1) % specs.size();
  }
}
BENCHMARK(BM_AllocateFreeRoundRobin)->Arg(16)->Arg(200)->ArgName("specs");

}  // namespace

BENCHMARK_MAIN();
