#include "tessera/format/system_facts.h"

#include "current/system_desc_generated.h"
#include "system_desc_generated.h"
#include "tessera/format/current_enums.h"

namespace tessera::format {
namespace {

// The fields both layouts' ChipDesc share, by name.
template <typename Chip>
ChipFacts shared_facts(const Chip& chip) {
  ChipFacts facts;
  if (chip.grid_size()) {
    facts.has_grid = true;
    facts.grid_y = chip.grid_size()->y();
    facts.grid_x = chip.grid_size()->x();
  }
  facts.l1_size = chip.l1_size();
  facts.num_dram_channels = chip.num_dram_channels();
  facts.dram_channel_size = chip.dram_channel_size();
  facts.noc_l1_address_align_bytes = chip.noc_l1_address_align_bytes();
  facts.pcie_address_align_bytes = chip.pcie_address_align_bytes();
  facts.noc_dram_address_align_bytes = chip.noc_dram_address_align_bytes();
  facts.l1_unreserved_base = chip.l1_unreserved_base();
  facts.dram_unreserved_base = chip.dram_unreserved_base();
  return facts;
}

ChipFacts chip_facts(const tt::target::ChipDesc& chip) {
  ChipFacts facts = shared_facts(chip);
  facts.arch = chip.arch();
  const char* name = tt::target::EnumNameArch(chip.arch());
  facts.arch_name = *name ? name : "arch " + std::to_string(static_cast<uint32_t>(chip.arch()));
  return facts;
}

ChipFacts chip_facts(const tt::target::current::ChipDesc& chip) {
  ChipFacts facts = shared_facts(chip);
  if (auto arch = arch_from_current(chip.arch()); arch.ok()) facts.arch = *arch;
  const char* name = tt::target::current::EnumNameArch(chip.arch());
  facts.arch_name = *name ? name : "arch " + std::to_string(static_cast<uint32_t>(chip.arch()));
  facts.dram_unreserved_end = chip.dram_unreserved_end();
  return facts;
}

// Chip i is chip_descs[chip_desc_indices[i]]; without indices, chip_descs[i].
template <typename System>
SystemFacts facts_of(const System& system) {
  SystemFacts facts;
  const auto* descs = system.chip_descs();
  const auto* indices = system.chip_desc_indices();
  const size_t count =
      indices && indices->size() > 0 ? indices->size() : (descs ? descs->size() : 0);
  for (size_t chip = 0; chip < count; ++chip) {
    const size_t desc =
        indices && indices->size() > 0 ? indices->Get(static_cast<uint32_t>(chip)) : chip;
    if (!descs || desc >= descs->size()) {
      facts.chips.emplace_back(std::nullopt);
      continue;
    }
    facts.chips.emplace_back(chip_facts(*descs->Get(static_cast<uint32_t>(desc))));
  }
  return facts;
}

}  // namespace

SystemFacts system_facts(const tt::target::SystemDesc& system) {
  return facts_of(system);
}

SystemFacts system_facts(const tt::target::current::SystemDesc& system) {
  return facts_of(system);
}

std::optional<SystemFacts> system_facts_of(const Binary& binary) {
  if (const tt::target::SystemDesc* system = binary.system_desc()) return system_facts(*system);
  if (const auto* system = binary.current_system_desc()) return system_facts(*system);
  return std::nullopt;
}

}  // namespace tessera::format
