// The TTM0 executor's own cost: dispatch of non-program commands, and the
// latency of a small submit (issue targets: >= 1M commands/s, <= 50 us).
#include <benchmark/benchmark.h>

#include "../tests/support/metal_program_builder.h"
#include "tessera/runtime/submit.h"

namespace {

using tessera::testing::MetalProgramBuilder;
using tessera::testing::TensorSpec;
namespace rt = tessera::runtime;

constexpr uint64_t kDramAddress = 0x200000;

rt::Device open_device() {
  auto device = rt::open_device({});
  return device.ok() ? *device : rt::Device();
}

// One buffer written from constant data and read back, `pairs` times.
std::vector<uint8_t> write_read_binary(int pairs, const std::vector<int>& shape) {
  TensorSpec constant{.id = 1, .shape = shape};
  constant.constant_data.assign(constant.bytes(), 0x3c);
  TensorSpec buffer{.id = 2, .address = kDramAddress, .shape = shape};
  TensorSpec out{.id = 3, .shape = shape};
  MetalProgramBuilder program;
  program.create_buffer(0, buffer);
  for (int i = 0; i < pairs; ++i) {
    program.write(0, constant.host(), buffer);
    program.read(0, buffer, out.host());
  }
  program.deallocate(0, buffer);
  program.finish(0);
  return program.build({}, {out});
}

constexpr int kDispatchPairs = 50'000;

// Built once: the benchmark body runs several times, and writing 100k
// commands would otherwise dominate a profile of it.
const tessera::Result<rt::Binary>& dispatch_binary() {
  static const tessera::Result<rt::Binary> binary =
      rt::Binary::load_memory(write_read_binary(kDispatchPairs, {8, 8}), "dispatch.ttm");
  return binary;
}

void BM_DispatchNonProgramCommands(benchmark::State& state) {
  rt::Device device = open_device();
  int pairs = kDispatchPairs;
  const auto& binary = dispatch_binary();
  if (!device.valid() || !binary.ok()) return state.SkipWithError("setup failed");
  for (auto _ : state) {
    auto result = rt::submit(device, *binary, 0, {});
    if (!result.ok()) return state.SkipWithError(result.error().describe().c_str());
  }
  state.SetItemsProcessed(state.iterations() * (2 * pairs + 3));
  (void)rt::close_device(device);
}
BENCHMARK(BM_DispatchNonProgramCommands)->Unit(benchmark::kMillisecond)->UseRealTime();

void submit_small_program(benchmark::State& state, const rt::SubmitOptions& options) {
  rt::Device device = open_device();
  auto binary = rt::Binary::load_memory(write_read_binary(1, {32, 32}), "small.ttm");
  if (!device.valid() || !binary.ok()) return state.SkipWithError("setup failed");
  for (auto _ : state) {
    auto result = rt::submit(device, *binary, 0, {}, options);
    if (!result.ok()) return state.SkipWithError(result.error().describe().c_str());
    benchmark::DoNotOptimize(rt::wait(result->event, rt::Runtime::kTtmetal));
  }
  (void)rt::close_device(device);
}

void BM_SubmitSmallProgramWarm(benchmark::State& state) {
  submit_small_program(state, {});
}
BENCHMARK(BM_SubmitSmallProgramWarm)->Unit(benchmark::kMicrosecond)->UseRealTime();

// The same with trace spans collected: what tracing adds to a submit.
void BM_SubmitSmallProgramWarmTraced(benchmark::State& state) {
  rt::SubmitOptions options;
  options.collect_trace = true;
  submit_small_program(state, options);
}
BENCHMARK(BM_SubmitSmallProgramWarmTraced)->Unit(benchmark::kMicrosecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
