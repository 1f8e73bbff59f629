// bf16 element-wise add through reader -> compute -> writer kernels on the
// full worker grid (the test suite's kernels), against a single-thread
// memcpy of one input's bytes measured in the same benchmark.
//
// What is compared: add_elem_per_s (output elements per wall-clock second
// of the program runs, JIT compile excluded) vs memcpy_elem_per_s (bytes of
// ONE bf16 input, the same size, copied per second / 2, one copy timed
// after each run); ratio = add / memcpy. Arg: tiles per core (64 cores).
// The copy between runs also evicts the inputs from the host's last-level
// cache, as other work would: back-to-back runs partly hit it and read
// some 20% faster. BM_SameDataMovementPlainLoop is the ceiling: the same
// data movement with no simulator around it.
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "support/eltwise_add_program.h"
#include "tessera/base/cache_bypass_copy.h"
#include "tessera/base/prefetch.h"
#include "tessera/metal/device.h"
#include "tessera/metal/program/program.h"
#include "tessera/sim/compute/eltwise_binary_packed.h"
#include "tessera/sim/tile/tile_codec.h"

namespace {

using namespace tessera;

constexpr uint32_t kTileBytes = bench::kBf16TileBytes;
constexpr uint32_t kBlock = bench::kEltwiseBlock;

// One single-thread memcpy of an input's bytes, timed. Run between the
// program runs, so both see the same machine (a shared host's memory
// bandwidth swings several-fold from minute to minute).
class MemcpyBaseline {
 public:
  explicit MemcpyBaseline(uint64_t bytes) : source_(bytes, 1), destination_(bytes, 0) {
    copy();  // fault the pages in
  }
  double copy() {
    const auto start = std::chrono::steady_clock::now();
    std::memcpy(destination_.data(), source_.data(), source_.size());
    benchmark::DoNotOptimize(destination_.data());
    benchmark::ClobberMemory();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }

 private:
  std::vector<uint8_t> source_, destination_;
};

void run_or_fail(benchmark::State& state, metal::Device& device, metal::Program& program) {
  Status status = metal::enqueue_program(**device.command_queue(0), device, program, true);
  if (!status.ok()) state.SkipWithError(status.error().describe().c_str());
}

void BM_EltwiseAddBf16FullGrid(benchmark::State& state) {
  const auto tiles_per_core = static_cast<uint32_t>(state.range(0));
  const auto isolation = static_cast<metal::DeviceIsolation>(state.range(1));
  auto device = std::move(metal::Device::open(0, sim::Arch::kWormholeB0, 1, isolation).value());
  const auto& chip = device->descriptor();
  const uint32_t cores = chip.num_workers();
  const uint32_t tiles = tiles_per_core * cores;
  const uint64_t bytes = uint64_t{tiles} * kTileBytes;
  auto config = metal::BufferConfig::interleaved(sim::MemoryType::kDram, bytes, kTileBytes);
  metal::Buffer a = *metal::create_buffer(*device, config);
  metal::Buffer b = *metal::create_buffer(*device, config);
  metal::Buffer out = *metal::create_buffer(*device, config);
  std::vector<uint8_t> data(bytes, 0x3f);  // bf16 0x3f3f ~ 0.75
  auto& queue = **device->command_queue(0);
  (void)queue.enqueue_write_buffer(a, data, true);
  (void)queue.enqueue_write_buffer(b, data, true);

  metal::Program program("eltwise_add");
  Status built = bench::build_eltwise_add(
      program, *device, tiles_per_core, static_cast<uint32_t>(a.address()),
      static_cast<uint32_t>(b.address()), static_cast<uint32_t>(out.address()));
  if (!built.ok()) {
    state.SkipWithError(built.error().describe().c_str());
    return;
  }
  run_or_fail(state, *device, program);  // compiles the kernels, touches the pages
  MemcpyBaseline baseline(bytes);
  double seconds = 0, memcpy_seconds = 0;
  for (auto _ : state) {
    const auto start = std::chrono::steady_clock::now();
    run_or_fail(state, *device, program);
    const double run_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    state.SetIterationTime(run_seconds);
    seconds += run_seconds;
    memcpy_seconds += baseline.copy();
  }
  const double elements = static_cast<double>(tiles) * 1024;
  const auto iterations = static_cast<double>(state.iterations());
  const double add_rate = elements * iterations / seconds;
  const double memcpy_rate = (bytes / 2.0) * iterations / memcpy_seconds;
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * elements));
  state.counters["add_elem_per_s"] = add_rate;
  state.counters["memcpy_elem_per_s"] = memcpy_rate;
  state.counters["ratio"] = add_rate / memcpy_rate;
  for (metal::Buffer* buffer : {&a, &b, &out}) (void)metal::deallocate_buffer(*buffer);
}
// isolated: 0 in-process, 1 in a device process (compare the two in one run).
BENCHMARK(BM_EltwiseAddBf16FullGrid)
    ->ArgNames({"tiles_per_core", "isolated"})
    ->ArgsProduct({{8, 64, 256},
                   {static_cast<int>(metal::DeviceIsolation::kInProcess),
                    static_cast<int>(metal::DeviceIsolation::kIsolated)}})
    ->Unit(benchmark::kMillisecond)
    ->UseManualTime();

