// The timing model fed by real kernels: run_program with on_device_time.
// Kernels in tt-metal's style stream DRAM pages through a CB (reader on
// NCRISC, writer on BRISC); the figures must follow the data and the
// cores, and never the host's threads.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "tessera/sim/program/program_run.h"
#include "tessera/sim/timing/replay_memo.h"
#include "tessera/sim/timing/timing_replay.h"

namespace tessera::sim {
namespace {

constexpr const char* kReader = R"(
#include "api/dataflow/dataflow_api.h"
void kernel_main() {
  const uint32_t bank_x = get_arg_val<uint32_t>(0);
  const uint32_t bank_y = get_arg_val<uint32_t>(1);
  const uint32_t address = get_arg_val<uint32_t>(2);
  const uint32_t pages = get_arg_val<uint32_t>(3);
  const uint32_t page_size = get_arg_val<uint32_t>(4);
  for (uint32_t i = 0; i < pages; ++i) {
    cb_reserve_back(0, 1);
    noc_async_read(get_noc_addr(bank_x, bank_y, address + i * page_size), get_write_ptr(0),
                   page_size);
    noc_async_read_barrier();
    cb_push_back(0, 1);
  }
}
)";

constexpr const char* kWriter = R"(
#include "api/dataflow/dataflow_api.h"
void kernel_main() {
  const uint32_t bank_x = get_arg_val<uint32_t>(0);
  const uint32_t bank_y = get_arg_val<uint32_t>(1);
  const uint32_t address = get_arg_val<uint32_t>(2);
  const uint32_t pages = get_arg_val<uint32_t>(3);
  const uint32_t page_size = get_arg_val<uint32_t>(4);
  for (uint32_t i = 0; i < pages; ++i) {
    cb_wait_front(0, 1);
    noc_async_write(get_read_ptr(0), get_noc_addr(bank_x, bank_y, address + i * page_size),
                    page_size);
    noc_async_write_barrier();
    cb_pop_front(0, 1);
  }
}
)";

constexpr uint32_t kPage = 2048;

class DeviceTimeTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto chip = Chip::create(*builtin_chip_descriptor(Arch::kWormholeB0));
    ASSERT_TRUE(chip.ok()) << chip.error().describe();
    chip_ = std::move(*chip);
    auto cache = program_kernel_cache();
    ASSERT_TRUE(cache.ok()) << cache.error().describe();
    cache_ = *cache;
    input_ = allocate(kMaxPagesPerBank);
    output_ = allocate(kMaxPagesPerBank);
  }

  uint64_t allocate(uint32_t pages_per_bank) {
    BufferSpec spec;
    spec.memory_type = MemoryType::kDram;
    spec.page_size = kPage;
    spec.size = uint64_t{kPage} * pages_per_bank * chip_->descriptor().num_dram_channels;
    auto info = chip_->buffers().allocate(spec);
    EXPECT_TRUE(info.ok()) << info.error().describe();
    return info.ok() ? info->address : 0;
  }

  // `cores` cores in a row share `total_pages`; core c streams its share
  // from DRAM bank c (mod 12) to the same bank of the output.
  ProgramPlan copy_plan(uint32_t cores, uint32_t total_pages) const {
    const ChipDescriptor& chip = chip_->descriptor();
    const CoreRangeSet range{{{0, 0}, {cores - 1, 0}}};
    ProgramPlan plan;
    plan.name = "dram_copy";
    plan.semaphore_base = chip.l1_unreserved_base;
    plan.circular_buffers.push_back({range,
                                     chip.l1_unreserved_base + 4096,
                                     2 * kPage,
                                     {{0, kPage, tile::DataFormat::kFloat16_b}}});
    KernelPlan reader;
    reader.build.name = "reader.cpp";
    reader.build.source = kReader;
    reader.build.processor = KernelProcessor::kDataMovement1;
    reader.build.noc_index = 1;
    reader.cores = range;
    KernelPlan writer;
    writer.build.name = "writer.cpp";
    writer.build.source = kWriter;
    writer.build.processor = KernelProcessor::kDataMovement0;
    writer.cores = range;
    for (uint32_t c = 0; c < cores; ++c) {
      const CoreCoord bank = chip.dram_cores[c % chip.num_dram_channels];
      const uint32_t pages = total_pages / cores;
      reader.runtime_args[{c, 0}] = {bank.x, bank.y, static_cast<uint32_t>(input_), pages, kPage};
      writer.runtime_args[{c, 0}] = {bank.x, bank.y, static_cast<uint32_t>(output_), pages, kPage};
    }
    plan.kernels = {reader, writer};
    return plan;
  }

  // One reader kernel (NCRISC, NoC 1) of `source` on core (0,0) with `args`,
  // its CB 0 one page of kPage bytes.
  ProgramPlan one_reader_plan(const char* name, const char* source,
                              std::vector<uint32_t> args) const {
    const ChipDescriptor& chip = chip_->descriptor();
    const CoreRangeSet core{{{0, 0}, {0, 0}}};
    ProgramPlan plan;
    plan.name = name;
    plan.semaphore_base = chip.l1_unreserved_base;
    plan.circular_buffers.push_back(
        {core, chip.l1_unreserved_base + 4096, kPage, {{0, kPage, tile::DataFormat::kFloat16_b}}});
    KernelPlan reader;
    reader.build.name = std::string(name) + ".cpp";
    reader.build.source = source;
    reader.build.processor = KernelProcessor::kDataMovement1;
    reader.build.noc_index = 1;
    reader.cores = core;
    reader.runtime_args[{0, 0}] = std::move(args);
    plan.kernels = {reader};
    return plan;
  }

  timing::ProgramTiming run(const ProgramPlan& plan, uint32_t threads = 2) {
    timing::ProgramTiming result;
    int calls = 0;
    ProgramRunOptions options;
    options.scheduler.threads = threads;
    options.on_device_time = [&](const timing::ProgramTiming& timing) {
      result = timing;
      ++calls;
    };
    Status status = run_program(*chip_, *cache_, plan, options);
    EXPECT_TRUE(status.ok()) << status.error().describe();
    EXPECT_EQ(calls, 1);
    return result;
  }

  static constexpr uint32_t kMaxPagesPerBank = 16;
  std::unique_ptr<Chip> chip_;
  KernelCache* cache_ = nullptr;
  uint64_t input_ = 0;
  uint64_t output_ = 0;
};

