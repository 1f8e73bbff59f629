// Matmul through kernels (the test suite's multicast matmul on the full
// worker grid) in GFLOP/s, against a plain cache-blocked single-thread fp32
// GEMM in this binary. JIT compile is excluded (one warm-up run first).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <string>
#include <vector>

#include "tessera/metal/device.h"
#include "tessera/metal/program/program.h"

namespace {

using namespace tessera;

std::string kernel_path(const char* file) {
  std::string path = TESSERA_KERNEL_DIR;
  path += file;
  return path;
}

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

struct Blocking {
  uint32_t grid, mt, kt, nt, per_core, in0_block_w, num_blocks, sub_h, sub_w;
};

// Square size on a grid x grid of cores; 2 x 2 subblocks fit Dst in both
// modes.
Blocking blocking_for(uint32_t size, uint32_t grid) {
  Blocking b{};
  b.grid = grid;
  b.mt = b.kt = b.nt = size / 32;
  b.per_core = b.mt / grid;
  b.in0_block_w = 2;
  b.num_blocks = b.kt / b.in0_block_w;
  b.sub_h = b.sub_w = 2;
  return b;
}

// Builds the multicast matmul program (see tests/metal/program/
// matmul_program_test.cc for the roles and the argument layouts).
Status build_program(metal::Program& program, metal::Device& device, const Blocking& b,
                     sim::tile::DataFormat format, uint32_t in0, uint32_t in1, uint32_t out) {
  const uint32_t g = b.grid;
  const metal::CoreRangeSet grid{{{0, 0}, {g - 1, g - 1}}};
  const uint32_t tile = sim::tile::tile_size_bytes(format);
  const uint32_t out_tiles = b.per_core * b.per_core;
  const std::pair<uint32_t, uint32_t> cbs[] = {{0, 2 * b.per_core * b.in0_block_w},
                                               {1, 2 * b.in0_block_w * b.per_core},
                                               {16, out_tiles},
                                               {24, out_tiles}};
  for (const auto& [index, tiles] : cbs) {
    TESSERA_RETURN_IF_ERROR(
        metal::create_circular_buffer(
            program, grid, metal::CircularBufferConfig(tiles * tile, {{index, {format, tile}}}))
            .status());
  }
  uint32_t sem[4];
  for (uint32_t& id : sem) {
    TESSERA_ASSIGN_OR_RETURN(id, metal::create_semaphore(program, grid, 0));
  }
  const uint32_t num_sub = b.per_core / b.sub_h;
  const std::vector<uint32_t> in0_args = {b.per_core, b.in0_block_w, b.num_blocks, sem[0], sem[1]};
  const std::vector<uint32_t> in1_args = {b.in0_block_w, b.per_core, b.num_blocks, sem[2], sem[3],
                                          b.sub_h,       b.sub_w,    num_sub,      num_sub};
  auto sender = [](metal::DataMovementConfig config, std::string define) {
    config.defines.emplace(std::move(define), std::string(1, '1'));
    return config;
  };
  TESSERA_ASSIGN_OR_RETURN(
      auto in0_sender,
      metal::create_kernel(program, kernel_path("matmul_in0_mcast.cpp"), {{{0, 0}, {0, g - 1}}},
                           sender(metal::reader_config(in0_args), "IN0_SENDER")));
  TESSERA_ASSIGN_OR_RETURN(
      auto in0_receiver,
      metal::create_kernel(program, kernel_path("matmul_in0_mcast.cpp"), {{{1, 0}, {g - 1, g - 1}}},
                           metal::reader_config(in0_args)));
  TESSERA_ASSIGN_OR_RETURN(
      auto in1_sender, metal::create_kernel(program, kernel_path("matmul_in1_mcast_writer.cpp"),
                                            {{{0, 0}, {g - 1, 0}}},
                                            sender(metal::writer_config(in1_args), "IN1_SENDER")));
  TESSERA_ASSIGN_OR_RETURN(
      auto in1_receiver,
      metal::create_kernel(program, kernel_path("matmul_in1_mcast_writer.cpp"),
                           {{{0, 1}, {g - 1, g - 1}}}, metal::writer_config(in1_args)));
  metal::ComputeConfig compute;
  compute.fp32_dest_acc_en = format == sim::tile::DataFormat::kFloat32;
  compute.compile_args = {b.in0_block_w, num_sub,    b.sub_h * b.in0_block_w,
                          num_sub,       b.per_core, b.num_blocks,
                          b.sub_h,       b.sub_w};
  TESSERA_RETURN_IF_ERROR(
      metal::create_kernel(program, kernel_path("matmul_blocked.cpp"), grid, compute).status());
  const auto& chip = device.descriptor();
  auto noc = [&](uint32_t x, uint32_t y) { return *chip.worker_noc_from_logical({x, y}); };
  for (uint32_t y = 0; y < g; ++y) {
    for (uint32_t x = 0; x < g; ++x) {
      const metal::CoreCoord core{x, y};
      const auto row0 = noc(1, y), row1 = noc(g - 1, y), col0 = noc(x, 1), col1 = noc(x, g - 1);
      if (x == 0) {
        TESSERA_RETURN_IF_ERROR(metal::set_runtime_args(
            program, in0_sender, core,
            {in0, y * b.per_core * b.kt, b.kt, row0.x, row0.y, row1.x, row1.y, g - 1}));
      } else {
        const auto s = noc(0, y);
        TESSERA_RETURN_IF_ERROR(metal::set_runtime_args(program, in0_receiver, core, {s.x, s.y}));
      }
      const uint32_t out_start = y * b.per_core * b.nt + x * b.per_core;
      if (y == 0) {
        TESSERA_RETURN_IF_ERROR(
            metal::set_runtime_args(program, in1_sender, core,
                                    {out, out_start, b.nt, in1, x * b.per_core, b.nt, col0.x,
                                     col0.y, col1.x, col1.y, g - 1}));
      } else {
        const auto s = noc(x, 0);
        TESSERA_RETURN_IF_ERROR(
            metal::set_runtime_args(program, in1_receiver, core, {out, out_start, b.nt, s.x, s.y}));
      }
    }
  }
  return ok_status();
}

void BM_KernelMatmul(benchmark::State& state) {
  const auto size = static_cast<uint32_t>(state.range(0));
  const auto format = static_cast<sim::tile::DataFormat>(state.range(1));
  auto device = std::move(metal::Device::open(0, sim::Arch::kWormholeB0).value());
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
BENCHMARK(BM_KernelMatmul)
    ->ArgNames({"size", "format"})
    ->Args({512, static_cast<int>(sim::tile::DataFormat::kFloat16_b)})
    ->Args({1024, static_cast<int>(sim::tile::DataFormat::kFloat16_b)})
    ->Args({512, static_cast<int>(sim::tile::DataFormat::kFloat32)})
    ->Args({1024, static_cast<int>(sim::tile::DataFormat::kFloat32)})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
