// Allocate+free pairs on a heap that already holds 1000 live blocks.
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "tessera/sim/allocator/bank_allocator.h"

namespace {

using tessera::sim::AllocationOrder;
using tessera::sim::BankAllocator;

BankAllocator make_heap(AllocationOrder order, std::vector<uint64_t>& live) {
  BankAllocator allocator = std::move(BankAllocator::create({.name = "DRAM",
                                                             .num_banks = 12,
                                                             .bank_size = uint64_t{1} << 30,
                                                             .unreserved_base = 1024,
                                                             .alignment = 32,
                                                             .order = order})
                                          .value());
  std::mt19937 random(7);
  for (int i = 0; i < 1000; ++i) {
    live.push_back(allocator.allocate(32 + random() % 8192).value());
  }
  // Punch holes so the free list is fragmented, as in a real program.
  for (size_t i = 0; i < live.size(); i += 4) {
    (void)allocator.free(live[i]);
    live[i] = allocator.allocate(32 + random() % 64).value();
  }
  return allocator;
}

void BM_AllocateFreePair(benchmark::State& state) {
  auto order = state.range(0) == 0 ? AllocationOrder::kBottomUp : AllocationOrder::kTopDown;
  std::vector<uint64_t> live;
  BankAllocator allocator = make_heap(order, live);
  std::mt19937 random(11);
  size_t victim = 0;
  for (auto _ : state) {
    // Replace a live block: the heap stays at 1000 blocks.
    victim = (victim + 1 + random() % 7) % live.size();
    (void)allocator.free(live[victim]);
    auto address = allocator.allocate(32 + random() % 4096);
    benchmark::DoNotOptimize(address);
    live[victim] = address.value();
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["free_blocks"] = static_cast<double>(allocator.statistics().num_free_blocks);
}
BENCHMARK(BM_AllocateFreePair)->Arg(0)->Arg(1)->ArgName("top_down");

void BM_AllocateFreeSameBlock(benchmark::State& state) {
  std::vector<uint64_t> live;
  BankAllocator allocator = make_heap(AllocationOrder::kBottomUp, live);
  for (auto _ : state) {
    auto address = allocator.allocate(2048);
    benchmark::DoNotOptimize(address);
    (void)allocator.free(address.value());
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_AllocateFreeSameBlock);

}  // namespace

BENCHMARK_MAIN();
