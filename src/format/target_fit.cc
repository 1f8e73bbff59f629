#include "tessera/format/target_fit.h"

#include <algorithm>
#include <sstream>

#include "system_desc_generated.h"

namespace tessera::format {
namespace {

using tt::target::ChipDesc;

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

void check_chip(size_t index, const ChipDesc& chip, const ChipDesc& target,
                std::vector<FitCheck>& checks) {
  std::string prefix = chip_prefix(index);
  checks.push_back({prefix + "arch", chip.arch() == target.arch(),
                    std::string("binary ") + tt::target::EnumNameArch(chip.arch()) + ", target " +
                        tt::target::EnumNameArch(target.arch())});
  if (chip.grid_size() && target.grid_size()) {
    const auto& grid = *chip.grid_size();
    const auto& target_grid = *target.grid_size();
    std::ostringstream detail;
    detail << "binary grid " << grid.y() << "x" << grid.x() << ", target grid " << target_grid.y()
           << "x" << target_grid.x();
    checks.push_back({prefix + "grid", grid.y() <= target_grid.y() && grid.x() <= target_grid.x(),
                      detail.str()});
  }
  checks.push_back(
      at_most(prefix + "l1_size", "L1 bytes per core", chip.l1_size(), target.l1_size()));
  checks.push_back(at_most(prefix + "dram_channels", "DRAM channels", chip.num_dram_channels(),
                           target.num_dram_channels()));
  checks.push_back(at_most(prefix + "dram_channel_size", "bytes per DRAM channel",
                           chip.dram_channel_size(), target.dram_channel_size()));
  checks.push_back(alignment(prefix + "l1_alignment", chip.noc_l1_address_align_bytes(),
                             target.noc_l1_address_align_bytes()));
  checks.push_back(alignment(prefix + "dram_alignment", chip.noc_dram_address_align_bytes(),
                             target.noc_dram_address_align_bytes()));
  checks.push_back(alignment(prefix + "pcie_alignment", chip.pcie_address_align_bytes(),
                             target.pcie_address_align_bytes()));
  checks.push_back(base_at_least(prefix + "l1_unreserved_base", chip.l1_unreserved_base(),
                                 target.l1_unreserved_base()));
  checks.push_back(base_at_least(prefix + "dram_unreserved_base", chip.dram_unreserved_base(),
                                 target.dram_unreserved_base()));
}

const ChipDesc* chip_of(const tt::target::SystemDesc& system, size_t chip_index) {
  const auto* descs = system.chip_descs();
  if (!descs) return nullptr;
  size_t desc_index = chip_index;
  if (system.chip_desc_indices() && chip_index < system.chip_desc_indices()->size()) {
    desc_index = system.chip_desc_indices()->Get(static_cast<uint32_t>(chip_index));
  }
  if (desc_index >= descs->size()) return nullptr;
  return descs->Get(static_cast<uint32_t>(desc_index));
}

size_t chip_count(const tt::target::SystemDesc& system) {
  if (system.chip_desc_indices() && system.chip_desc_indices()->size() > 0) {
    return system.chip_desc_indices()->size();
  }
  return system.chip_descs() ? system.chip_descs()->size() : 0;
}

}  // namespace

std::vector<FitCheck> check_target_fit(const tt::target::SystemDesc* binary,
                                       const tt::target::SystemDesc& target) {
  std::vector<FitCheck> checks;
  if (!binary || chip_count(*binary) == 0) {
    checks.push_back({"system_desc", true, "binary names no chips; any target fits"});
    return checks;
  }
  size_t chips = chip_count(*binary);
  size_t target_chips = chip_count(target);
  checks.push_back(at_most(std::string("chip count"), "chips", chips, target_chips));
  for (size_t index = 0; index < std::min(chips, target_chips); ++index) {
    const ChipDesc* chip = chip_of(*binary, index);
    const ChipDesc* target_chip = chip_of(target, index);
    if (!chip || !target_chip) {
      checks.push_back(
          {chip_prefix(index) + "descriptor", false, "chip_desc_indices points past chip_descs"});
      continue;
    }
    check_chip(index, *chip, *target_chip, checks);
  }
  return checks;
}

bool all_fit(const std::vector<FitCheck>& checks) {
  return std::all_of(checks.begin(), checks.end(), [](const FitCheck& c) { return c.ok; });
}

}  // namespace tessera::format
