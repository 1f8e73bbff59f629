// The runtime's own device enums and their internal counterparts, opening on
// a system descriptor's chips, and events that are complete when returned.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <vector>

#include "tessera/runtime/arch.h"
#include "tessera/runtime/device.h"
#include "tessera/runtime/internal/device_access.h"
#include "tessera/runtime/submit.h"
#include "tessera/runtime/version.h"

namespace tessera::runtime {
namespace {

using ::testing::HasSubstr;

TEST(DeviceOptionsTest, ArchNamesRoundTripAndMatchTheSimulator) {
  for (Arch arch : {Arch::kGrayskull, Arch::kWormholeB0, Arch::kBlackhole}) {
    EXPECT_EQ(arch_from_name(arch_name(arch)), arch);
    EXPECT_EQ(arch_name(arch), sim::arch_name(to_sim_arch(arch)));
    EXPECT_EQ(from_sim_arch(to_sim_arch(arch)), arch);
  }
  EXPECT_EQ(arch_from_name("wormhole"), std::nullopt);
  EXPECT_EQ(to_metal_isolation(DeviceIsolation::kIsolated), metal::DeviceIsolation::kIsolated);
  EXPECT_EQ(to_metal_isolation(DeviceIsolation::kInProcess), metal::DeviceIsolation::kInProcess);
}

TEST(DeviceOptionsTest, OpensTheArchItNames) {
  DeviceOptions options;
  options.arch = Arch::kBlackhole;
  auto device = open_device(options);
  ASSERT_TRUE(device.ok()) << device.error().describe();
  auto chip = metal_device(*device, 0);
  ASSERT_TRUE(chip.ok()) << chip.error().describe();
  EXPECT_EQ((*chip)->descriptor().arch, sim::Arch::kBlackhole);
  EXPECT_FALSE(metal_device(*device, 1).ok());
  EXPECT_TRUE(close_device(*device).ok());
}

TEST(DeviceOptionsTest, OpensOnASystemDescriptorsChips) {
  auto grayskull = sim::builtin_chip_descriptor(sim::Arch::kGrayskull);
  ASSERT_TRUE(grayskull.ok());
  std::vector<sim::ChipDescriptor> chips = {*grayskull};
  DeviceOptions options;  // arch says wormhole_b0: the chips win
  auto device = open_device_on_chips(options, chips);
  ASSERT_TRUE(device.ok()) << device.error().describe();
  EXPECT_EQ((*metal_device(*device, 0))->descriptor().arch, sim::Arch::kGrayskull);
  EXPECT_TRUE(close_device(*device).ok());

  options.device_ids = {0, 1};
  auto too_few = open_device_on_chips(options, chips);
  ASSERT_FALSE(too_few.ok());
  EXPECT_THAT(too_few.error().message(), HasSubstr("has 1 chip(s)"));
  EXPECT_FALSE(open_device_on_chips(options, {}).ok());
}

TEST(DeviceOptionsTest, EventsAreCompleteAndCarryTheirRuntime) {
  Event event = Event::completed(Runtime::kTtnn);
  EXPECT_TRUE(wait(event, Runtime::kTtnn).ok());
  EXPECT_FALSE(wait(event, Runtime::kTtmetal).ok());
  EXPECT_FALSE(wait(Event(), Runtime::kTtnn).ok());
}

TEST(DeviceOptionsTest, VersionIsTheProjects) {
  EXPECT_EQ(version(), TESSERA_VERSION);
}

}  // namespace
}  // namespace tessera::runtime