TEST_F(DeviceTimeTest, EveryKernelOnEveryCoreGetsCyclesAndTheProgramItsCriticalPath) {
  const timing::ProgramTiming timing = run(copy_plan(4, 16));
  EXPECT_EQ(timing.arch, "wormhole_b0");
  EXPECT_EQ(timing.ai_clock_mhz, 1000);
  ASSERT_EQ(timing.kernels.size(), 8u);
  EXPECT_EQ(timing.cores, 4u);
  int64_t last = 0;
  for (const timing::KernelTiming& kernel : timing.kernels) {
    EXPECT_EQ(kernel.start_cycle, 1000) << kernel.kernel;
    EXPECT_GT(kernel.end_cycle, kernel.start_cycle) << kernel.kernel;
    last = std::max(last, kernel.end_cycle);
  }
  EXPECT_EQ(timing.device_cycles, last);
  // 16 pages read and 16 written, all through DRAM.
  EXPECT_EQ(timing.dram_bytes, 2u * 16 * kPage);
  EXPECT_EQ(timing.unmatched_waits, 0u);
  // Each writer waits for its reader's pages: it ends after it.
  std::map<uint32_t, int64_t> reader_end;
  for (const timing::KernelTiming& kernel : timing.kernels) {
    if (kernel.kernel == "reader.cpp") reader_end[kernel.core.x] = kernel.end_cycle;
  }
  for (const timing::KernelTiming& kernel : timing.kernels) {
    if (kernel.kernel == "writer.cpp") {
      EXPECT_GT(kernel.end_cycle, reader_end[kernel.core.x]);
      EXPECT_GT(kernel.wait_cycles, 0);
    }
  }
}

TEST_F(DeviceTimeTest, MoreDataTakesMoreTime) {
  const int64_t small = run(copy_plan(1, 4)).device_cycles;
  const int64_t large = run(copy_plan(1, 16)).device_cycles;
  EXPECT_GT(large, small);
  // Four times the pages costs close to four times the streaming.
  EXPECT_GT(large - 1000, 3 * (small - 1000));
}

TEST_F(DeviceTimeTest, MoreCoresOnAnEmbarrassinglyParallelCopyTakeLessTime) {
  const int64_t one = run(copy_plan(1, 16)).device_cycles;
  const int64_t four = run(copy_plan(4, 16)).device_cycles;
  const int64_t eight = run(copy_plan(8, 16)).device_cycles;
  EXPECT_LT(four, one);
  EXPECT_LT(eight, four);
}

