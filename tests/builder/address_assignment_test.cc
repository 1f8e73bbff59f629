// Static address assignment: live buffers never overlap, space is reused,
// and the TTM0 lowering keeps that promise on random graphs.
#include "tessera/builder/address_assignment.h"

#include <gtest/gtest.h>

#include <random>

#include "tessera/builder/metal_lowering.h"

namespace tessera::builder {
namespace {

bool overlap_in_time(const LiveRange& a, const LiveRange& b) {
  return a.first <= b.last && b.first <= a.last;
}

bool overlap_in_space(uint64_t a, uint64_t a_size, uint64_t b, uint64_t b_size) {
  return a < b + b_size && b < a + a_size;
}

void expect_no_live_overlap(std::span<const LiveRange> ranges, const AddressPlan& plan) {
  for (size_t i = 0; i < ranges.size(); ++i) {
    for (size_t j = i + 1; j < ranges.size(); ++j) {
      if (!overlap_in_time(ranges[i], ranges[j])) continue;
      EXPECT_FALSE(
          overlap_in_space(plan.addresses[i], ranges[i].size, plan.addresses[j], ranges[j].size))
          << "buffers " << i << " and " << j << " are live together and overlap";
    }
  }
}

TEST(AddressAssignment, ReusesSpaceAfterLastUse) {
  std::vector<LiveRange> ranges = {{1000, 0, 1}, {1000, 1, 2}, {1000, 2, 3}};
  auto plan = assign_addresses(ranges, 0x1000, 0x100000, 64);
  ASSERT_TRUE(plan.ok()) << plan.error().describe();
  EXPECT_EQ(plan->addresses[0], 0x1000u);
  EXPECT_NE(plan->addresses[1], plan->addresses[0]);
  EXPECT_EQ(plan->addresses[2], plan->addresses[0]);  // buffer 0 died at step 1
  for (uint64_t address : plan->addresses) EXPECT_EQ(address % 64, 0u);
}

TEST(AddressAssignment, ReportsWhatDoesNotFit) {
  std::vector<LiveRange> ranges = {{600, 0, 1}, {600, 0, 1}};
  auto plan = assign_addresses(ranges, 0, 1024, 64);
  ASSERT_FALSE(plan.ok());
  EXPECT_EQ(plan.error().code(), ErrorCode::kOutOfMemory);
}

TEST(AddressAssignment, RandomRangesNeverOverlapWhileLive) {
  std::mt19937 random(7);
  for (int trial = 0; trial < 200; ++trial) {
    std::vector<LiveRange> ranges(1 + random() % 40);
    for (LiveRange& range : ranges) {
      range.first = static_cast<int>(random() % 20);
      range.last = range.first + static_cast<int>(random() % 6);
      range.size = 1 + random() % 5000;
    }
    auto plan = assign_addresses(ranges, 0x100, 1 << 24, 32);
    ASSERT_TRUE(plan.ok()) << plan.error().describe();
    expect_no_live_overlap(ranges, *plan);
  }
}

// Random chains of L1 ops; the lowered buffers must never overlap while live.
TEST(AddressAssignment, LoweringOfRandomGraphsNeverOverlapsLiveTensors) {
  auto chip = sim::builtin_chip_descriptor(sim::Arch::kWormholeB0);
  ASSERT_TRUE(chip.ok());
  std::mt19937 random(11);
  using tt::target::ttnn::EltwiseOpType;
  for (int trial = 0; trial < 30; ++trial) {
    Graph graph("random_" + std::to_string(trial));
    Placement rows{tt::target::MemorySpace::DeviceL1, Layout::kRowMajor, 1, 1};
    Placement tiles{tt::target::MemorySpace::DeviceL1, Layout::kTile, 1, 1};
    std::vector<TensorId> pool;
    for (int i = 0; i < 3; ++i) {
      pool.push_back(graph.input("in" + std::to_string(i), {64, 64}, tt::target::DataType::Float32,
                                 rows, {.seed = static_cast<uint64_t>(trial * 10 + i)}));
    }
    int ops = 3 + static_cast<int>(random() % 10);
    for (int i = 0; i < ops; ++i) {
      TensorId a = pool[random() % pool.size()];
      TensorId b = pool[random() % pool.size()];
      Result<TensorId> next = make_error(ErrorCode::kInternal, "");
      if (graph.tensor(a).placement.layout != graph.tensor(b).placement.layout ||
          random() % 3 == 0) {
        bool tiled = graph.tensor(a).placement.layout == Layout::kTile;
        next = graph.relayout(a, tiled ? rows : tiles);
      } else if (random() % 2 == 0) {
        next = graph.eltwise(EltwiseOpType::Add, {a, b});
      } else {
        next = graph.eltwise(EltwiseOpType::Relu, {a});
      }
      ASSERT_TRUE(next.ok()) << next.error().describe();
      pool.push_back(*next);
    }
    // Program outputs are row-major (host bytes are).
    TensorId last = pool.back();
    if (graph.tensor(last).placement.layout == Layout::kTile) {
      auto untiled = graph.relayout(last, rows);
      ASSERT_TRUE(untiled.ok());
      last = *untiled;
    }
    graph.output(last);
    auto lowered = lower_to_metal(graph, *chip);
    ASSERT_TRUE(lowered.ok()) << lowered.error().describe();
    std::vector<LiveRange> ranges;
    AddressPlan plan;
    for (const LoweredBuffer& buffer : lowered->buffers) {
      ranges.push_back(buffer.live);
      plan.addresses.push_back(buffer.address);
      EXPECT_GE(buffer.address, chip->l1_unreserved_base);
      EXPECT_LE(buffer.address + buffer.live.size, chip->l1_size);
    }
    expect_no_live_overlap(ranges, plan);
  }
}

}  // namespace
}  // namespace tessera::builder
