#include <nlohmann/json.hpp>

#include "fuzz_input.h"
#include "fuzz_targets.h"
#include "tessera/format/address_fit.h"
#include "tessera/format/binary.h"
#include "tessera/format/binary_sections.h"
#include "tessera/format/generated.h"
#include "tessera/format/json.h"
#include "tessera/format/target_fit.h"

namespace tessera::fuzz {

void inspect_binary(const uint8_t* data, size_t size) {
  auto binary = format::Binary::load_memory(resealed(data, size), "fuzz.bin");
  if (!binary.ok()) {
    (void)binary.error().describe();
    return;
  }
  for (auto section :
       {format::Section::kAll, format::Section::kVersion, format::Section::kSystemDesc,
        format::Section::kPrograms, format::Section::kInputs, format::Section::kOutputs,
        format::Section::kKernels}) {
    auto json = format::read_section(*binary, section);
    // What the CLI prints and writes into its reports.
    if (json.ok()) (void)json->dump(2);
  }
  (void)format::binary_to_json(*binary);
  if (const tt::target::SystemDesc* system = binary->system_desc()) {
    for (const format::FitCheck& check : format::check_target_fit(system, *system)) {
      (void)nlohmann::json({{"check", check.name}, {"detail", check.detail}}).dump();
    }
    (void)format::check_address_fit(*binary, *system);
  }
}

}  // namespace tessera::fuzz