TEST_F(DeviceTimeTest, TheSameProgramGivesTheSameCyclesOnAnyRunAndThreadCount) {
  const ProgramPlan plan = copy_plan(8, 16);
  timing::ReplayMemo& memo = timing::process_replay_memo();
  memo.clear();
  const timing::ProgramTiming first = run(plan, 1);
  const std::size_t hits = memo.hits();
  for (uint32_t threads : {1u, 2u, 4u, 2u}) {
    // Every run replays: a kept replay would give the same figures by itself.
    memo.clear();
    const timing::ProgramTiming again = run(plan, threads);
    EXPECT_EQ(again.device_cycles, first.device_cycles) << threads << " threads";
    ASSERT_EQ(again.kernels.size(), first.kernels.size());
    for (std::size_t k = 0; k < first.kernels.size(); ++k) {
      EXPECT_EQ(again.kernels[k].end_cycle, first.kernels[k].end_cycle)
          << first.kernels[k].kernel << " on " << to_string(first.kernels[k].core) << ", "
          << threads << " threads";
    }
  }
  EXPECT_EQ(memo.hits(), hits);
  // Runs on other thread counts record byte for byte the same traces: the
  // memo finds what the first replay gave for each.
  for (uint32_t threads : {1u, 4u}) {
    EXPECT_EQ(run(plan, threads).device_cycles, first.device_cycles) << threads << " threads";
  }
  EXPECT_EQ(memo.hits(), hits + 2);
}

// Packs eight tiles of Dst into CB 16, adding them onto what L1 holds when
// compile-time arg 0 is set (TTNN's packer L1 accumulation).
constexpr const char* kPacker = R"(
#include "api/compute/cb_api.h"
#include "api/compute/pack.h"
#include "api/compute/reg_api.h"
void kernel_main() {
  constexpr uint32_t accumulate = get_compile_time_arg_val(0);
  constexpr uint32_t tiles = 8;
  tile_regs_acquire();
  tile_regs_commit();
  tile_regs_wait();
  pack_reconfig_l1_acc(accumulate);
  cb_reserve_back(16, tiles);
  for (uint32_t i = 0; i < tiles; ++i) pack_tile(0, 16);
  cb_push_back(16, tiles);
  tile_regs_release();
}
)";

TEST_F(DeviceTimeTest, PackingOntoL1TakesThePackersTwiceAsLong) {
  auto packer_end = [&](uint32_t accumulate) {
    const ChipDescriptor& chip = chip_->descriptor();
    const CoreRangeSet core{{{0, 0}, {0, 0}}};
    ProgramPlan plan;
    plan.name = "packer";
    plan.semaphore_base = chip.l1_unreserved_base;
    plan.circular_buffers.push_back({core,
                                     chip.l1_unreserved_base + 4096,
                                     8 * kPage,
                                     {{16, kPage, tile::DataFormat::kFloat16_b}}});
    KernelPlan packer;
    packer.build.name = "packer.cpp";
    packer.build.source = kPacker;
    packer.build.processor = KernelProcessor::kCompute;
    packer.build.compile_args = {accumulate};
    packer.cores = core;
    plan.kernels = {packer};
    const timing::ProgramTiming timing = run(plan);
    EXPECT_EQ(timing.kernels.size(), 1u);
    return timing.kernels.empty() ? 0 : timing.kernels.front().end_cycle;
  };
  // A 2 KB tile: 2048 / 64 = 32 cycles written, 2048 / 32 = 64 accumulated
  // (tt-isa-documentation, L1.md: one 128-bit accumulate per packer every
  // two cycles), so eight tiles take 256 cycles more.
  EXPECT_EQ(packer_end(0), 1000 + 8 * 32);
  EXPECT_EQ(packer_end(1), 1000 + 8 * 64);
}

// Reads `pages` small pages back to back, then waits for them all, the way
// tt-metal's interleaved data movement tests loop: page by page through an
// address generator over the DRAM-interleaved buffer, or (arg 3 zero) from
// one bank at consecutive addresses.
constexpr const char* kPageLoop = R"(
#include "api/dataflow/dataflow_api.h"
void kernel_main() {
  const uint32_t address = get_arg_val<uint32_t>(0);
  const uint32_t pages = get_arg_val<uint32_t>(1);
  const uint32_t page_size = get_arg_val<uint32_t>(2);
  const uint32_t interleaved = get_arg_val<uint32_t>(3);
  const uint32_t bank_x = get_arg_val<uint32_t>(4);
  const uint32_t bank_y = get_arg_val<uint32_t>(5);
  const InterleavedAddrGen<true> source{address, page_size};
  const uint32_t l1 = get_write_ptr(0);
  for (uint32_t page = 0; page < pages; ++page) {
    const uint64_t from = interleaved ? get_noc_addr(page, source)
                                      : get_noc_addr(bank_x, bank_y, address + page * page_size);
    noc_async_read(from, l1 + page * page_size, page_size);
  }
  noc_async_read_barrier();
}
)";

