// What the fit checks compare about a system, read from a system descriptor
// in either wire layout: per chip, its arch, grid, memories, alignments and
// unreserved ranges. The current layout renumbers Arch (format/current_enums.h);
// both read into tessera's enum here, so a 2024 binary can be checked
// against a current target and the other way round.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tessera/format/binary.h"

namespace tt::target {
enum class Arch : uint32_t;
}

namespace tessera::format {

struct ChipFacts {
  // nullopt for a chip tessera's enum has no value for (Quasar); arch_name
  // names it either way.
  std::optional<tt::target::Arch> arch;
  std::string arch_name;
  bool has_grid = false;
  int32_t grid_y = 0, grid_x = 0;
  uint64_t l1_size = 0;
  uint32_t num_dram_channels = 0;
  uint64_t dram_channel_size = 0;
  uint32_t noc_l1_address_align_bytes = 0;
  uint32_t pcie_address_align_bytes = 0;
  uint32_t noc_dram_address_align_bytes = 0;
  uint32_t l1_unreserved_base = 0;
  uint32_t dram_unreserved_base = 0;
  // The current layout's upper bound of compiler-placed DRAM; 0: not stated.
  uint32_t dram_unreserved_end = 0;
};

struct SystemFacts {
  // By chip index (chip_desc_indices applied); nullopt where an index points
  // past chip_descs.
  std::vector<std::optional<ChipFacts>> chips;

  // Chip `index`, or null if there is none.
  const ChipFacts* chip(size_t index) const {
    return index < chips.size() && chips[index] ? &*chips[index] : nullptr;
  }
};

SystemFacts system_facts(const tt::target::SystemDesc& system);
SystemFacts system_facts(const tt::target::current::SystemDesc& system);

// The system descriptor a binary carries (a .ttsys, or the one inside a
// .ttm/.ttnn), in whichever layout; nullopt if it has none.
std::optional<SystemFacts> system_facts_of(const Binary& binary);

}  // namespace tessera::format
