// The timing replay's cost rules on tiny traces whose cycles are worked out
// by hand from the Wormhole parameters (asserted first, so a changed data
// file fails here with the number that moved rather than a wrong sum).
#include "tessera/sim/timing/timing_replay.h"

#include <gtest/gtest.h>

#include "tessera/sim/timing/unpack_cost.h"
#include "wormhole_timing_test.h"

namespace tessera::sim::timing {
namespace {

using Kind = TimingEventKind;

class TimingReplayTest : public WormholeTimingTest {
 protected:
  void SetUp() override {
    WormholeTimingTest::SetUp();
    if (HasFatalFailure()) return;
    // The numbers the hand computations below use.
    ASSERT_EQ(params_.kernel_launch_cycles, 1000u);
    // The data file gives the issue costs measured back to back (24 a read,
    // 38 a write); the worked examples below use 16 for both.
    ASSERT_EQ(params_.noc_read_issue_cycles, 24u);
    ASSERT_EQ(params_.noc_write_issue_cycles, 38u);
    params_.noc_read_issue_cycles = params_.noc_write_issue_cycles = 16;
    ASSERT_EQ(params_.noc_link_bytes_per_cycle, 32u);
    ASSERT_EQ(params_.noc_hop_cycles, 9u);
    // The data file gives the sustained 22 B/cycle (92% of 24); the worked
    // examples below use the round 24 of the theoretical rate.
    ASSERT_EQ(params_.dram_bytes_per_cycle_per_channel, 22u);
    params_.dram_bytes_per_cycle_per_channel = 24;
    ASSERT_EQ(params_.dram_latency_cycles, 300u);
    ASSERT_EQ(params_.noc_vc_buffer_bytes, 512u);
  }