// The ceiling for any simulator that moves data the way the device does:
// the same per-tile work as the kernels above (two 2 KiB bank-to-L1 copies,
// the fused bf16 add, the pack, one L1-to-bank copy) as a plain loop over
// memory laid out like the chip (12 interleaved banks, per-core CB
// regions), on the same two host threads, with no scheduler, callbacks or
// checks, the output written past the cache when the simulator would.
// add / plain says how close the simulator gets.
void BM_SameDataMovementPlainLoop(benchmark::State& state) {
  const auto tiles_per_core = static_cast<uint32_t>(state.range(0));
  constexpr uint32_t kCores = 64, kBanks = 12, kCbTiles = 2 * kBlock;
  const uint32_t tiles = tiles_per_core * kCores;
  const uint64_t bank_bytes = (uint64_t{tiles} / kBanks + 1) * kTileBytes;
  std::vector<std::vector<std::byte>> a(kBanks), b(kBanks), out(kBanks);
  for (uint32_t bank = 0; bank < kBanks; ++bank) {
    a[bank].assign(bank_bytes, std::byte{0x3f});
    b[bank].assign(bank_bytes, std::byte{0x3f});
    out[bank].assign(bank_bytes, std::byte{0});
  }
  const uint64_t cb_bytes = uint64_t{kCbTiles} * kTileBytes;
  std::vector<std::byte> l1(uint64_t{kCores} * 3 * cb_bytes, std::byte{0});
  // Written like the simulator's NoC writes: past the cache when large.
  const bool bypass_cache = uint64_t{tiles} * kTileBytes >= cache_bypass_threshold_bytes();
  auto page = [&](std::vector<std::vector<std::byte>>& buffer, uint32_t id) {
    return buffer[id % kBanks].data() + uint64_t{id / kBanks} * kTileBytes;
  };
  auto run_cores = [&](uint32_t first_core) {
    std::vector<float> dst(uint64_t{kBlock} * sim::tile::kTileElements);
    for (uint32_t core = first_core; core < kCores; core += 2) {
      std::byte* cb_a = l1.data() + uint64_t{core} * 3 * cb_bytes;
      std::byte* cb_b = cb_a + cb_bytes;
      std::byte* cb_out = cb_b + cb_bytes;
      for (uint32_t done = 0; done < tiles_per_core; done += kBlock) {
        const uint32_t slot = (done / kBlock) % 2 * kBlock;
        for (uint32_t i = 0; i < kBlock; ++i) {
          const uint32_t id = core * tiles_per_core + done + i;
          std::memcpy(cb_a + (slot + i) * kTileBytes, page(a, id), kTileBytes);
          std::memcpy(cb_b + (slot + i) * kTileBytes, page(b, id), kTileBytes);
          prefetch_for_read(page(a, id) + kTileBytes, kTileBytes);
          prefetch_for_read(page(b, id) + kTileBytes, kTileBytes);
        }
        for (uint32_t i = 0; i < kBlock; ++i) {
          const sim::compute::TileSpan tile(dst.data() + i * sim::tile::kTileElements,
                                            sim::tile::kTileElements);
          (void)sim::compute::eltwise_binary_packed_tile(
              sim::compute::BinaryOp::kAdd, sim::tile::DataFormat::kFloat16_b,
              cb_a + (slot + i) * kTileBytes, sim::tile::DataFormat::kFloat16_b,
              cb_b + (slot + i) * kTileBytes, tile);
          (void)sim::tile::pack_tile(sim::tile::DataFormat::kFloat16_b, tile,
                                     {cb_out + (slot + i) * kTileBytes, kTileBytes});
        }
        for (uint32_t i = 0; i < kBlock; ++i) {
          std::byte* target = page(out, core * tiles_per_core + done + i);
          const std::byte* source = cb_out + (slot + i) * kTileBytes;
          if (bypass_cache) {
            copy_bypassing_cache(target, source, kTileBytes);
          } else {
            std::memcpy(target, source, kTileBytes);
          }
        }
      }
    }
  };
  run_cores(0);  // touches every page once
  run_cores(1);
  for (auto _ : state) {
    std::thread second(run_cores, 1);
    run_cores(0);
    second.join();
  }
  const double elements = static_cast<double>(tiles) * sim::tile::kTileElements;
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * elements));
}
BENCHMARK(BM_SameDataMovementPlainLoop)
    ->Arg(8)
    ->Arg(64)
    ->Arg(256)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// The same memcpy on its own: bytes of one input (64 cores x 64 tiles).
void BM_MemcpyOneInput(benchmark::State& state) {
  const uint64_t bytes = uint64_t{64} * 64 * kTileBytes;
  std::vector<uint8_t> source(bytes, 1), destination(bytes, 0);
  for (auto _ : state) {
    std::memcpy(destination.data(), source.data(), bytes);
    benchmark::DoNotOptimize(destination.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * (bytes / 2)));
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * bytes));
}
BENCHMARK(BM_MemcpyOneInput)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
