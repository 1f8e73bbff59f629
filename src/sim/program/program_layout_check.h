// Static checks of a program's L1 layout before anything runs: cores on
// the grid, CBs inside L1 and not overlapping each other or the
// semaphores, and not clashing with live L1 buffers.
#pragma once

#include "tessera/base/status.h"
#include "tessera/sim/memory/chip.h"
#include "tessera/sim/noc/program_l1_regions.h"
#include "tessera/sim/program/program_plan.h"

namespace tessera::sim {

// Checks the layout and returns the program's L1 regions per core.
Result<ProgramL1Regions> check_program_layout(const Chip& chip, const ProgramPlan& plan);

// Every core of a range set, in order, without duplicates; an error names
// a core outside the grid.
Result<std::vector<CoreCoord>> expand_cores(const ChipDescriptor& chip, const CoreRangeSet& set);

}  // namespace tessera::sim