  uint16_t worker_noc(CoreCoord logical) const {
    const CoreCoord noc = chip_.worker_cores[chip_.worker_index(logical)];
    return pack_noc_xy(noc.x, noc.y);
  }
  uint16_t dram_noc(uint32_t channel) const {
    return pack_noc_xy(chip_.dram_cores[channel].x, chip_.dram_cores[channel].y);
  }
  const KernelTiming& find(const ProgramTiming& timing, const char* name) const {
    for (const KernelTiming& kernel : timing.kernels) {
      if (kernel.kernel == name) return kernel;
    }
    ADD_FAILURE() << "no kernel " << name;
    return timing.kernels.front();
  }
};

TEST_F(TimingReplayTest, RoutesFollowEachNocsDirectionsAroundTheTorus) {
  // NoC 0: +x then +y; NoC 1: -y then -x; both wrap on the 10 x 12 grid.
  EXPECT_EQ(route_hops(params_, 0, {1, 1}, {4, 1}), 3u);
  EXPECT_EQ(route_hops(params_, 0, {4, 1}, {1, 1}), 7u);  // 4 -> 9, wraps, -> 1
  EXPECT_EQ(route_hops(params_, 1, {4, 1}, {1, 1}), 3u);
  EXPECT_EQ(route_hops(params_, 0, {1, 1}, {2, 3}), 3u);
  EXPECT_EQ(route_hops(params_, 1, {1, 1}, {2, 3}), 10u + 9u);  // 1 -> 3 down the wrap: 10; x: 9
}

TEST_F(TimingReplayTest, OneTransferOfNBytesOverHHops) {
  // Logical (0,0) is NoC (1,1), logical (3,0) is NoC (4,1): 3 hops on NoC 0.
  KernelTrace trace;
  trace.add({.kind = Kind::kNocWrite, .noc = 0, .target = worker_noc({3, 0}), .bytes = 4096});
  trace.add({.kind = Kind::kBarrier});
  ReplayInput input;
  input.kernels.push_back(kernel("writer", {0, 0}, trace));
  const ProgramTiming timing = replay_program(params_, chip_, input);
  // The data lands at launch 1000 + issue 16 + 4096 / 32 = 128 + 3 hops *
  // 9 = 27; the barrier waits for the acknowledgement: one flit (1 cycle)
  // back on NoC 0, 4 -> 9, wrapping, -> 1: 7 hops * 9 = 63.
  EXPECT_EQ(lone_transfer_cycles(params_, 4096, 3), 16 + 128 + 27);
  EXPECT_EQ(find(timing, "writer").end_cycle, 1000 + 16 + 128 + 27 + 1 + 63);
  EXPECT_EQ(timing.device_cycles, 1235);
  EXPECT_EQ(timing.kernel_cycles, 235);
  EXPECT_EQ(timing.noc_bytes, 4096u);
}

TEST_F(TimingReplayTest, AReadAndAWriteCostTheirIssuerTheirOwnCycles) {
  params_.noc_read_issue_cycles = 24;
  params_.noc_write_issue_cycles = 38;
  // Logical (0,0) is NoC (1,1); (3,0) is NoC (4,1). The kernel reads 32
  // bytes from (4,1), then writes 32 bytes there, then does nothing else.
  KernelTrace trace;
  trace.add({.kind = Kind::kNocRead, .noc = 0, .source = worker_noc({3, 0}), .bytes = 32});
  trace.add({.kind = Kind::kNocWrite, .noc = 0, .target = worker_noc({3, 0}), .bytes = 32});
  trace.add({.kind = Kind::kCompute, .value = 1});
  ReplayInput input;
  input.kernels.push_back(kernel("mover", {0, 0}, trace));
  const ProgramTiming timing = replay_program(params_, chip_, input);
  // Its own clock: launch 1000 + read 24 + write 38 + 1 = 1063; it then
  // waits for its transfers: the write leaves at 1062, crosses 3 hops (1
  // cycle + 27) and its acknowledgement comes back over 7 (1 + 63): 1154.
  EXPECT_EQ(find(timing, "mover").end_cycle, 1062 + 1 + 27 + 1 + 63);
  // With 16 for both, the write would leave at 1032.
  params_.noc_read_issue_cycles = params_.noc_write_issue_cycles = 16;
  EXPECT_EQ(find(replay_program(params_, chip_, input), "mover").end_cycle, 1032 + 1 + 27 + 1 + 63);
}

TEST_F(TimingReplayTest, ADramInterleavedPageCostsTheLoopsPaceWhereThatIsLonger) {
  params_.noc_read_issue_cycles = 24;
  params_.noc_write_issue_cycles = 38;
  ASSERT_EQ(params_.dram_page_read_loop_cycles, 39u);
  ASSERT_EQ(params_.dram_page_write_loop_cycles, 41u);
  // As in AReadAndAWriteCostTheirIssuerTheirOwnCycles, but both addresses
  // are DRAM-interleaved pages the kernel worked out: the read costs the
  // loop's 39 cycles, the write its 41, and the write leaves at 1080.
  KernelTrace trace;
  trace.add({.kind = Kind::kNocRead,
             .noc = 0,
             .flag = kDramPageAddress,
             .source = worker_noc({3, 0}),
             .bytes = 32});
  trace.add({.kind = Kind::kNocWrite,
             .noc = 0,
             .flag = kDramPageAddress,
             .target = worker_noc({3, 0}),
             .bytes = 32});
  trace.add({.kind = Kind::kCompute, .value = 1});
  ReplayInput input;
  input.kernels.push_back(kernel("mover", {0, 0}, trace));
  EXPECT_EQ(find(replay_program(params_, chip_, input), "mover").end_cycle, 1080 + 1 + 27 + 1 + 63);
  // A loop faster than the NoC takes its commands runs at the issue costs.
  params_.dram_page_read_loop_cycles = params_.dram_page_write_loop_cycles = 10;
  EXPECT_EQ(find(replay_program(params_, chip_, input), "mover").end_cycle, 1062 + 1 + 27 + 1 + 63);
}

TEST_F(TimingReplayTest, TransfersSharingALinkTakeTurnsOnItAlone) {
  // A: logical (0,0) -> (2,0), NoC (1,1) -> (3,1): links 1->2 then 2->3.
  // B: logical (1,0) -> (3,0), NoC (2,1) -> (4,1): links 2->3 then 3->4.
  // Both 3200 bytes: 100 cycles a link, both issued at 1016.
  KernelTrace a, b;
  a.add({.kind = Kind::kNocWrite, .noc = 0, .target = worker_noc({2, 0}), .bytes = 3200});
  b.add({.kind = Kind::kNocWrite, .noc = 0, .target = worker_noc({3, 0}), .bytes = 3200});
  b.add({.kind = Kind::kBarrier});
  ReplayInput input;
  input.kernels.push_back(kernel("a", {0, 0}, a));
  input.kernels.push_back(kernel("b", {1, 0}, b));
  const ProgramTiming timing = replay_program(params_, chip_, input);
  // A (first in order) streams 1016..1116 over both links and lands at
  // 1016 + 100 + 2 * 9 = 1134, when its ack flit crosses 3->4 (1134).
  // B waits for link 2->3 only: 1116..1216; on 3->4 it needs 100 free
  // cycles from 1116 and A's ack flit is in the way, so 1135..1235 (3->4
  // was not held for B from 1016 while it waited for 2->3). B lands at
  // 1135 + 100 + 2 * 9 = 1253; its ack goes 4 -> 9 -> 0 -> 2: 8 hops, 1 + 72.
  EXPECT_EQ(find(timing, "b").end_cycle, 1253 + 1 + 72);
}

TEST_F(TimingReplayTest, ACoreTakesInAtMostALinksRateFromAllItsSources) {
  // A: logical (1,2) = NoC (2,3) and B: logical (2,1) = NoC (3,2) each
  // write 3200 bytes (100 cycles a link) to logical (2,2) = NoC (3,3) on
  // NoC 0, A along x, B along y: no link is shared, but both go through
  // the destination's port into its NIU.
  KernelTrace a, b;
  a.add({.kind = Kind::kNocWrite, .noc = 0, .target = worker_noc({2, 2}), .bytes = 3200});
  b.add({.kind = Kind::kNocWrite, .noc = 0, .target = worker_noc({2, 2}), .bytes = 3200});
  ReplayInput input;
  input.kernels.push_back(kernel("a", {1, 2}, a));
  input.kernels.push_back(kernel("b", {2, 1}, b));
  const ProgramTiming timing = replay_program(params_, chip_, input);
  // A takes the port 1016..1116 and lands at 1016 + 100 + 9 = 1125; its
  // acknowledgement goes +x around row 3, 9 hops: 1125 + 1 + 81.
  EXPECT_EQ(find(timing, "a").end_cycle, 1125 + 1 + 81);
  // B's bytes wait for the port until 1116 and land at 1116 + 100 + 9 =
  // 1225 (1125 if the NIU took both at once); its acknowledgement goes +y
  // around column 3, 11 hops: 1225 + 1 + 99.
  EXPECT_EQ(find(timing, "b").end_cycle, 1225 + 1 + 99);
}

TEST_F(TimingReplayTest, ACoreSendsAtMostALinksRateToAllItsDestinations) {
  // Logical (1,1) = NoC (2,2) writes 3200 bytes to NoC (3,2) (+x) and then
  // 3200 bytes to NoC (2,3) (+y): different links, one port out of its NIU.
  KernelTrace trace;
  trace.add({.kind = Kind::kNocWrite, .noc = 0, .target = worker_noc({2, 1}), .bytes = 3200});
  trace.add({.kind = Kind::kNocWrite, .noc = 0, .target = worker_noc({1, 2}), .bytes = 3200});
  ReplayInput input;
  input.kernels.push_back(kernel("sender", {1, 1}, trace));
  const ProgramTiming timing = replay_program(params_, chip_, input);
  // The first leaves 1016..1116 and lands at 1125, acknowledged over 9
  // hops (1207). The second, issued at 1032, waits for the port until
  // 1116, lands at 1116 + 100 + 9 = 1225 and is acknowledged over 11 hops.
  EXPECT_EQ(find(timing, "sender").end_cycle, 1225 + 1 + 99);
}

TEST_F(TimingReplayTest, ALinkBookedAheadLeavesItsEarlierGapFree) {
  // A DRAM read books its return link (0,1) -> (1,1) hundreds of cycles
  // ahead; a write that needs the same link earlier passes in the gap.
  ASSERT_EQ(chip_.dram_cores[1], (CoreCoord{0, 1}));
  KernelTrace reader, writer;
  reader.add({.kind = Kind::kNocRead, .noc = 0, .source = dram_noc(1), .bytes = 2400});
  // Logical (7,0) = NoC (9,1) -> logical (0,0) = NoC (1,1): links
  // (9,1) -> (0,1) -> (1,1) on NoC 0, 3200 bytes.
  writer.add({.kind = Kind::kNocWrite, .noc = 0, .target = worker_noc({0, 0}), .bytes = 3200});
  writer.add({.kind = Kind::kBarrier});
  ReplayInput input;
  input.kernels.push_back(kernel("reader", {0, 0}, reader));
  input.kernels.push_back(kernel("writer", {7, 0}, writer));
  const ProgramTiming timing = replay_program(params_, chip_, input);
  // The read's data crosses (0,1) -> (1,1) from 1397 (as in the bank test
  // below); the write crosses it at 1016..1116 and lands 1016 + 100 + 2 * 9
  // = 1134; its ack runs 1 -> 9 on NoC 0: 8 hops, 1 + 72.
  EXPECT_EQ(find(timing, "writer").end_cycle, 1134 + 1 + 72);
}

TEST_F(TimingReplayTest, AMulticastCrossesItsTreeOnceAndWaitsForEveryAcknowledgement) {
  // Logical (0,0) = NoC (1,1) multicasts 3200 bytes (100 cycles a link) on
  // NoC 0 to logical (1,0)-(1,1) = NoC (2,1)-(2,2): the trunk runs +x one
  // hop to column 2, the branch +y one hop to row 2.
  KernelTrace trace;
  trace.add({.kind = Kind::kNocMulticast,
             .noc = 0,
             .source = worker_noc({1, 0}),
             .target = worker_noc({1, 1}),
             .bytes = 3200});
  trace.add({.kind = Kind::kBarrier});
  ReplayInput input;
  input.kernels.push_back(kernel("sender", {0, 0}, trace));
  const ProgramTiming timing = replay_program(params_, chip_, input);
  // Issued at 1016; its path is reserved first: one hop along the trunk
  // and one down the branch, there and back, 2 * 2 * 9 = 36 cycles, so the
  // data leaves at 1052. (2,1) has it at 1052 + 100 + 9 = 1161; (2,2) at
  // 1052 + 100 + 2 * 9 = 1170. Acknowledgements back to (1,1) on NoC 0:
  // from (2,1) 9 x-hops (1243); from (2,2) 9 x-hops then 11 y-hops down
  // column 1 (2 -> 11 -> 0 -> 1): 1170 + 1 + 20 * 9 = 1351.
  EXPECT_EQ(find(timing, "sender").end_cycle, 1351);
  EXPECT_EQ(timing.noc_bytes, 3200u);

  // A word multicast over the same tree lands when the bytes do.
  const uint32_t offset = chip_.l1_unreserved_base;
  KernelTrace setter, waiter;
  setter.add({.kind = Kind::kWordSetMulticast,
              .noc = 0,
              .source = worker_noc({1, 0}),
              .target = worker_noc({1, 1}),
              .offset = offset,
              .value = 1});
  waiter.add({.kind = Kind::kWordWait, .offset = offset, .value = 1});
  ReplayInput words;
  words.kernels.push_back(kernel("setter", {0, 0}, setter));
  words.kernels.push_back(kernel("waiter", {1, 1}, waiter));
  const ProgramTiming word_timing = replay_program(params_, chip_, words);
  // 4 bytes: 1 cycle a link, after the same reservation; (2,2) is 2 hops
  // down the tree.
  EXPECT_EQ(find(word_timing, "waiter").end_cycle, 1016 + 36 + 1 + 2 * 9);
}

TEST_F(TimingReplayTest, AMulticastTakesEachReceiversPortLikeAnyTransfer) {
  // B: logical (2,1) = NoC (3,2) writes 3200 bytes (100 cycles a link) +y
  // into logical (2,2) = NoC (3,3). S: logical (1,2) = NoC (2,3) multicasts
  // 3200 bytes on NoC 0 to the one-core rectangle (2,2), +x: no link is
  // shared, only the receiver's port into its NIU.
  KernelTrace b, s;
  b.add({.kind = Kind::kNocWrite, .noc = 0, .target = worker_noc({2, 2}), .bytes = 3200});
  s.add({.kind = Kind::kNocMulticast,
         .noc = 0,
         .source = worker_noc({2, 2}),
         .target = worker_noc({2, 2}),
         .bytes = 3200});
  ReplayInput input;
  input.kernels.push_back(kernel("b", {2, 1}, b));
  input.kernels.push_back(kernel("s", {1, 2}, s));
  const ProgramTiming timing = replay_program(params_, chip_, input);
  // B's bytes take the port 1016..1116. S's multicast, issued at 1016,
  // reserves its one-hop path (2 * 9) and leaves at 1034, but the port is
  // busy until 1116: it lands at 1116 + 100 + 9 = 1225 (1143 if the port
  // took both), and its acknowledgement goes +x around row 3, 9 hops.
  EXPECT_EQ(find(timing, "s").end_cycle, 1225 + 1 + 81);
}

TEST_F(TimingReplayTest, AMulticastReservesItsPathUnlessThePreviousOneWasLinked) {
  // The tree of the test above, 3200 bytes (100 cycles a link) twice.
  auto send_twice = [&](uint8_t first_flag, uint8_t second_flag) {
    KernelTrace trace;
    for (uint8_t flag : {first_flag, second_flag}) {
      trace.add({.kind = Kind::kNocMulticast,
                 .noc = 0,
                 .flag = flag,
                 .source = worker_noc({1, 0}),
                 .target = worker_noc({1, 1}),
                 .bytes = 3200});
    }
    trace.add({.kind = Kind::kBarrier});
    ReplayInput input;
    input.kernels.push_back(kernel("sender", {0, 0}, trace));
    return replay_program(params_, chip_, input).kernels.front().end_cycle;
  };
  // Both reserve. The first leaves at 1016 + 36 = 1052 and is out of the
  // sender (its trunk link) at 1152, as above (its last acknowledgement is
  // back at 1351). The second, issued at 1032, reserves from 1152: its
  // data leaves at 1188, reaches (2,2) at 1188 + 100 + 18 = 1306, whose
  // acknowledgement is back at 1306 + 1 + 180 = 1487.
  EXPECT_EQ(send_twice(0, 0), 1487);
  // The first linked: the second rides its path, no reservation. Issued at
  // 1032, it waits for the trunk link until 1152 (1152..1252), then the
  // branch link (1152..1252): (2,2) at 1152 + 100 + 18 = 1270, acknowledged
  // at 1270 + 1 + 180 = 1451.
  EXPECT_EQ(send_twice(kMulticastLinked, 0), 1451);
  // Neither reserving (path reservation off): the first leaves at 1016,
  // the second waits for it on the links as the linked one did: 1116..1216,
  // (2,2) at 1116 + 100 + 18 = 1234, acknowledged at 1234 + 1 + 180 = 1415.
  EXPECT_EQ(send_twice(kMulticastNoPathReserve, kMulticastNoPathReserve), 1415);
}

TEST_F(TimingReplayTest, AComputeKernelPipelinesUnpackMathAndPack) {
  // Four calls of unpack 30 / math 40, then one pack of 64 into CB 16.
  // Unpack runs 1000..1120; the first math starts when its operands are
  // in (1030) and the four run back to back to 1190; the pack starts when
  // the math is done: 1190 + 64 = 1254 (one track would take 4 * 40 + 64).
  KernelTrace compute;
  for (int i = 0; i < 4; ++i) compute.compute_stages(30, 40, 0);
  compute.add({.kind = Kind::kCbReserve, .cb = 16, .value = 1});
  compute.compute_stages(0, 0, 64);
  compute.add({.kind = Kind::kCbPush, .cb = 16, .value = 1});
  ASSERT_EQ(compute.events().size(), 4u);  // the four calls merged
  ReplayInput input;
  input.kernels.push_back(kernel("compute", {0, 0}, compute, KernelProcessor::kCompute));
  input.circular_buffers = {{0, 16, 4}};
  EXPECT_EQ(find(replay_program(params_, chip_, input), "compute").end_cycle, 1254);

  // Unpack-bound calls (unpack 50, math 20): the unpacker sets the pace,
  // 1000 + 4 * 50 = 1200, and the last math ends one math later, 1220.
  KernelTrace unpack_bound;
  for (int i = 0; i < 4; ++i) unpack_bound.compute_stages(50, 20, 0);
  ReplayInput second;
  second.kernels.push_back(kernel("compute", {0, 0}, unpack_bound, KernelProcessor::kCompute));
  EXPECT_EQ(find(replay_program(params_, chip_, second), "compute").end_cycle, 1220);
}

TEST_F(TimingReplayTest, ACbWaitTakesThePushThatMadeItsPagesAvailable) {
  // The packer pushes two pages of CB 24 (at 1100 and 1200); the unpacker
  // of the same kernel then waits for one page: the first push brought it,
  // so the unpacker goes on at 1100, not at the last push (1200).
  KernelTrace compute;
  for (int i = 0; i < 2; ++i) {
    compute.add({.kind = Kind::kCbReserve, .cb = 24, .value = 1});
    compute.compute_stages(0, 0, 100);
    compute.add({.kind = Kind::kCbPush, .cb = 24, .value = 1});
  }
  compute.add({.kind = Kind::kCbWait, .cb = 24, .value = 1});
  compute.compute_stages(150, 0, 0);
  compute.add({.kind = Kind::kCbPop, .cb = 24, .value = 1});
  ReplayInput input;
  input.kernels.push_back(kernel("compute", {0, 0}, compute, KernelProcessor::kCompute));
  input.circular_buffers = {{0, 24, 4}};
  // Unpack 1100 + 150 = 1250 (the last push would make it 1350).
  EXPECT_EQ(find(replay_program(params_, chip_, input), "compute").end_cycle, 1250);
}

TEST_F(TimingReplayTest, TwoUnpackersShareTheL1Ports) {
  ASSERT_EQ(params_.l1_bytes_per_cycle, 64u);
  ASSERT_EQ(params_.unpack_both_bytes_per_cycle, 80u);
  // One bfloat16 tile alone: 2048 / 64 = 32 cycles.
  EXPECT_EQ(unpack_cycles(params_, 2048, 0), 32u);
  // Two tiles, one per unpacker: 4096 / 80 = 51.2 -> 52, not 64.
  EXPECT_EQ(unpack_cycles(params_, 2048, 2048), 52u);
  // A 1x4 matmul_block step: 2048 + 8192 bytes; the second unpacker's
  // 8192 / 64 = 128 bounds it (10240 / 80 = 128 too).
  EXPECT_EQ(unpack_cycles(params_, 2048, 8192), 128u);
}

TEST_F(TimingReplayTest, TwoCoresReadingOneDramBankShareItsBandwidth) {
  // DRAM channel 1 sits at NoC (0,1); logical (0,0) at NoC (1,1) and
  // logical (1,0) at NoC (2,1). Requests go there on NoC 0 the long way
  // round x (1 -> 0: 9 hops; 2 -> 0: 8 hops).
  ASSERT_EQ(chip_.dram_cores[1], (CoreCoord{0, 1}));
  KernelTrace near_reader, far_reader;
  for (KernelTrace* trace : {&near_reader, &far_reader}) {
    trace->add({.kind = Kind::kNocRead, .noc = 0, .source = dram_noc(1), .bytes = 2400});
    trace->add({.kind = Kind::kBarrier});
  }
  // Alone: request at 1000 + 16 + 9 * 9 = 1097; the bank streams 2400 / 24 =
  // 100 cycles; data starts 300 after service starts (1397). It moves in
  // 512-byte pieces (the routers' buffer), each leaving as the bank has
  // produced the ones before (512 / 24: 22 cycles apart): 1397, 1419, 1441,
  // 1463 and 1485 for the last 352 bytes, which cross the one link (0 -> 1)
  // in 11 cycles and land 9 later: 1485 + 11 + 9 = 1505.
  ReplayInput alone;
  alone.kernels.push_back(kernel("reader", {0, 0}, near_reader));
  EXPECT_EQ(replay_program(params_, chip_, alone).device_cycles, 1505);

  // Together: both issue at cycle 1016, and the bank takes requests in
  // issue order (ties by kernel order), so (0,0)'s is served 1097..1197 as
  // alone; (1,0)'s arrives at 1088 (8 hops) but waits for the bank until
  // 1197 and is served until 1297: one bank's worth of bytes (100 cycles)
  // later than alone. Its last piece leaves at 1497 + 4 * 22 and crosses
  // links 0 -> 1 and 1 -> 2: 1585 + 11 + 2 * 9.
  ReplayInput both;
  both.kernels.push_back(kernel("near", {0, 0}, near_reader));
  both.kernels.push_back(kernel("far", {1, 0}, far_reader));
  const ProgramTiming timing = replay_program(params_, chip_, both);
  EXPECT_EQ(find(timing, "near").end_cycle, 1505);
  EXPECT_EQ(find(timing, "far").end_cycle, 1585 + 11 + 18);
  EXPECT_EQ(timing.dram_bytes, 4800u);
}

TEST_F(TimingReplayTest, AProgramStartsWithTheLinksAndBanksFree) {
  // The replay keeps its calendars from one program to the next on a
  // thread: the second program must not wait for the first's bookings.
  KernelTrace busy, reader;
  for (int i = 0; i < 64; ++i) {
    busy.add({.kind = Kind::kNocRead, .noc = 0, .source = dram_noc(1), .bytes = 8192});
    busy.add({.kind = Kind::kNocWrite, .noc = 0, .target = worker_noc({3, 0}), .bytes = 8192});
  }
  busy.add({.kind = Kind::kBarrier});
  reader.add({.kind = Kind::kNocRead, .noc = 0, .source = dram_noc(1), .bytes = 2400});
  reader.add({.kind = Kind::kBarrier});
  ReplayInput first, second;
  first.kernels.push_back(kernel("busy", {0, 0}, busy));
  second.kernels.push_back(kernel("reader", {0, 0}, reader));
  EXPECT_GT(replay_program(params_, chip_, first).device_cycles, 20000);
  EXPECT_EQ(replay_program(params_, chip_, second).device_cycles, 1505);  // as alone, below
}

TEST_F(TimingReplayTest, TheChipsNocMapGivesTheDescriptorsCycles) {
  // Callers with a chip pass its NoC map; the replay builds one otherwise.
  KernelTrace trace;
  trace.add({.kind = Kind::kNocRead, .noc = 0, .source = dram_noc(2), .bytes = 4096});
  trace.add({.kind = Kind::kNocWrite, .noc = 1, .target = dram_noc(5), .bytes = 4096});
  trace.add({.kind = Kind::kNocWrite, .noc = 0, .target = worker_noc({2, 3}), .bytes = 2048});
  trace.add({.kind = Kind::kBarrier});
  ReplayInput input;
  input.kernels.push_back(kernel("mover", {1, 1}, trace));
  const ProgramTiming built = replay_program(params_, chip_, input);
  const NocCoreMap map(chip_);
  input.noc_map = &map;
  const ProgramTiming given = replay_program(params_, chip_, input);
  EXPECT_EQ(given.device_cycles, built.device_cycles);
  EXPECT_EQ(given.dram_bytes, 8192u);
  EXPECT_EQ(built.dram_bytes, 8192u);
}

TEST_F(TimingReplayTest, AResponseWaitingForALinkHoldsItsBank) {
  // Logical (0,0) = NoC (1,1) reads 2048 bytes from DRAM channel 1 at NoC
  // (0,1) at 1416: request at 1416 + 9 * 9 = 1497, served 1497..1583
  // (2048 / 24), data from 1797 over one link, (0,1) -> (1,1).
  ASSERT_EQ(chip_.dram_cores[1], (CoreCoord{0, 1}));
  KernelTrace near_reader, writer, other_reader;
  near_reader.compute(400);
  near_reader.add({.kind = Kind::kNocRead, .noc = 0, .source = dram_noc(1), .bytes = 2048});
  near_reader.add({.kind = Kind::kBarrier});
  // Logical (7,0) = NoC (9,1) writes 32 KB to (1,1) from 1396: links
  // (9,1) -> (0,1) -> (1,1), 1024 cycles each, until 2420.
  writer.compute(380);
  writer.add({.kind = Kind::kNocWrite, .noc = 0, .target = worker_noc({0, 0}), .bytes = 32768});
  // Logical (1,0) = NoC (2,1) reads 2048 bytes from the same bank on NoC 1,
  // whose routes share no link with the others: request at 1516 + 2 * 9 =
  // 1534.
  other_reader.compute(500);
  other_reader.add({.kind = Kind::kNocRead, .noc = 1, .source = dram_noc(1), .bytes = 2048});
  other_reader.add({.kind = Kind::kBarrier});
  ReplayInput input;
  input.kernels.push_back(kernel("near", {0, 0}, near_reader));
  input.kernels.push_back(kernel("writer", {7, 0}, writer));
  input.kernels.push_back(kernel("other", {1, 0}, other_reader));
  const ProgramTiming timing = replay_program(params_, chip_, input);
  // The first response's four 512-byte pieces (ready from 1797, 22 cycles
  // apart) wait for the write and cross back to back, 2420..2484; the last
  // lands 9 cycles later.
  EXPECT_EQ(find(timing, "near").end_cycle, 2420 + 64 + 9);
  // Until its last piece has left the bank (2484, that is 2184 in the
  // bank's time before its 300 cycles of latency) the bank sends nothing
  // else, so the other request, waiting since 1534, is served 2184..2270
  // rather than 1583..1669. Its data leaves from 2484, the last piece at
  // 2484 + 3 * 22, and crosses 8 links (0 -> 9 -> ... -> 2 on NoC 1): 2550
  // + 16 + 8 * 9, where without the hold it would have landed at 1949 + 16
  // + 72.
  EXPECT_EQ(find(timing, "other").end_cycle, 2550 + 16 + 72);
}

// Logical (7,0) = NoC (9,1) writes two 2 KB packets to DRAM channel 1 at
// NoC (0,1): one link, (9,1) -> (0,1), 64 cycles a packet; the bank takes
// 2048 / 24 = 86 cycles a packet, from when the head arrives (9 cycles).
class WriteChannelTest : public TimingReplayTest {
 protected:
  void SetUp() override {
    TimingReplayTest::SetUp();
    ASSERT_EQ(chip_.dram_cores[1], (CoreCoord{0, 1}));
    for (int i = 0; i < 2; ++i) {
      bank_writer_.add({.kind = Kind::kNocWrite, .noc = 0, .target = dram_noc(1), .bytes = 2048});
    }
    bank_writer_.add({.kind = Kind::kBarrier});
  }
  ProgramTiming with_bank_writer(const char* name, CoreCoord core, const KernelTrace& trace) {
    input_.kernels = {kernel("bank_writer", {7, 0}, bank_writer_), kernel(name, core, trace)};
    return replay_program(params_, chip_, input_);
  }

