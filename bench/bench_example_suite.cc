// Submit latency of every example of the builder's suite, on its runtime,
// with its golden inputs (kernels compile once, in the first iteration).
#include <benchmark/benchmark.h>

#include "tessera/builder/example_suite.h"
#include "tessera/format/generated.h"
#include "tessera/runtime/device.h"
#include "tessera/runtime/submit.h"

namespace {

namespace rt = tessera::runtime;

struct Prepared {
  rt::Binary binary;
  std::vector<rt::Tensor> inputs;
};

// Golden inputs of program 0 as tensors of the binary's runtime.
tessera::Result<Prepared> prepare(const tessera::builder::ExampleBinary& example) {
  TESSERA_ASSIGN_OR_RETURN(rt::Binary binary,
                           rt::Binary::load_memory(example.bytes, example.file_name));
  const auto* metal = binary.format().metal();
  const auto* goldens = metal ? metal->programs()->Get(0)->golden_inputs()
                              : binary.format().ttnn()->programs()->Get(0)->golden_inputs();
  TESSERA_ASSIGN_OR_RETURN(auto infos, binary.program_inputs(0));
  Prepared prepared{binary, {}};
  for (uint32_t i = 0; i < infos.size(); ++i) {
    const auto* data = goldens->Get(i)->data();
    TESSERA_ASSIGN_OR_RETURN(
        rt::Tensor tensor,
        rt::Tensor::create_from_bytes(infos[i], {data->data(), data->size()}, binary.runtime()));
    prepared.inputs.push_back(std::move(tensor));
  }
  return prepared;
}

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
  auto chip = tessera::sim::builtin_chip_descriptor(tessera::sim::Arch::kWormholeB0);
  if (!chip.ok()) return 1;
  auto suite = tessera::builder::build_example_suite(*chip);
  if (!suite.ok()) return 1;
  static std::vector<Prepared> prepared;
  prepared.reserve(suite->size());
  for (const auto& example : *suite) {
    auto ready = prepare(example);
    if (!ready.ok()) return 1;
    prepared.push_back(std::move(ready).value());
    const Prepared* entry = &prepared.back();
    benchmark::RegisterBenchmark(example.file_name.c_str(), [entry](benchmark::State& state) {
      run_example(state, *entry);
    })->Unit(benchmark::kMillisecond);
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
