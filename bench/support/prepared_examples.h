// Benchmark helpers: binaries ready to submit, with their golden inputs
// (zeros for inputs without one), and the builder's example suite so.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "tessera/builder/example_suite.h"
#include "tessera/format/generated.h"
#include "tessera/runtime/internal/binary_access.h"
#include "tessera/runtime/submit.h"

namespace tessera::bench {

struct PreparedExample {
  std::string name;
  runtime::Binary binary;
  std::vector<runtime::Tensor> inputs;
};

// Program 0's inputs as tensors of the binary's runtime.
inline Result<PreparedExample> prepare_example(const std::string& name,
                                               std::span<const uint8_t> bytes) {
  TESSERA_ASSIGN_OR_RETURN(runtime::Binary binary, runtime::Binary::load_memory(bytes, name));
  const auto* metal = runtime::format_binary(binary).metal();
  const auto* goldens =
      metal ? metal->programs()->Get(0)->golden_inputs()
            : runtime::format_binary(binary).ttnn()->programs()->Get(0)->golden_inputs();
  TESSERA_ASSIGN_OR_RETURN(auto infos, binary.program_inputs(0));
  PreparedExample prepared{name, binary, {}};
  for (uint32_t i = 0; i < infos.size(); ++i) {
    const auto* data = goldens && i < goldens->size() ? goldens->Get(i)->data() : nullptr;
    std::vector<uint8_t> zeros(data ? 0 : infos[i].size_bytes);
    std::span<const uint8_t> values =
        data ? std::span<const uint8_t>(data->data(), data->size()) : zeros;
    TESSERA_ASSIGN_OR_RETURN(runtime::Tensor tensor, runtime::Tensor::create_from_bytes(
                                                         infos[i], values, binary.runtime()));
    prepared.inputs.push_back(std::move(tensor));
  }
  return prepared;
}

// Every binary of the builder's example suite for Wormhole B0.
inline Result<std::vector<PreparedExample>> prepare_example_suite() {
  TESSERA_ASSIGN_OR_RETURN(sim::ChipDescriptor chip,
                           sim::builtin_chip_descriptor(sim::Arch::kWormholeB0));
  TESSERA_ASSIGN_OR_RETURN(auto suite, builder::build_example_suite(chip));
  std::vector<PreparedExample> prepared;
  for (const auto& example : suite) {
    TESSERA_ASSIGN_OR_RETURN(PreparedExample ready,
                             prepare_example(example.file_name, example.bytes));
    prepared.push_back(std::move(ready));
  }
  return prepared;
}

}  // namespace tessera::bench