  KernelTrace bank_writer_;
  ReplayInput input_;
};

TEST_F(WriteChannelTest, ABankSlowerThanTheLinkPacesItsWriter) {
  ReplayInput alone;
  alone.kernels.push_back(kernel("bank_writer", {7, 0}, bank_writer_));
  // Packet 1 crosses the link 1016..1080; the bank takes it 1025..1111.
  // Packet 2 (issued 1032) crosses 1080..1144, its head reaches the bank at
  // 1089 but the bank is busy until 1111: it takes it 1111..1197. The
  // acknowledgement goes back 0 -> 9 on NoC 0: 9 hops, 1 + 81.
  EXPECT_EQ(find(replay_program(params_, chip_, alone), "bank_writer").end_cycle, 1197 + 1 + 81);
}

TEST_F(WriteChannelTest, AWriteWaitingForItsBankHoldsTheLinksBehindIt) {
  // Packet 2 waits for the bank from 1089 to 1111 with its head at the bank
  // and 512 bytes in the router before it: its tail leaves link (9,1) ->
  // (0,1) when the bank has taken 2048 - 512 bytes, 1111 + 64 = 1175 less
  // the hop, 1166, not at 1144 when the link's bandwidth is free.
  // Logical (6,0) = NoC (8,1) then writes 960 bytes (30 cycles a link) to
  // logical (0,0) = NoC (1,1) at 1116: links (8,1) -> (9,1) -> (0,1) ->
  // (1,1). The link it shares is free from 1144 but carries no other
  // unicast write until 1166. (Its last link is free until the bank
  // writer's second acknowledgement crosses it at 1197.)
  KernelTrace writer;
  writer.compute(100);
  writer.add({.kind = Kind::kNocWrite, .noc = 0, .target = worker_noc({0, 0}), .bytes = 960});
  writer.add({.kind = Kind::kBarrier});
  // Lands at 1166 + 30 + 3 * 9 = 1223; the ack goes 1 -> 8: 7 hops, 1 + 63.
  EXPECT_EQ(find(with_bank_writer("writer", {6, 0}, writer), "writer").end_cycle, 1223 + 1 + 63);
}

TEST_F(WriteChannelTest, OtherVirtualChannelsPassALinkAWriteHolds) {
  // Logical (0,0) = NoC (1,1) reads 960 bytes from the L1 of logical (7,0)
  // = NoC (9,1) at 1116; the data comes back (9,1) -> (0,1) -> (1,1) on a
  // response channel: it waits only for the link's bandwidth (1144), not
  // for the write's hold, and lands at 1144 + 30 + 2 * 9.
  KernelTrace reader;
  reader.compute(100);
  reader.add({.kind = Kind::kNocRead, .noc = 0, .source = worker_noc({7, 0}), .bytes = 960});
  reader.add({.kind = Kind::kBarrier});
  EXPECT_EQ(find(with_bank_writer("reader", {0, 0}, reader), "reader").end_cycle, 1144 + 30 + 18);
}

TEST_F(TimingReplayTest, ACbWaitChainAcrossThreeKernels) {
  // reader -> CB 0 -> compute -> CB 16 -> writer, all on one core.
  KernelTrace reader, compute, writer;
  reader.compute(50);
  reader.add({.kind = Kind::kCbReserve, .cb = 0, .value = 1});
  reader.compute(100);
  reader.add({.kind = Kind::kCbPush, .cb = 0, .value = 1});
  compute.add({.kind = Kind::kCbWait, .cb = 0, .value = 1});
  compute.compute(64);
  compute.add({.kind = Kind::kCbPop, .cb = 0, .value = 1});
  compute.add({.kind = Kind::kCbReserve, .cb = 16, .value = 1});
  compute.compute(32);
  compute.add({.kind = Kind::kCbPush, .cb = 16, .value = 1});
  writer.add({.kind = Kind::kCbWait, .cb = 16, .value = 1});
  writer.compute(10);
  writer.add({.kind = Kind::kCbPop, .cb = 16, .value = 1});
  ReplayInput input;
  // Consumers listed first: order must not matter.
  input.kernels.push_back(kernel("writer", {2, 2}, writer, KernelProcessor::kDataMovement0));
  input.kernels.push_back(kernel("compute", {2, 2}, compute, KernelProcessor::kCompute));
  input.kernels.push_back(kernel("reader", {2, 2}, reader, KernelProcessor::kDataMovement1));
  const uint32_t worker = chip_.worker_index({2, 2});
  input.circular_buffers = {{worker, 0, 2}, {worker, 16, 2}};
  const ProgramTiming timing = replay_program(params_, chip_, input);
  EXPECT_EQ(find(timing, "reader").end_cycle, 1150);
  EXPECT_EQ(find(timing, "compute").end_cycle, 1150 + 64 + 32);
  EXPECT_EQ(find(timing, "writer").end_cycle, 1246 + 10);
  EXPECT_EQ(find(timing, "writer").wait_cycles, 246);
  EXPECT_EQ(timing.device_cycles, 1256);
  EXPECT_EQ(timing.unmatched_waits, 0u);
}

TEST_F(TimingReplayTest, AFullCbHoldsItsProducerUntilThePop) {
  KernelTrace producer, consumer;
  for (int i = 0; i < 2; ++i) {
    producer.add({.kind = Kind::kCbReserve, .cb = 3, .value = 1});
    producer.add({.kind = Kind::kCbPush, .cb = 3, .value = 1});
  }
  consumer.compute(500);
  consumer.add({.kind = Kind::kCbWait, .cb = 3, .value = 1});
  consumer.add({.kind = Kind::kCbPop, .cb = 3, .value = 1});
  consumer.add({.kind = Kind::kCbWait, .cb = 3, .value = 1});
  consumer.add({.kind = Kind::kCbPop, .cb = 3, .value = 1});
  ReplayInput input;
  input.kernels.push_back(kernel("producer", {0, 0}, producer));
  input.kernels.push_back(kernel("consumer", {0, 0}, consumer, KernelProcessor::kDataMovement1));
  input.circular_buffers = {{0, 3, 1}};  // one page
  const ProgramTiming timing = replay_program(params_, chip_, input);
  EXPECT_EQ(find(timing, "producer").end_cycle, 1500);  // second reserve waits for the pop
}

TEST_F(TimingReplayTest, SemaphoreWaitsOnAnotherCoreIncludeTheSignalsFlight) {
  // (0,0) counts to 100 then increments a semaphore on (1,0), 1 hop away on
  // NoC 0; (1,0) waits for it.
  const uint32_t offset = chip_.l1_unreserved_base;
  KernelTrace signaller, waiter;
  signaller.compute(100);
  signaller.add({.kind = Kind::kWordIncrement,
                 .noc = 0,
                 .word_core = chip_.worker_index({1, 0}),
                 .offset = offset,
                 .value = 1});
  waiter.add({.kind = Kind::kWordWait, .offset = offset, .value = 1});
  ReplayInput input;
  input.kernels.push_back(kernel("waiter", {1, 0}, waiter));
  input.kernels.push_back(kernel("signaller", {0, 0}, signaller));
  input.words.push_back({chip_.worker_index({1, 0}), offset, 0});
  const ProgramTiming timing = replay_program(params_, chip_, input);
  // 1100 + issue 16, 4 bytes: 1 cycle on the link + 1 hop of 9.
  EXPECT_EQ(find(timing, "waiter").end_cycle, 1100 + 16 + 1 + 9);
  EXPECT_EQ(timing.unmatched_waits, 0u);
}

TEST_F(TimingReplayTest, AWaitNothingSignalsIsReleasedAndCounted) {
  KernelTrace waiter;
  waiter.add({.kind = Kind::kWordWait, .offset = 0x20000, .value = 7});
  ReplayInput input;
  input.kernels.push_back(kernel("waiter", {0, 0}, waiter));
  const ProgramTiming timing = replay_program(params_, chip_, input);
  EXPECT_EQ(timing.unmatched_waits, 1u);
  EXPECT_EQ(timing.device_cycles, 1000);
}

TEST_F(TimingReplayTest, AZoneIsWhereItsKernelsClockStoodWhenEnteringAndLeavingIt) {
  // 100 cycles of work, then a zone around a 32-byte read from the L1 of
  // (3,0) and its barrier, then 50 more cycles. The zone opens at 1100; the
  // read issues at 1116 and its data comes back on NoC 0 the long way
  // round, NoC (4,1) -> (1,1) in 7 hops: 1116 + 1 + 63 = 1180, where the
  // barrier releases the kernel and the zone closes.
  KernelTrace trace;
  trace.compute(100);
  trace.begin_zone("RISCV0");
  trace.add({.kind = Kind::kNocRead, .noc = 0, .source = worker_noc({3, 0}), .bytes = 32});
  trace.add({.kind = Kind::kBarrier});
  trace.end_zone();
  trace.compute(50);
  ReplayInput input;
  input.kernels.push_back(kernel("reader", {0, 0}, trace));
  const KernelTiming timing = find(replay_program(params_, chip_, input), "reader");
  ASSERT_EQ(timing.zones.size(), 1u);
  EXPECT_EQ(timing.zones[0], (ZoneTiming{"RISCV0", 1100, 1180, 0}));
  EXPECT_EQ(timing.end_cycle, 1230);
  EXPECT_EQ(timing.zones_dropped, 0u);
}

TEST_F(TimingReplayTest, ZonesNestMarkNoTimeAndCloseWithTheirKernel) {
  KernelTrace zoned, plain;
  for (KernelTrace* trace : {&zoned, &plain}) {
    if (trace == &zoned) zoned.begin_zone("outer");
    trace->compute(10);
    if (trace == &zoned) zoned.begin_zone("inner");
    trace->add({.kind = Kind::kNocWrite, .noc = 0, .target = worker_noc({3, 0}), .bytes = 64});
    if (trace == &zoned) zoned.end_zone();
    trace->compute(5);
    // "outer" is left open: the kernel's end closes it.
  }
  ReplayInput with, without;
  with.kernels.push_back(kernel("writer", {0, 0}, zoned));
  without.kernels.push_back(kernel("writer", {0, 0}, plain));
  const ProgramTiming zoned_timing = replay_program(params_, chip_, with);
  const ProgramTiming plain_timing = replay_program(params_, chip_, without);
  const KernelTiming& writer = find(zoned_timing, "writer");
  // The zones change no figure.
  EXPECT_EQ(writer.end_cycle, find(plain_timing, "writer").end_cycle);
  EXPECT_EQ(zoned_timing.device_cycles, plain_timing.device_cycles);
  // By start, outer first: outer 1000 .. the kernel's end (its write
  // acknowledged), inner 1010 .. 1026 (the write's issue).
  ASSERT_EQ(writer.zones.size(), 2u);
  EXPECT_EQ(writer.zones[0], (ZoneTiming{"outer", 1000, writer.end_cycle, 0}));
  EXPECT_EQ(writer.zones[1], (ZoneTiming{"inner", 1010, 1026, 1}));
}

TEST_F(TimingReplayTest, AComputeKernelsZonesFollowItsMathRisc) {
  // Unpack 30 and math 40 a call, four calls: the math of the last call
  // ends at 1190 (AComputeKernelPipelinesUnpackMathAndPack), and the pack
  // after the zone runs to 1254. The zone spans the math: 1000 .. 1190.
  KernelTrace compute;
  compute.begin_zone("math loop");
  for (int i = 0; i < 4; ++i) compute.compute_stages(30, 40, 0);
  compute.end_zone();
  compute.add({.kind = Kind::kCbReserve, .cb = 16, .value = 1});
  compute.compute_stages(0, 0, 64);
  compute.add({.kind = Kind::kCbPush, .cb = 16, .value = 1});
  ReplayInput input;
  input.kernels.push_back(kernel("compute", {0, 0}, compute, KernelProcessor::kCompute));
  input.circular_buffers = {{0, 16, 4}};
  const KernelTiming timing = find(replay_program(params_, chip_, input), "compute");
  EXPECT_EQ(timing.end_cycle, 1254);
  ASSERT_EQ(timing.zones.size(), 1u);
  EXPECT_EQ(timing.zones[0], (ZoneTiming{"math loop", 1000, 1190, 0}));
}

TEST_F(TimingReplayTest, AKernelKeepsAtMostItsZoneBufferAndCountsTheRest) {
  KernelTrace trace;
  const std::size_t zones = KernelTiming::kMaxZonesPerKernel + 10;
  for (std::size_t i = 0; i < zones; ++i) {
    trace.begin_zone(i % 2 == 0 ? "even" : "odd");
    trace.compute(1);
    trace.end_zone();
  }
  // A stray end (a kernel calling the host table itself) closes nothing.
  trace.end_zone();
  ASSERT_EQ(trace.zone_names().size(), 2u);  // interned
  ReplayInput input;
  input.kernels.push_back(kernel("looper", {0, 0}, trace));
  const KernelTiming timing = find(replay_program(params_, chip_, input), "looper");
  EXPECT_EQ(timing.zones.size(), KernelTiming::kMaxZonesPerKernel);
  EXPECT_EQ(timing.zones_dropped, 10u);
  EXPECT_EQ(timing.zones.back(), (ZoneTiming{"odd", 1255, 1256, 0}));
}

TEST(KernelTraceTest, ZoneNamesBeyondTheLimitShareOne) {
  KernelTrace trace;
  for (std::size_t i = 0; i < KernelTrace::kMaxZoneNames + 5; ++i) {
    trace.begin_zone("zone " + std::to_string(i));
    trace.end_zone();
  }
  ASSERT_EQ(trace.zone_names().size(), KernelTrace::kMaxZoneNames);
  EXPECT_EQ(trace.zone_names().back(), KernelTrace::kOtherZones);
  EXPECT_EQ(trace.zone_names().front(), "zone 0");
}

TEST(ProgramTimingTest, SaysWhatBoundsTheProgram) {
  ProgramTiming timing;
  timing.dram_bytes_per_cycle = 100;
  // 1000 cycles of launch, then 4000 of kernels: the busiest core's math
  // takes 3000 of them (75%), DRAM 100,000 bytes (25%).
  timing.device_cycles = 5000;
  timing.kernel_cycles = 4000;
  timing.busiest_core_math_cycles = 3000;
  timing.dram_bytes = 100000;
  EXPECT_STREQ(timing.bound(), "compute-bound");
  timing.dram_bytes = 360000;  // 90%
  EXPECT_STREQ(timing.bound(), "bandwidth-bound");
  // The same launch before 1000 cycles of kernels: launching took as long
  // as running them, whatever the utilisations say.
  timing.kernel_cycles = 1000;
  timing.device_cycles = 2000;
  EXPECT_STREQ(timing.bound(), "launch-bound");
}

TEST_F(TimingReplayTest, MoreBytesNeverTakeLess) {
  int64_t previous = 0;
  for (uint32_t bytes : {32u, 1024u, 2048u, 65536u, 1u << 20}) {
    KernelTrace trace;
    trace.add({.kind = Kind::kNocRead, .noc = 0, .source = dram_noc(3), .bytes = bytes});
    ReplayInput input;
    input.kernels.push_back(kernel("reader", {4, 4}, trace));
    const int64_t cycles = replay_program(params_, chip_, input).device_cycles;
    EXPECT_GT(cycles, previous) << bytes << " bytes";
    previous = cycles;
  }
}

TEST_F(TimingReplayTest, EveryArchHasParametersWithSources) {
  for (Arch arch : {Arch::kGrayskull, Arch::kWormholeB0, Arch::kBlackhole}) {
    auto params = builtin_timing_params(arch);
    ASSERT_TRUE(params.ok()) << params.error().describe();
    EXPECT_EQ(params->arch, arch);
    EXPECT_GT(params->ai_clock_mhz, 0);
  }
  auto blackhole = builtin_timing_params(Arch::kBlackhole);
  EXPECT_EQ(blackhole->ai_clock_mhz, 1350);
  EXPECT_EQ(blackhole->noc_grid_x, 17u);
}

TEST_F(TimingReplayTest, AParameterWithoutItsSourceIsRefused) {
  auto params = timing_params_from_json(
      R"({"arch": "wormhole_b0", "ai_clock_mhz": {"value": 1000}})", "test.json");
  ASSERT_FALSE(params.ok());
  EXPECT_NE(params.error().describe().find("'ai_clock_mhz' names no source"), std::string::npos)
      << params.error().describe();
  EXPECT_NE(params.error().describe().find("test.json"), std::string::npos);
  auto broken = timing_params_from_json("{", "broken.json");
  ASSERT_FALSE(broken.ok());
  EXPECT_NE(broken.error().describe().find("not a JSON object"), std::string::npos);
}

}  // namespace
}  // namespace tessera::sim::timing
