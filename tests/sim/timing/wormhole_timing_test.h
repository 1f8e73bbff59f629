// A test fixture with Wormhole's built-in timing parameters and chip
// descriptor, for the timing tests' hand-worked cases.
#pragma once

#include <gtest/gtest.h>

#include "tessera/sim/arch/chip_descriptor.h"
#include "tessera/sim/timing/timing_params.h"
#include "tessera/sim/timing/timing_replay.h"

namespace tessera::sim::timing {

class WormholeTimingTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto params = builtin_timing_params(Arch::kWormholeB0);
    ASSERT_TRUE(params.ok()) << params.error().describe();
    params_ = *params;
    auto chip = builtin_chip_descriptor(Arch::kWormholeB0);
    ASSERT_TRUE(chip.ok()) << chip.error().describe();
    chip_ = *chip;
  }

  // A kernel of `trace` on the worker at logical `core`.
  ReplayKernel kernel(const char* name, CoreCoord core, const KernelTrace& trace,
                      KernelProcessor processor = KernelProcessor::kDataMovement0) const {
    return {name, core, chip_.worker_index(core), processor, &trace};
  }

  TimingParams params_;
  ChipDescriptor chip_;
};

}  // namespace tessera::sim::timing
