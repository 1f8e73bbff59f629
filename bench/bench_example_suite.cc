// Submit latency of every example of the builder's suite, on its runtime,
// with its golden inputs (kernels compile once, in the first iteration).
#include <benchmark/benchmark.h>

#include "support/prepared_examples.h"
#include "tessera/runtime/device.h"
#include "tessera/runtime/submit.h"

namespace {

namespace rt = tessera::runtime;

using Prepared = tessera::bench::PreparedExample;

void run_example(benchmark::State& state, const Prepared& example) {
  auto device = rt::open_device({});
  if (!device.ok()) {
    state.SkipWithError(device.error().describe().c_str());
    return;
  }
  for (auto _ : state) {
    auto result = rt::submit(*device, example.binary, 0, example.inputs);
    if (!result.ok()) {
      state.SkipWithError(result.error().describe().c_str());
      break;
    }
    benchmark::DoNotOptimize(result->outputs.data());
  }
  (void)rt::close_device(*device);
}

}  // namespace

int main(int argc, char** argv) {
  auto suite = tessera::bench::prepare_example_suite();
  if (!suite.ok()) return 1;
  static std::vector<Prepared> prepared = std::move(suite).value();
  for (const Prepared& example : prepared) {
    const Prepared* entry = &example;
    benchmark::RegisterBenchmark(example.name.c_str(), [entry](benchmark::State& state) {
      run_example(state, *entry);
    })->Unit(benchmark::kMillisecond);
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
