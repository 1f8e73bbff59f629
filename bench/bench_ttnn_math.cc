// TTNN op math throughput against its bounds: matmul vs a direct cblas_sgemm
// (the serial OpenBLAS on one core, so the ratio shows the pool's scaling),
// eltwise add vs memcpy, plus softmax and a typical small CNN conv layer.
#include <benchmark/benchmark.h>
#include <cblas.h>

#include <cstring>
#include <random>
#include <vector>

#include "tessera/ttnn/math/conv2d.h"
#include "tessera/ttnn/math/eltwise_binary.h"
#include "tessera/ttnn/math/eltwise_unary.h"
#include "tessera/ttnn/math/matmul.h"
#include "tessera/ttnn/math/max_pool2d.h"
#include "tessera/ttnn/math/permute.h"
#include "tessera/ttnn/math/reduction.h"
#include "tessera/ttnn/math/softmax.h"
#include "tessera/ttnn/math/tensor.h"

namespace {

using namespace tessera::ttnn::math;

Tensor random_tensor(const Shape& shape, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  Tensor t = Tensor::uninitialized(shape);
  for (int64_t i = 0; i < t.numel(); ++i) t.data()[i] = dist(rng);
  return t;
}

void set_flops(benchmark::State& state, double flops_per_iteration) {
  state.counters["GFLOP/s"] =
      benchmark::Counter(flops_per_iteration * 1e-9, benchmark::Counter::kIsIterationInvariantRate);
}

void BM_MatmulOp(benchmark::State& state) {
  const int64_t n = state.range(0);
  const Tensor a = random_tensor({n, n}, 1), b = random_tensor({n, n}, 2);
  Tensor c = Tensor::uninitialized({n, n});
  for (auto _ : state) {
    auto status = matmul(a.view(), b.view(), c.mutable_view());
    if (!status.ok()) state.SkipWithError(status.error().message().c_str());
    benchmark::DoNotOptimize(c.data());
  }
  set_flops(state, 2.0 * n * n * n);
}
BENCHMARK(BM_MatmulOp)->Arg(1024)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_MatmulDirectSgemm(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  const Tensor a = random_tensor({n, n}, 1), b = random_tensor({n, n}, 2);
  Tensor c = Tensor::uninitialized({n, n});
  for (auto _ : state) {
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f, a.data(), n, b.data(), n,
                0.0f, c.data(), n);
    benchmark::DoNotOptimize(c.data());
  }
  set_flops(state, 2.0 * n * n * n);
}
BENCHMARK(BM_MatmulDirectSgemm)->Arg(1024)->Unit(benchmark::kMillisecond)->UseRealTime();

// Bytes moved: add reads two arrays and writes one, memcpy reads one and
// writes one; both report bytes moved per second.
void BM_EltwiseAdd(benchmark::State& state) {
  const int64_t n = state.range(0);
  const Tensor a = random_tensor({n}, 1), b = random_tensor({n}, 2);
  Tensor c = Tensor::filled({n}, 0.0f);
  for (auto _ : state) {
    auto status = binary(BinaryOp::kAdd, a.view(), b.view(), c.mutable_view());
    if (!status.ok()) state.SkipWithError(status.error().message().c_str());
    benchmark::DoNotOptimize(c.data());
  }
  state.SetBytesProcessed(state.iterations() * 3 * n * static_cast<int64_t>(sizeof(float)));
}
BENCHMARK(BM_EltwiseAdd)->Arg(16 << 20)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_EltwiseAddRowBroadcast(benchmark::State& state) {
  const int64_t n = state.range(0);
  const Tensor a = random_tensor({n / 1024, 1024}, 1), b = random_tensor({1024}, 2);
  Tensor c = Tensor::filled({n / 1024, 1024}, 0.0f);
  for (auto _ : state) {
    auto status = binary(BinaryOp::kAdd, a.view(), b.view(), c.mutable_view());
    if (!status.ok()) state.SkipWithError(status.error().message().c_str());
    benchmark::DoNotOptimize(c.data());
  }
  state.SetBytesProcessed(state.iterations() * 2 * n * static_cast<int64_t>(sizeof(float)));
}
BENCHMARK(BM_EltwiseAddRowBroadcast)->Arg(16 << 20)->Unit(benchmark::kMillisecond)->UseRealTime();

// Unary ops on 4 Mi elements: relu is memory bound, sigmoid and gelu are
// bound by their transcendental functions.
template <UnaryOp kOp>
void BM_EltwiseUnary(benchmark::State& state) {
  const int64_t n = state.range(0);
  const Tensor a = random_tensor({n}, 3);
  Tensor c = Tensor::filled({n}, 0.0f);
  for (auto _ : state) {
    auto status = unary(kOp, a.view(), c.mutable_view());
    if (!status.ok()) state.SkipWithError(status.error().message().c_str());
    benchmark::DoNotOptimize(c.data());
  }
  state.SetItemsProcessed(state.iterations() * n);
}
BENCHMARK(BM_EltwiseUnary<UnaryOp::kRelu>)
    ->Arg(4 << 20)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_EltwiseUnary<UnaryOp::kSigmoid>)
    ->Arg(4 << 20)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_EltwiseUnary<UnaryOp::kGelu>)
    ->Arg(4 << 20)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

