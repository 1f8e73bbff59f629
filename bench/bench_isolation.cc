// What running kernels in a sandboxed device process costs against running
// them in-process (issue targets: at most 10% on the example suite, 5 us
// per warm submit, no slowdown of eltwise or matmul through kernels).
//
// Every benchmark comes in both modes, /inproc and /isolated, measured in
// one run: compare their ratio, not absolute times, on a noisy machine.
#include <benchmark/benchmark.h>

#include "../tests/support/metal_program_builder.h"
#include "tessera/builder/example_suite.h"
#include "tessera/format/generated.h"
#include "tessera/runtime/device.h"
#include "tessera/runtime/submit.h"

namespace {

namespace rt = tessera::runtime;
using tessera::metal::DeviceIsolation;

// Options of a device `id` with `isolation`.
rt::DeviceOptions options_for(tessera::metal::DeviceIsolation isolation, uint32_t id = 0) {
  rt::DeviceOptions options;
  options.device_ids = {id};
  options.isolation = isolation;
  return options;
}

struct Prepared {
  std::string name;
  rt::Binary binary;
  std::vector<rt::Tensor> inputs;
};

// Golden inputs of program 0 as tensors of the binary's runtime.
tessera::Result<Prepared> prepare(const std::string& name, std::span<const uint8_t> bytes) {
  TESSERA_ASSIGN_OR_RETURN(rt::Binary binary, rt::Binary::load_memory(bytes, name));
  const auto* metal = binary.format().metal();
  const auto* goldens = metal ? metal->programs()->Get(0)->golden_inputs()
                              : binary.format().ttnn()->programs()->Get(0)->golden_inputs();
  TESSERA_ASSIGN_OR_RETURN(auto infos, binary.program_inputs(0));
  Prepared prepared{name, binary, {}};
  for (uint32_t i = 0; i < infos.size(); ++i) {
    const auto* data = goldens ? goldens->Get(i)->data() : nullptr;
    std::vector<uint8_t> zeros(data ? 0 : infos[i].size_bytes);
    std::span<const uint8_t> values =
        data ? std::span<const uint8_t>(data->data(), data->size()) : zeros;
    TESSERA_ASSIGN_OR_RETURN(rt::Tensor tensor,
                             rt::Tensor::create_from_bytes(infos[i], values, binary.runtime()));
    prepared.inputs.push_back(std::move(tensor));
  }
  return prepared;
}

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

// One kernel that does nothing, on one core: the submit's fixed cost.
std::vector<uint8_t> empty_kernel_binary() {
  tessera::testing::MetalProgramBuilder program;
  program.reader_program(0, "#include \"dataflow_api.h\"\nvoid kernel_main() {}\n");
  program.finish(0);
  return program.build({}, {}, "empty_kernel");
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
  auto chip = tessera::sim::builtin_chip_descriptor(tessera::sim::Arch::kWormholeB0);
  if (!chip.ok()) return 1;
  auto suite = tessera::builder::build_example_suite(*chip);
  if (!suite.ok()) return 1;
  static std::vector<Prepared> prepared;
  prepared.reserve(suite->size() + 1);
  for (const auto& example : *suite) {
    auto ready = prepare(example.file_name, example.bytes);
    if (!ready.ok()) return 1;
    prepared.push_back(std::move(ready).value());
  }
  const std::vector<uint8_t> empty = empty_kernel_binary();
  auto empty_ready = prepare("empty_kernel.ttm", empty);
  if (!empty_ready.ok()) return 1;
  prepared.push_back(std::move(empty_ready).value());

  std::vector<const Prepared*> whole_suite, metal_suite;
  for (size_t i = 0; i + 1 < prepared.size(); ++i) {
    whole_suite.push_back(&prepared[i]);
    if (prepared[i].binary.format().metal()) metal_suite.push_back(&prepared[i]);
  }
  register_pair("WarmSubmit/empty_kernel", {&prepared.back()});
  register_pair("ExampleSuite/all", whole_suite);
  register_pair("ExampleSuite/ttm", metal_suite);
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
