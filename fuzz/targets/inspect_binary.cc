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
  // One conversion feeds every section: the same selection `read --section`
  // makes, at a fraction of the cost per input.
  auto root = format::read_root(*binary);
  if (root.ok()) {
    // What the CLI prints and writes into its reports.
    (void)root->dump(2);
    for (auto section :
         {format::Section::kVersion, format::Section::kSystemDesc, format::Section::kPrograms,
          format::Section::kInputs, format::Section::kOutputs, format::Section::kKernels}) {
      auto json = format::section_of_root(*binary, *root, section);
      if (json.ok()) (void)json->dump(2);
    }
  }
  if (const tt::target::SystemDesc* system = binary->system_desc()) {
    for (const format::FitCheck& check : format::check_target_fit(system, *system)) {
      (void)nlohmann::json({{"check", check.name}, {"detail", check.detail}}).dump();
    }
    (void)format::check_address_fit(*binary, *system);
  }
}

}  // namespace tessera::fuzz
