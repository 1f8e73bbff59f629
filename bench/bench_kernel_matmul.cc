// Matmul through kernels (the test suite's multicast matmul on the full
// worker grid) in GFLOP/s, against a plain cache-blocked single-thread fp32
// GEMM in this binary. JIT compile is excluded (one warm-up run first).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <string>
#include <vector>

#include "support/multicast_matmul.h"
#include "tessera/metal/device.h"
#include "tessera/metal/program/program.h"

namespace {

using namespace tessera;
using tessera::bench::Blocking;
using tessera::bench::blocking_for;
using tessera::bench::build_program;

double flops(uint32_t m, uint32_t k, uint32_t n) {
  return 2.0 * m * k * n;
}

// C = A x B, row-major, sizes multiples of 64. Cache-blocked over K and N
// so a B panel (128 x 256 floats) stays in L2 while all rows of A stream
// over it, and register-blocked: 4 rows x 64 columns of C accumulate in
// locals over the K block. Fixed trip counts let -O2 vectorise the inner
// loop (the build's flags: SSE2, no -march).
void blocked_gemm(const float* a, const float* b, float* c, uint32_t m, uint32_t k, uint32_t n) {
  constexpr uint32_t kBlockK = 128, kBlockN = 256, kRows = 4, kCols = 64;
  std::fill(c, c + uint64_t{m} * n, 0.0f);
  for (uint32_t k0 = 0; k0 < k; k0 += kBlockK) {
    const uint32_t k1 = std::min(k, k0 + kBlockK);
    for (uint32_t n0 = 0; n0 < n; n0 += kBlockN) {
      const uint32_t n1 = std::min(n, n0 + kBlockN);
      for (uint32_t i = 0; i < m; i += kRows) {
        for (uint32_t j = n0; j < n1; j += kCols) {
          float acc[kRows][kCols];
          for (uint32_t r = 0; r < kRows; ++r) {
            std::copy_n(c + uint64_t{i + r} * n + j, kCols, acc[r]);
          }
          for (uint32_t p = k0; p < k1; ++p) {
            float b_run[kCols];
            std::copy_n(b + uint64_t{p} * n + j, kCols, b_run);
            for (uint32_t r = 0; r < kRows; ++r) {
              const float x = a[uint64_t{i + r} * k + p];
              for (uint32_t q = 0; q < kCols; ++q) acc[r][q] += x * b_run[q];
            }
          }
          for (uint32_t r = 0; r < kRows; ++r) {
            std::copy_n(acc[r], kCols, c + uint64_t{i + r} * n + j);
          }
        }
      }
    }
  }
}

void BM_BlockedGemmFp32(benchmark::State& state) {
  const auto size = static_cast<uint32_t>(state.range(0));
  std::vector<float> a(uint64_t{size} * size, 0.5f), b(a.size(), 0.25f), c(a.size());
  for (auto _ : state) {
    blocked_gemm(a.data(), b.data(), c.data(), size, size, size);
    benchmark::DoNotOptimize(c.data());
  }
  state.counters["GFLOP/s"] =
      benchmark::Counter(flops(size, size, size) * static_cast<double>(state.iterations()) / 1e9,
                         benchmark::Counter::kIsRate);
}
BENCHMARK(BM_BlockedGemmFp32)->Arg(512)->Arg(1024)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_KernelMatmul(benchmark::State& state) {
  const auto size = static_cast<uint32_t>(state.range(0));
  const auto format = static_cast<sim::tile::DataFormat>(state.range(1));
  const auto isolation = static_cast<metal::DeviceIsolation>(state.range(2));
  auto device = std::move(metal::Device::open(0, sim::Arch::kWormholeB0, 1, isolation).value());
  const Blocking b = blocking_for(size, 8);
  const uint32_t tile = sim::tile::tile_size_bytes(format);
  const uint64_t bytes = uint64_t{b.mt} * b.nt * tile;
  auto config = metal::BufferConfig::interleaved(sim::MemoryType::kDram, bytes, tile);
  metal::Buffer a = *metal::create_buffer(*device, config);
  metal::Buffer bb = *metal::create_buffer(*device, config);
  metal::Buffer c = *metal::create_buffer(*device, config);
  std::vector<uint8_t> data(bytes, 0x3c);  // small finite values in bf16 and fp32
  auto& queue = **device->command_queue(0);
  (void)queue.enqueue_write_buffer(a, data, true);
  (void)queue.enqueue_write_buffer(bb, data, true);
  metal::Program program("matmul");
  Status built =
      build_program(program, *device, b, format, static_cast<uint32_t>(a.address()),
                    static_cast<uint32_t>(bb.address()), static_cast<uint32_t>(c.address()));
  if (!built.ok()) {
    for (const metal::Buffer* buffer : {&a, &bb, &c}) (void)metal::deallocate_buffer(*buffer);
    state.SkipWithError(built.error().describe().c_str());
    return;
  }
  auto run = [&] {
    Status status = metal::enqueue_program(queue, *device, program, true);
    if (!status.ok()) state.SkipWithError(status.error().describe().c_str());
  };
  run();  // compiles the kernels
  for (auto _ : state) run();
  state.counters["GFLOP/s"] =
      benchmark::Counter(flops(size, size, size) * static_cast<double>(state.iterations()) / 1e9,
                         benchmark::Counter::kIsRate);
  for (const metal::Buffer* buffer : {&a, &bb, &c}) (void)metal::deallocate_buffer(*buffer);
}
// isolated: 0 in-process, 1 in a device process (compare the two in one run).
BENCHMARK(BM_KernelMatmul)
    ->ArgNames({"size", "format", "isolated"})
    ->ArgsProduct({{512, 1024},
                   {static_cast<int>(sim::tile::DataFormat::kFloat16_b),
                    static_cast<int>(sim::tile::DataFormat::kFloat32)},
                   {static_cast<int>(metal::DeviceIsolation::kInProcess),
                    static_cast<int>(metal::DeviceIsolation::kIsolated)}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