void BM_Memcpy(benchmark::State& state) {
  const int64_t n = state.range(0);
  const Tensor a = random_tensor({n}, 1);
  Tensor c = Tensor::filled({n}, 0.0f);
  for (auto _ : state) {
    std::memcpy(c.data(), a.data(), n * sizeof(float));
    benchmark::DoNotOptimize(c.data());
  }
  state.SetBytesProcessed(state.iterations() * 2 * n * static_cast<int64_t>(sizeof(float)));
}
BENCHMARK(BM_Memcpy)->Arg(16 << 20)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_SoftmaxLastDim(benchmark::State& state) {
  const Tensor in = random_tensor({16, 512, 512}, 3);
  Tensor out = Tensor::uninitialized(in.shape());
  for (auto _ : state) {
    auto status = softmax(in.view(), -1, out.mutable_view());
    if (!status.ok()) state.SkipWithError(status.error().message().c_str());
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(state.iterations() * in.numel());
}
BENCHMARK(BM_SoftmaxLastDim)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_SumLastDim(benchmark::State& state) {
  const Tensor in = random_tensor({4096, 1024}, 4);
  Tensor out = Tensor::uninitialized({4096});
  const std::vector<int64_t> dims{-1};
  for (auto _ : state) {
    auto status = reduce(ReduceOp::kSum, in.view(), dims, false, out.mutable_view());
    if (!status.ok()) state.SkipWithError(status.error().message().c_str());
    benchmark::DoNotOptimize(out.data());
  }
  state.SetBytesProcessed(state.iterations() * in.numel() * static_cast<int64_t>(sizeof(float)));
}
BENCHMARK(BM_SumLastDim)->Unit(benchmark::kMillisecond)->UseRealTime();

// Batched last-two-dims transpose (the cache-blocked path) vs a plain copy.
void BM_TransposeLastTwo(benchmark::State& state) {
  const Tensor in = random_tensor({4, 1024, 1024}, 9);
  Tensor out = Tensor::uninitialized({4, 1024, 1024});
  for (auto _ : state) {
    auto status = transpose(in.view(), -2, -1, out.mutable_view());
    if (!status.ok()) state.SkipWithError(status.error().message().c_str());
    benchmark::DoNotOptimize(out.data());
  }
  state.SetBytesProcessed(state.iterations() * 2 * in.numel() *
                          static_cast<int64_t>(sizeof(float)));
}
BENCHMARK(BM_TransposeLastTwo)->Unit(benchmark::kMillisecond)->UseRealTime();

// A ResNet-style layer: 56x56x64 -> 64 channels, 3x3, padding 1, batch 1.
void BM_Conv2d3x3(benchmark::State& state) {
  Conv2dParams p;
  p.in_channels = p.out_channels = 64;
  p.batch_size = 1;
  p.input_height = p.input_width = 56;
  p.kernel_height = p.kernel_width = 3;
  p.padding_height = p.padding_width = 1;
  const Tensor in = random_tensor({1, 1, 56 * 56, 64}, 5);
  const Tensor w = random_tensor({64, 64, 3, 3}, 6);
  const Tensor bias = random_tensor({1, 1, 1, 64}, 7);
  Tensor out = Tensor::uninitialized({1, 1, 56 * 56, 64});
  for (auto _ : state) {
    auto status = conv2d(in.view(), w.view(), bias.view(), p, out.mutable_view());
    if (!status.ok()) state.SkipWithError(status.error().message().c_str());
    benchmark::DoNotOptimize(out.data());
  }
  set_flops(state, 2.0 * 56 * 56 * 64 * 64 * 9);
}
BENCHMARK(BM_Conv2d3x3)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_MaxPool2d(benchmark::State& state) {
  MaxPool2dParams p;
  p.batch_size = 1;
  p.input_height = p.input_width = 112;
  p.channels = 64;
  p.kernel_height = p.kernel_width = 3;
  p.stride_height = p.stride_width = 2;
  p.padding_height = p.padding_width = 1;
  const Tensor in = random_tensor({1, 1, 112 * 112, 64}, 8);
  Tensor out = Tensor::uninitialized({1, 1, 56 * 56, 64});
  for (auto _ : state) {
    auto status = max_pool2d(in.view(), p, out.mutable_view());
    if (!status.ok()) state.SkipWithError(status.error().message().c_str());
    benchmark::DoNotOptimize(out.data());
  }
  state.SetBytesProcessed(state.iterations() * in.numel() * static_cast<int64_t>(sizeof(float)));
}
BENCHMARK(BM_MaxPool2d)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
