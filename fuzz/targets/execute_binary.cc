#include <chrono>
#include <cstdlib>
#include <memory>
#include <optional>

#include "fuzz_input.h"
#include "fuzz_targets.h"
#include "tessera/runtime/submit.h"

namespace tessera::fuzz {
namespace {

// One device for the whole fuzzing process, reopened if a run closed it.
runtime::Device& device() {
  static std::optional<runtime::Device> device;
  if (!device || !device->valid() || device->num_devices() == 0) {
    runtime::DeviceOptions options;
    // A mutant whose kernel loops forever fails in 0.1 s, not in the
    // default 30 s that libFuzzer would report as a slow unit. Such mutants
    // are common (about 3% of a long run's corpus), so every second they
    // take is most of the fuzzer's time.
    options.kernel_stall_limit = std::chrono::milliseconds(100);
    auto opened = runtime::open_device(options);
    if (!opened.ok()) std::abort();  // the harness itself is broken
    device = *opened;
  }
  return *device;
}

void execute(const uint8_t* data, size_t size, runtime::Runtime expected) {
  auto binary = runtime::Binary::load_memory(resealed(data, size), "fuzz.bin");
  if (!binary.ok() || binary->runtime() != expected) return;
  for (uint32_t program = 0; program < binary->program_count() && program < 4; ++program) {
    auto infos = binary->program_inputs(program);
    if (!infos.ok()) continue;
    std::vector<runtime::Tensor> inputs;
    bool made = true;
    for (runtime::TensorInfo& info : *infos) {
      auto tensor = runtime::Tensor::create_owned(std::move(info), expected);
      if (!tensor.ok()) {
        made = false;
        break;
      }
      inputs.push_back(std::move(tensor).value());
    }
    if (!made) continue;
    // With device time, so that mutated kernels' traces reach the timing
    // replay; a program that ran is submitted again, which takes the
    // device's kept program and the replay memo.
    runtime::SubmitOptions options;
    options.collect_device_time = true;
    for (int round = 0; round < 2; ++round) {
      auto result = runtime::submit(device(), *binary, program, inputs, options);
      if (!result.ok()) break;
      (void)runtime::wait(result->event, expected);
    }
  }
}

}  // namespace

void execute_metal(const uint8_t* data, size_t size) {
  execute(data, size, runtime::Runtime::kTtmetal);
}

void execute_ttnn(const uint8_t* data, size_t size) {
  execute(data, size, runtime::Runtime::kTtnn);
}

void use_fuzzing_tensor_limit() {
  // Far above the example binaries' tensors; larger mutants still reach the
  // limit's own check, which is what they should reach.
  setenv("TESSERA_MAX_TENSOR_BYTES", "16M", /*overwrite=*/0);
}

}  // namespace tessera::fuzz
