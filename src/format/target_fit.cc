#include "tessera/format/target_fit.h"

#include <algorithm>
#include <sstream>

#include "tessera/format/system_facts.h"

namespace tessera::format {
namespace {

std::string chip_prefix(size_t index) {
  return "chip " + std::to_string(index) + " ";
}

template <typename T>
FitCheck at_most(std::string name, const char* what, T needed, T available) {
  std::ostringstream detail;
  detail << what << ": binary needs " << needed << ", target has " << available;
  return {std::move(name), needed <= available, detail.str()};
}

// The binary's compiler aligned addresses to `needed`; the target accepts them
// if its alignment divides that.
FitCheck alignment(std::string name, uint32_t needed, uint32_t target) {
  if (needed == 0) return {std::move(name), true, "not stated by the binary"};
  std::ostringstream detail;
  detail << "binary aligns to " << needed << " bytes, target requires " << target;
  bool ok = target != 0 && needed % target == 0;
  return {std::move(name), ok, detail.str()};
}

// Compiler-assigned addresses start at the binary's base; they must not fall
// into the target's reserved region below its base.
FitCheck base_at_least(std::string name, uint32_t needed, uint32_t target) {
  if (needed == 0) return {std::move(name), true, "not stated by the binary"};
  std::ostringstream detail;
  detail << "binary's unreserved base " << needed << ", target's " << target;
  return {std::move(name), needed >= target, detail.str()};
}

// Arches compare by tessera's enum, so a renumbered current-layout arch
// matches its 2024 twin; a chip tessera has no value for matches nothing.
FitCheck same_arch(std::string name, const ChipFacts& chip, const ChipFacts& target) {
  const bool same = chip.arch && target.arch && *chip.arch == *target.arch;
  return {std::move(name), same, "binary " + chip.arch_name + ", target " + target.arch_name};
}

void check_chip(size_t index, const ChipFacts& chip, const ChipFacts& target,
                std::vector<FitCheck>& checks) {
  std::string prefix = chip_prefix(index);
  checks.push_back(same_arch(prefix + "arch", chip, target));
  if (chip.has_grid && target.has_grid) {
    std::ostringstream detail;
    detail << "binary grid " << chip.grid_y << "x" << chip.grid_x << ", target grid "
           << target.grid_y << "x" << target.grid_x;
    checks.push_back({prefix + "grid", chip.grid_y <= target.grid_y && chip.grid_x <= target.grid_x,
                      detail.str()});
  }
  checks.push_back(at_most(prefix + "l1_size", "L1 bytes per core", chip.l1_size, target.l1_size));
  checks.push_back(at_most(prefix + "dram_channels", "DRAM channels", chip.num_dram_channels,
                           target.num_dram_channels));
  checks.push_back(at_most(prefix + "dram_channel_size", "bytes per DRAM channel",
                           chip.dram_channel_size, target.dram_channel_size));
  checks.push_back(alignment(prefix + "l1_alignment", chip.noc_l1_address_align_bytes,
                             target.noc_l1_address_align_bytes));
  checks.push_back(alignment(prefix + "dram_alignment", chip.noc_dram_address_align_bytes,
                             target.noc_dram_address_align_bytes));
  checks.push_back(alignment(prefix + "pcie_alignment", chip.pcie_address_align_bytes,
                             target.pcie_address_align_bytes));
  checks.push_back(base_at_least(prefix + "l1_unreserved_base", chip.l1_unreserved_base,
                                 target.l1_unreserved_base));
  checks.push_back(base_at_least(prefix + "dram_unreserved_base", chip.dram_unreserved_base,
                                 target.dram_unreserved_base));
}

}  // namespace

std::vector<FitCheck> check_target_fit(const SystemFacts* binary, const SystemFacts& target) {
  std::vector<FitCheck> checks;
  if (!binary || binary->chips.empty()) {
    checks.push_back({"system_desc", true, "binary names no chips; any target fits"});
    return checks;
  }
  const size_t chips = binary->chips.size();
  const size_t target_chips = target.chips.size();
  checks.push_back(at_most(std::string("chip count"), "chips", chips, target_chips));
  for (size_t index = 0; index < std::min(chips, target_chips); ++index) {
    const ChipFacts* chip = binary->chip(index);
    const ChipFacts* target_chip = target.chip(index);
    if (!chip || !target_chip) {
      checks.push_back(
          {chip_prefix(index) + "descriptor", false, "chip_desc_indices points past chip_descs"});
      continue;
    }
    check_chip(index, *chip, *target_chip, checks);
  }
  return checks;
}

std::vector<FitCheck> check_target_fit(const tt::target::SystemDesc* binary,
                                       const tt::target::SystemDesc& target) {
  const SystemFacts target_facts = system_facts(target);
  if (!binary) return check_target_fit(nullptr, target_facts);
  const SystemFacts binary_facts = system_facts(*binary);
  return check_target_fit(&binary_facts, target_facts);
}

bool all_fit(const std::vector<FitCheck>& checks) {
  return std::all_of(checks.begin(), checks.end(), [](const FitCheck& c) { return c.ok; });
}

}  // namespace tessera::format
