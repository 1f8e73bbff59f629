// Benchmark helpers: binaries ready to submit, with their golden inputs
// (zeros for inputs without one), and the builder's example suite so.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "tessera/builder/example_suite.h"
#include "tessera/format/current_generated.h"
#include "tessera/format/generated.h"
#include "tessera/runtime/internal/binary_access.h"
#include "tessera/runtime/submit.h"

namespace tessera::bench {

struct PreparedExample {
  std::string name;
  runtime::Binary binary;
  std::vector<runtime::Tensor> inputs;
};

// Golden input `index` of program 0, in either layout (2024: golden_inputs;
// current: the golden map's "input_<index>"), or null.
inline const flatbuffers::Vector<uint8_t>* golden_input(const format::Binary& binary,
                                                        uint32_t index) {
  if (const auto* current = binary.current_metal()) {
    const auto* debug = current->programs()->Get(0)->debug_info();
    const auto* info = debug ? debug->golden_info() : nullptr;
    const std::string key = "input_" + std::to_string(index);
    for (uint32_t i = 0; info && info->golden_map() && i < info->golden_map()->size(); ++i) {
      const auto* entry = info->golden_map()->Get(i);
      if (!entry->key() || entry->key()->str() != key || !entry->value()) continue;
      if (entry->value()->size() == 0 || !entry->value()->Get(0)->value()) return nullptr;
      return entry->value()->Get(0)->value()->data();
    }
    return nullptr;
  }
  const auto* metal = binary.metal();
  const auto* goldens = metal ? metal->programs()->Get(0)->golden_inputs()
                              : binary.ttnn()->programs()->Get(0)->golden_inputs();
  return goldens && index < goldens->size() ? goldens->Get(index)->data() : nullptr;
}

// Program 0's inputs as tensors of the binary's runtime.
inline Result<PreparedExample> prepare_example(const std::string& name,
                                               std::span<const uint8_t> bytes) {
  TESSERA_ASSIGN_OR_RETURN(runtime::Binary binary, runtime::Binary::load_memory(bytes, name));
  TESSERA_ASSIGN_OR_RETURN(auto infos, binary.program_inputs(0));
  PreparedExample prepared{name, binary, {}};
  for (uint32_t i = 0; i < infos.size(); ++i) {
    const auto* data = golden_input(runtime::format_binary(binary), i);
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
