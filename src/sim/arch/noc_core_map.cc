#include "tessera/sim/arch/noc_core_map.h"

#include <algorithm>

namespace tessera::sim {

NocCoreMap::NocCoreMap(const ChipDescriptor& chip) {
  for (const std::vector<CoreCoord>* cores : {&chip.worker_cores, &chip.dram_cores}) {
    for (CoreCoord core : *cores) {
      width_ = std::max(width_, core.x + 1);
      height_ = std::max(height_, core.y + 1);
    }
  }
  entries_.assign(std::size_t{width_} * height_, Entry{});
  for (uint32_t i = 0; i < chip.dram_cores.size(); ++i) {
    const CoreCoord core = chip.dram_cores[i];
    entries_[core.y * width_ + core.x] = {Kind::kDram, i};
  }
  // Workers win a clash, as the lookups they replace checked workers first.
  for (uint32_t i = 0; i < chip.worker_cores.size(); ++i) {
    const CoreCoord core = chip.worker_cores[i];
    entries_[core.y * width_ + core.x] = {Kind::kWorker, i};
  }
}

}  // namespace tessera::sim
