// Tile numerics throughput: tile matmul vs a naive loop, format conversions, tilize.
#include <benchmark/benchmark.h>

#include <array>
#include <cstdint>
#include <random>
#include <vector>

#include "tessera/sim/compute/matmul.h"
#include "tessera/sim/compute/unary_op.h"
#include "tessera/sim/tile/bfp8.h"
#include "tessera/sim/tile/element_convert.h"
#include "tessera/sim/tile/tile_layout.h"
#include "tessera/sim/tile/tilize.h"

namespace {

using tessera::sim::tile::kTileElements;
using tessera::sim::tile::tile_offset;
using FloatTile = std::array<float, kTileElements>;

constexpr double kTileMatmulFlops = 2.0 * 32 * 32 * 32;

std::vector<float> random_floats(size_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
  std::vector<float> v(n);
  for (float& x : v) x = uniform(rng);
  return v;
}

FloatTile random_tile(uint32_t seed) {
  const std::vector<float> v = random_floats(kTileElements, seed);
  FloatTile t;
  std::copy(v.begin(), v.end(), t.begin());
  return t;
}

void set_flops(benchmark::State& state, double flops_per_iteration) {
  state.counters["FLOPS"] =
      benchmark::Counter(flops_per_iteration * state.iterations(), benchmark::Counter::kIsRate,
                         benchmark::Counter::OneK::kIs1000);
}

void BM_TileMatmul(benchmark::State& state) {
  const FloatTile a = random_tile(1), b = random_tile(2);
  FloatTile c{};
  for (auto _ : state) {
    tessera::sim::compute::matmul_tile(a, b, c);
    benchmark::DoNotOptimize(c.data());
    benchmark::ClobberMemory();
  }
  set_flops(state, kTileMatmulFlops);
}
BENCHMARK(BM_TileMatmul);

// The obvious i-j-k loop over tile-order indices, as a baseline.
void BM_TileMatmulNaive(benchmark::State& state) {
  const FloatTile a = random_tile(1), b = random_tile(2);
  FloatTile c{};
  for (auto _ : state) {
    for (uint32_t i = 0; i < 32; ++i) {
      for (uint32_t j = 0; j < 32; ++j) {
        float sum = c[tile_offset(i, j)];
        for (uint32_t k = 0; k < 32; ++k) sum += a[tile_offset(i, k)] * b[tile_offset(k, j)];
        c[tile_offset(i, j)] = sum;
      }
    }
    benchmark::DoNotOptimize(c.data());
    benchmark::ClobberMemory();
  }
  set_flops(state, kTileMatmulFlops);
}
BENCHMARK(BM_TileMatmulNaive);

constexpr size_t kElements = 1 << 20;

void BM_FloatToBfloat16(benchmark::State& state) {
  const std::vector<float> in = random_floats(kElements, 3);
  std::vector<uint16_t> out(kElements);
  for (auto _ : state) {
    benchmark::DoNotOptimize(tessera::sim::tile::convert_float_to_bfloat16(in, out).ok());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * kElements * (sizeof(float) + sizeof(uint16_t)));
}
BENCHMARK(BM_FloatToBfloat16);

void BM_Bfloat16ToFloat(benchmark::State& state) {
  std::vector<uint16_t> in(kElements, 0x3f80);
  std::vector<float> out(kElements);
  for (auto _ : state) {
    benchmark::DoNotOptimize(tessera::sim::tile::convert_bfloat16_to_float(in, out).ok());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * kElements * (sizeof(float) + sizeof(uint16_t)));
}
BENCHMARK(BM_Bfloat16ToFloat);

void BM_PackBfp8Tile(benchmark::State& state) {
  const FloatTile tile = random_tile(4);
  std::array<std::byte, tessera::sim::tile::kBfp8TileBytes> packed;
  for (auto _ : state) {
    tessera::sim::tile::pack_bfp8_b_tile(tile, packed);
    benchmark::DoNotOptimize(packed.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * kTileElements * sizeof(float));
}
BENCHMARK(BM_PackBfp8Tile);

void BM_UnpackBfp8Tile(benchmark::State& state) {
  FloatTile tile = random_tile(5);
  std::array<std::byte, tessera::sim::tile::kBfp8TileBytes> packed;
  tessera::sim::tile::pack_bfp8_b_tile(tile, packed);
  for (auto _ : state) {
    tessera::sim::tile::unpack_bfp8_b_tile(packed, tile);
    benchmark::DoNotOptimize(tile.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * kTileElements * sizeof(float));
}
BENCHMARK(BM_UnpackBfp8Tile);

// fp32 tensor [rows x 1024]; bytes counted once (read) per iteration.
void BM_TilizeFloat32(benchmark::State& state) {
  const uint64_t shape[] = {static_cast<uint64_t>(state.range(0)), 1024};
  const std::vector<float> in = random_floats(shape[0] * shape[1], 6);
  std::vector<float> out(in.size());
  const std::byte pad[4] = {};
  for (auto _ : state) {
    benchmark::DoNotOptimize(tessera::sim::tile::tilize(std::as_bytes(std::span(in)),
                                                        std::as_writable_bytes(std::span(out)),
                                                        shape, 4, pad)
                                 .ok());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * in.size() * sizeof(float));
}
BENCHMARK(BM_TilizeFloat32)->Arg(1024);

void BM_UntilizeFloat32(benchmark::State& state) {
  const uint64_t shape[] = {static_cast<uint64_t>(state.range(0)), 1024};
  const std::vector<float> in = random_floats(shape[0] * shape[1], 7);
  std::vector<float> out(in.size());
  for (auto _ : state) {
    benchmark::DoNotOptimize(tessera::sim::tile::untilize(std::as_bytes(std::span(in)),
                                                          std::as_writable_bytes(std::span(out)),
                                                          shape, 4)
                                 .ok());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * in.size() * sizeof(float));
}
BENCHMARK(BM_UntilizeFloat32)->Arg(1024);

void BM_TilizeBfloat16(benchmark::State& state) {
  const uint64_t shape[] = {1024, 1024};
  const std::vector<uint16_t> in(1024 * 1024, 0x3f80);
  std::vector<uint16_t> out(in.size());
  const std::byte pad[2] = {};
  for (auto _ : state) {
    benchmark::DoNotOptimize(tessera::sim::tile::tilize(std::as_bytes(std::span(in)),
                                                        std::as_writable_bytes(std::span(out)),
                                                        shape, 2, pad)
                                 .ok());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * in.size() * sizeof(uint16_t));
}
BENCHMARK(BM_TilizeBfloat16);

void BM_UnaryExp(benchmark::State& state) {
  std::vector<float> values = random_floats(kElements, 8);
  for (auto _ : state) {
    benchmark::DoNotOptimize(
        tessera::sim::compute::apply_unary(tessera::sim::compute::UnaryOp::kExp, values).ok());
    for (float& v : values) v = v > 1.0f ? 0.5f : v;  // keep inputs bounded
  }
  state.SetItemsProcessed(state.iterations() * kElements);
}
BENCHMARK(BM_UnaryExp);

}  // namespace

BENCHMARK_MAIN();