TEST_F(DeviceTimeTest, ALoopOverDramInterleavedPagesTakesItsOwnPaceAPage) {
  const ChipDescriptor& chip = chip_->descriptor();
  constexpr uint32_t kSmallPage = 32;
  auto end = [&](uint32_t pages, bool interleaved) {
    // One bank: the one the interleaved loop's last page comes from either way.
    const CoreCoord bank = chip.dram_cores[11];
    const timing::ProgramTiming timing = run(one_reader_plan(
        "page_loop", kPageLoop,
        {static_cast<uint32_t>(input_), pages, kSmallPage, interleaved ? 1u : 0u, bank.x, bank.y}));
    EXPECT_EQ(timing.kernels.size(), 1u);
    return timing.kernels.empty() ? 0 : timing.kernels.front().end_cycle;
  };
  // Twelve pages more end twelve loop iterations later: pages 11 and 23 both
  // come from bank 11, and 32 bytes keep the bank and links idle between
  // reads, so the last read's flight is the same. From one bank a read
  // costs its issue, 24 cycles; through the address generator the loop's
  // 39 (tt-low-level-documentation, DRAM Interleaved Page Read Numbers.csv).
  EXPECT_EQ(end(24, false) - end(12, false), 12 * 24);
  EXPECT_EQ(end(24, true) - end(12, true), 12 * 39);
}

// kPageLoop's interleaved loop timed as tt-metal's data movement tests time
// theirs: a device profiler zone around the reads and their barrier.
constexpr const char* kZonedPageLoop = R"(
#include "api/dataflow/dataflow_api.h"
void kernel_main() {
  const uint32_t address = get_arg_val<uint32_t>(0);
  const uint32_t pages = get_arg_val<uint32_t>(1);
  const uint32_t page_size = get_arg_val<uint32_t>(2);
  const InterleavedAddrGen<true> source{address, page_size};
  const uint32_t l1 = get_write_ptr(0);
  cb_reserve_back(0, 1);
  {
    DeviceZoneScopedN("RISCV1");
    for (uint32_t page = 0; page < pages; ++page) {
      noc_async_read(get_noc_addr(page, source), l1 + page * page_size, page_size);
    }
    noc_async_read_barrier();
  }
  cb_push_back(0, 1);
}
)";

TEST_F(DeviceTimeTest, AProfilerZoneTimesItsLoopOnTheKernelsClock) {
  auto plan = [&](uint32_t pages) {
    return one_reader_plan("zoned_page_loop", kZonedPageLoop,
                           {static_cast<uint32_t>(input_), pages, 32});
  };
  // The zone is inert without device time.
  Status untimed = run_program(*chip_, *cache_, plan(4), ProgramRunOptions{});
  EXPECT_TRUE(untimed.ok()) << untimed.error().describe();
  auto kernel = [&](uint32_t pages) {
    const timing::ProgramTiming timing = run(plan(pages));
    EXPECT_EQ(timing.kernels.size(), 1u);
    return timing.kernels.empty() ? timing::KernelTiming{} : timing.kernels.front();
  };
  const timing::KernelTiming twelve = kernel(12), twenty_four = kernel(24);
  for (const timing::KernelTiming* timed : {&twelve, &twenty_four}) {
    ASSERT_EQ(timed->zones.size(), 1u);
    const timing::ZoneTiming& zone = timed->zones[0];
    EXPECT_EQ(zone.name, "RISCV1");
    // It opens after the CB reservation, at the kernel's launch (nothing
    // before it costs time), and closes when the barrier lets the kernel
    // go on: the push after it costs nothing either.
    EXPECT_EQ(zone.start_cycle, timed->start_cycle);
    EXPECT_EQ(zone.end_cycle, timed->end_cycle);
  }
  // Twelve more pages: twelve more turns of the loop's 39 cycles, as in
  // ALoopOverDramInterleavedPagesTakesItsOwnPaceAPage.
  const auto length = [](const timing::KernelTiming& timed) {
    return timed.zones[0].end_cycle - timed.zones[0].start_cycle;
  };
  EXPECT_EQ(length(twenty_four) - length(twelve), 12 * 39);
}

TEST_F(DeviceTimeTest, WithoutTheOptionNothingIsTimed) {
  ProgramRunOptions options;
  Status status = run_program(*chip_, *cache_, copy_plan(2, 4), options);
  EXPECT_TRUE(status.ok()) << status.error().describe();
}

}  // namespace
}  // namespace tessera::sim
