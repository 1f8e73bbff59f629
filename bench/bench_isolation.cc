// What running kernels in a sandboxed device process costs against running
// them in-process (issue targets: at most 10% on the example suite, 5 us
// per warm submit, no slowdown of eltwise or matmul through kernels).
//
// Every benchmark comes in both modes, /inproc and /isolated, measured in
// one run: compare their ratio, not absolute times, on a noisy machine.
#include <benchmark/benchmark.h>

#include "support/empty_kernel.h"
#include "support/prepared_examples.h"
#include "tessera/runtime/device.h"
#include "tessera/runtime/submit.h"

namespace {

namespace rt = tessera::runtime;
using tessera::runtime::DeviceIsolation;

// Options of a device `id` with `isolation`.
rt::DeviceOptions options_for(DeviceIsolation isolation, uint32_t id = 0) {
  rt::DeviceOptions options;
  options.device_ids = {id};
  options.isolation = isolation;
  return options;
}

using Prepared = tessera::bench::PreparedExample;

const char* mode_name(DeviceIsolation isolation) {
  return isolation == DeviceIsolation::kIsolated ? "isolated" : "inproc";
}

// Submits every binary of `batch` once per iteration, on one device of
// `isolation` (kernels compile in a warm-up pass first).
void submit_batch(benchmark::State& state, const std::vector<const Prepared*>& batch,
                  DeviceIsolation isolation) {
  auto device = rt::open_device(options_for(isolation));
  if (!device.ok()) {
    state.SkipWithError(device.error().describe().c_str());
    return;
  }
  auto submit_all = [&]() -> bool {
    for (const Prepared* example : batch) {
      auto result = rt::submit(*device, example->binary, 0, example->inputs);
      if (!result.ok()) {
        state.SkipWithError((example->name + ": " + result.error().describe()).c_str());
        return false;
      }
      benchmark::DoNotOptimize(result->outputs.data());
    }
    return true;
  };
  if (submit_all()) {
    for (auto _ : state) {
      if (!submit_all()) break;
    }
  }
  (void)rt::close_device(*device);
}

void register_pair(const std::string& name, std::vector<const Prepared*> batch) {
  for (DeviceIsolation isolation : {DeviceIsolation::kInProcess, DeviceIsolation::kIsolated}) {
    benchmark::RegisterBenchmark(
        (name + "/" + mode_name(isolation)).c_str(),
        [batch, isolation](benchmark::State& state) { submit_batch(state, batch, isolation); })
        ->Unit(benchmark::kMicrosecond)
        ->UseRealTime();
  }
}

}  // namespace

int main(int argc, char** argv) {
  auto suite = tessera::bench::prepare_example_suite();
  if (!suite.ok()) return 1;
  static std::vector<Prepared> prepared = std::move(suite).value();
  const std::vector<uint8_t> empty = tessera::bench::empty_kernel_binary();
  auto empty_ready = tessera::bench::prepare_example("empty_kernel.ttm", empty);
  if (!empty_ready.ok()) return 1;
  prepared.push_back(std::move(empty_ready).value());

  std::vector<const Prepared*> whole_suite, metal_suite, ttnn_suite;
  for (size_t i = 0; i + 1 < prepared.size(); ++i) {
    whole_suite.push_back(&prepared[i]);
    (prepared[i].binary.runtime() == rt::Runtime::kTtmetal ? metal_suite : ttnn_suite)
        .push_back(&prepared[i]);
  }
  register_pair("WarmSubmit/empty_kernel", {&prepared.back()});
  register_pair("ExampleSuite/all", whole_suite);
  register_pair("ExampleSuite/ttm", metal_suite);
  register_pair("ExampleSuite/ttnn", ttnn_suite);
  for (const Prepared* example : metal_suite) {
    if (example->name.starts_with("eltwise_multiply_64x128") ||
        example->name.starts_with("matmul")) {
      register_pair("Kernels/" + example->name, {example});
    }
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
