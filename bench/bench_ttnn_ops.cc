// TTNN ops through the runtime, tensors in simulated device memory, against
// their bounds in the same run: matmul vs OpenBLAS cblas_sgemm (the serial
// build, one core), bf16 eltwise add vs memcpy. Only the op's own span is
// timed (manual time from the submit's trace), not moving inputs in or outputs
// out.
#include <benchmark/benchmark.h>
#include <cblas.h>

#include <cstring>
#include <random>
#include <vector>

#include "../tests/support/ttnn_program_writer.h"
#include "tessera/runtime/submit.h"

namespace {

using namespace tessera;
using namespace tessera::runtime;
using tessera::testing::TtnnProgramWriter;
using tessera::testing::TtnnTensor;
using tt::target::DataType;
using tt::target::MemorySpace;
namespace fbn = tt::target::ttnn;

std::vector<float> random_values(size_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  std::vector<float> values(n);
  for (float& v : values) v = dist(rng);
  return values;
}

Tensor host_tensor(const std::vector<int>& shape, const std::vector<float>& values, uint32_t id) {
  TensorInfo info;
  info.global_id = id;
  info.shape.assign(shape.begin(), shape.end());
  info.data_type = runtime::DataType::kFloat32;
  info.element_size = 4;
  info.size_bytes = values.size() * 4;
  return *Tensor::create_from_bytes(
      info, {reinterpret_cast<const uint8_t*>(values.data()), values.size() * 4}, Runtime::kTtnn);
}

// Two host inputs go to DRAM tiles of `type`, the op runs `repeats` times
// into the same output id, and the result comes back.
using OpWriter = void (*)(TtnnProgramWriter&, const TtnnTensor&, const TtnnTensor&,
                          const TtnnTensor&);

void run_binary_op(benchmark::State& state, std::vector<int> a_shape, std::vector<int> b_shape,
                   std::vector<int> out_shape, DataType type, OpWriter write_op, double work) {
  auto device = open_device(DeviceOptions{});
  if (!device.ok()) return state.SkipWithError(device.error().describe().c_str());
  TtnnProgramWriter writer;
  TtnnTensor a{1, a_shape}, b{2, b_shape};
  TtnnTensor da{3, a_shape, type, MemorySpace::DeviceDRAM, true};
  TtnnTensor db{4, b_shape, type, MemorySpace::DeviceDRAM, true};
  TtnnTensor out{5, out_shape, type, MemorySpace::DeviceDRAM, true};
  writer.to_memory(a, da);
  writer.to_memory(b, db);
  write_op(writer, da, db, out);
  auto binary = Binary::load_memory(writer.build({a, b}, {out}), "bench.ttnn");
  if (!binary.ok()) return state.SkipWithError(binary.error().describe().c_str());
  size_t a_count = 1, b_count = 1;
  for (int d : a_shape) a_count *= d;
  for (int d : b_shape) b_count *= d;
  std::vector<Tensor> inputs = {host_tensor(a_shape, random_values(a_count, 1), 1),
                                host_tensor(b_shape, random_values(b_count, 2), 2)};
  SubmitOptions options;
  options.collect_trace = true;
  for (auto _ : state) {
    auto result = submit(*device, *binary, 0, inputs, options);
    if (!result.ok()) return state.SkipWithError(result.error().describe().c_str());
    double seconds = 0;
    for (const TraceSpan& span : result->spans) {
      if (span.category == "op" && span.index == 2) seconds = span.duration_ns * 1e-9;
    }
    state.SetIterationTime(seconds);
  }
  state.counters["work/s"] =
      benchmark::Counter(work, benchmark::Counter::kIsIterationInvariantRate);
  (void)close_device(*device);
}

void write_matmul(TtnnProgramWriter& w, const TtnnTensor& a, const TtnnTensor& b,
                  const TtnnTensor& out) {
  w.add(fbn::OpType::MatmulOp,
        fbn::CreateMatmulOp(w.fbb(), w.ref(a), w.ref(b), w.ref(out)).Union());
}

void write_add(TtnnProgramWriter& w, const TtnnTensor& a, const TtnnTensor& b,
               const TtnnTensor& out) {
  w.eltwise(fbn::EltwiseOpType::Add, {a, b}, out);
}

// work/s = FLOP/s.
void BM_MatmulOpF32(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  run_binary_op(state, {n, n}, {n, n}, {n, n}, DataType::Float32, write_matmul, 2.0 * n * n * n);
}
BENCHMARK(BM_MatmulOpF32)->Arg(1024)->UseManualTime()->Unit(benchmark::kMillisecond);

void BM_MatmulOpBf16(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  run_binary_op(state, {n, n}, {n, n}, {n, n}, DataType::BFloat16, write_matmul, 2.0 * n * n * n);
}
BENCHMARK(BM_MatmulOpBf16)->Arg(1024)->UseManualTime()->Unit(benchmark::kMillisecond);

void BM_OpenBlasSgemm(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  std::vector<float> a = random_values(size_t(n) * n, 1), b = random_values(size_t(n) * n, 2);
  std::vector<float> c(size_t(n) * n);
  for (auto _ : state) {
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f, a.data(), n, b.data(), n,
                0.0f, c.data(), n);
    benchmark::DoNotOptimize(c.data());
  }
  state.counters["work/s"] =
      benchmark::Counter(2.0 * n * n * n, benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_OpenBlasSgemm)->Arg(1024)->Unit(benchmark::kMillisecond)->UseRealTime();

// work/s = bytes touched per second: two bf16 inputs read, one output written.
void BM_EltwiseAddOpBf16(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  run_binary_op(state, {n, n}, {n, n}, {n, n}, DataType::BFloat16, write_add, 3.0 * n * n * 2);
}
BENCHMARK(BM_EltwiseAddOpBf16)->Arg(2048)->UseManualTime()->Unit(benchmark::kMillisecond);

// work/s = bytes touched per second: read once, written once. The copy is as
// large as the add's working set (three n x n bf16 tensors), so neither runs
// from cache alone.
void BM_Memcpy(benchmark::State& state) {
  const size_t bytes = static_cast<size_t>(state.range(0)) * state.range(0) * 2 * 3;
  std::vector<char> from(bytes, 1), to(bytes, 0);
  for (auto _ : state) {
    std::memcpy(to.data(), from.data(), bytes);
    benchmark::DoNotOptimize(to.data());
  }
  state.counters["work/s"] =
      benchmark::Counter(2.0 * bytes, benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_Memcpy)->Arg(2048)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
