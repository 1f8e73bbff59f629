// A device process runs programs on a chip whose memories the test process
// shares: what its kernels write, the host reads; DPRINT lines and spans
// come back; buffers the host allocates are seen by its NoC checks; it runs
// sandboxed; it may be woken ahead of a run; and when a kernel ends the
// process, the run says which kernel and core, and the next run starts a
// new process on the same memories.
#include "tessera/sim/isolation/device_process.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <signal.h>

#include <fstream>
#include <sstream>

#include "../../support/address_sanitizer.h"
#include "../../support/huge_pages.h"
#include "../../support/proc_stat.h"
#include "tessera/sim/isolation/sandbox.h"
#include "tessera/sim/jit/kernel_cache.h"
#include "tessera/sim/kernel_host/kernel_host_table.h"
#include "tessera/sim/program/program_run.h"

namespace tessera::sim {
namespace {

using ::testing::HasSubstr;

constexpr uint32_t kScratch = 0x40000;  // an L1 offset above every unreserved base

class DeviceProcessTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (sandbox_support().landlock_abi == 0) GTEST_SKIP() << sandbox_support().describe();
    auto chip = Chip::create(*builtin_chip_descriptor(Arch::kWormholeB0), true);
    ASSERT_TRUE(chip.ok()) << chip.error().describe();
    chip_ = std::move(*chip);
    auto cache = KernelCache::create({.host_table = &kernel_host_table()});
    ASSERT_TRUE(cache.ok()) << cache.error().describe();
    cache_ = std::move(*cache);
    DeviceProcessOptions options;
    options.kernel_directory = cache_->root() + "/kernels";
    auto process = DeviceProcess::start(*chip_, options);
    ASSERT_TRUE(process.ok()) << process.error().describe();
    process_ = std::move(*process);
  }

  // One data-movement kernel on core (x, y).
  ProgramPlan plan_of(const std::string& name, const std::string& source, uint32_t x = 0,
                      uint32_t y = 0) {
    ProgramPlan plan;
    plan.name = name;
    KernelPlan kernel;
    kernel.build.name = name + ".cpp";
    kernel.build.source = source;
    kernel.cores = {{{x, y}, {x, y}}};
    plan.kernels.push_back(kernel);
    return plan;
  }

  Result<std::vector<std::string>> compile(const ProgramPlan& plan) {
    std::vector<KernelBuildSpec> specs;
    for (const KernelPlan& kernel : plan.kernels) specs.push_back(kernel.build);
    std::vector<std::string> objects;
    for (auto& object : cache_->compile_all(specs)) {
      if (!object.ok()) return std::move(object).error();
      objects.push_back(*object);
    }
    return objects;
  }

  Status run(const ProgramPlan& plan, const ProgramRunOptions& options = {}) {
    TESSERA_ASSIGN_OR_RETURN(std::vector<std::string> objects, compile(plan));
    return process_->run_program(*chip_, plan, objects, options);
  }

  std::unique_ptr<Chip> chip_;
  std::unique_ptr<KernelCache> cache_;
  std::unique_ptr<DeviceProcess> process_;
};

TEST_F(DeviceProcessTest, KernelsWriteTheSharedL1AndPrintToTheHost) {
  // CB 0 sits at kScratch on core (2,1): the kernel writes through its
  // write pointer, an address in the device process's own L1 mapping.
  ProgramPlan plan = plan_of("writer", R"(
#include "api/dataflow/dataflow_api.h"
#include "api/debug/dprint.h"
void kernel_main() {
  *reinterpret_cast<volatile uint32_t*>(get_write_ptr(0)) = 0xC0FFEE;
  DPRINT << "hello from the device" << ENDL();
}
)",
                             2, 1);
  plan.circular_buffers.push_back(
      {{{{2, 1}, {2, 1}}}, kScratch, 2048, {{0, 2048, tile::DataFormat::kFloat32}}, false});
  DprintLog log;
  std::vector<std::string> spans;
  ProgramRunOptions options{.dprint = &log};
  options.on_kernel_span = [&](const KernelRunSpan& span) {
    spans.push_back(std::string(span.kernel_name) + " " + to_string(span.core));
  };
  Status status = run(plan, options);
  ASSERT_TRUE(status.ok()) << status.error().describe();
  auto word = chip_->l1().host_pointer(chip_->descriptor().worker_index({2, 1}), kScratch, 4);
  ASSERT_TRUE(word.ok());
  EXPECT_EQ(*reinterpret_cast<uint32_t*>(*word), 0xC0FFEEu);
  ASSERT_EQ(log.lines().size(), 1u);
  EXPECT_EQ(log.lines()[0].text, "hello from the device");
  EXPECT_EQ(log.lines()[0].kernel, "writer.cpp");
  ASSERT_EQ(spans.size(), 1u);
  EXPECT_THAT(spans[0], HasSubstr("writer.cpp"));
}

TEST_F(DeviceProcessTest, TheProcessRunsSandboxed) {
  std::ifstream status("/proc/" + std::to_string(process_->pid()) + "/status");
  std::stringstream text;
  text << status.rdbuf();
  EXPECT_THAT(text.str(), HasSubstr("NoNewPrivs:\t1"));
  EXPECT_THAT(text.str(), HasSubstr("Seccomp:\t2"));
}

TEST_F(DeviceProcessTest, NocChecksSeeTheHostsLiveBuffers) {
  // A DRAM read of a page no buffer holds fails; once the host allocates a
  // buffer there, the same read succeeds.
  const std::string source = R"(
#include "api/dataflow/dataflow_api.h"
void kernel_main() {
  uint64_t dram = get_noc_addr_from_bank_id<true>(0, get_arg_val<uint32_t>(0));
  noc_async_read(dram, get_write_ptr(0), 32);
  noc_async_read_barrier();
}
)";
  ProgramPlan plan = plan_of("reader", source);
  plan.circular_buffers.push_back(
      {{{{0, 0}, {0, 0}}}, kScratch, 2048, {{0, 2048, tile::DataFormat::kFloat32}}, false});
  const uint64_t address = chip_->descriptor().dram_unreserved_base + 0x10000;
  plan.kernels[0].runtime_args[{0, 0}] = {static_cast<uint32_t>(address)};
  Status before = run(plan);
  ASSERT_FALSE(before.ok());
  EXPECT_THAT(before.error().describe(),
              HasSubstr("program 'reader': run of 1 kernel fibers: kernel 'reader.cpp' on core "
                        "(0,0): noc_async_read"));
  EXPECT_THAT(before.error().describe(), HasSubstr("outside every live buffer"));
  BufferSpec spec;
  spec.size = 4096 * 12;
  spec.page_size = 4096;
  auto buffer = chip_->buffers().allocate_at(spec, address);
  ASSERT_TRUE(buffer.ok()) << buffer.error().describe();
  Status after = run(plan);
  EXPECT_TRUE(after.ok()) << after.error().describe();
}

TEST_F(DeviceProcessTest, TheProcessFollowsBuffersFreedAndAllocatedBetweenRuns) {
  // Only what changed goes along with a run; a new process gets them all.
  const std::string source = R"(
#include "api/dataflow/dataflow_api.h"
void kernel_main() {
  uint64_t dram = get_noc_addr_from_bank_id<true>(0, get_arg_val<uint32_t>(0));
  noc_async_read(dram, get_write_ptr(0), 32);
  noc_async_read_barrier();
}
)";
  const uint64_t base = chip_->descriptor().dram_unreserved_base;
  auto reader_at = [&](uint64_t address) {
    ProgramPlan plan = plan_of("reader", source);
    plan.circular_buffers.push_back(
        {{{{0, 0}, {0, 0}}}, kScratch, 2048, {{0, 2048, tile::DataFormat::kFloat32}}, false});
    plan.kernels[0].runtime_args[{0, 0}] = {static_cast<uint32_t>(address)};
    return run(plan);
  };
  BufferSpec spec;
  spec.size = 4096 * 12;
  spec.page_size = 4096;
  auto first = chip_->buffers().allocate_at(spec, base + 0x10000);
  ASSERT_TRUE(first.ok()) << first.error().describe();
  EXPECT_TRUE(reader_at(base + 0x10000).ok());

  ASSERT_TRUE(chip_->buffers().deallocate(first->id).ok());
  auto second = chip_->buffers().allocate_at(spec, base + 0x40000);
  ASSERT_TRUE(second.ok()) << second.error().describe();
  Status freed = reader_at(base + 0x10000);
  ASSERT_FALSE(freed.ok());
  EXPECT_THAT(freed.error().describe(), HasSubstr("outside every live buffer"));
  EXPECT_TRUE(reader_at(base + 0x40000).ok());

  // A new buffer where a freed one was, and one more: both are seen.
  auto third = chip_->buffers().allocate_at(spec, base + 0x10000);
  ASSERT_TRUE(third.ok()) << third.error().describe();
  EXPECT_TRUE(reader_at(base + 0x10000).ok());
  EXPECT_TRUE(reader_at(base + 0x40000).ok());

  // A new process starts from nothing and is sent every live buffer.
  kill(process_->pid(), SIGKILL);
  Status lost = reader_at(base + 0x10000);
  ASSERT_FALSE(lost.ok());
  EXPECT_THAT(lost.error().describe(), HasSubstr("the device process was killed by signal 9"));
  EXPECT_TRUE(reader_at(base + 0x10000).ok());
  EXPECT_TRUE(reader_at(base + 0x40000).ok());
  EXPECT_EQ(process_->restarts(), 1u);
}

// The device process's minor page faults so far.
long device_minor_faults(pid_t pid) {
  return static_cast<long>(tessera::testing::proc_stat_field(pid, 10).value_or(0));
}

// A program run again and again takes no more page faults in the device
// process once warm: a first touch of a page costs microseconds on a
// virtual machine. With glibc's defaults, the scratch that each core's
// untilize works through (128 KiB here) went back to the kernel at the end
// of most runs and came back as new pages in the next: about 16 faults a
// run on two threads (most runs of this test took 900 or more without the
// fix, a few none).
TEST_F(DeviceProcessTest, RunsAgainTakeNoPageFaultsInTheDeviceProcess) {
  if (tessera::testing::kAddressSanitizer)
    GTEST_SKIP() << "AddressSanitizer's allocator ignores mallopt";
  constexpr uint32_t kTiles = 16;
  constexpr uint32_t kTileBytes = 4096;
  const CoreRangeSet cores{{{0, 0}, {1, 0}}};
  ProgramPlan plan = plan_of("untilize", R"(
#include "api/compute/cb_api.h"
#include "api/compute/untilize.h"
void kernel_main() {
  constexpr uint32_t tiles = 16;
  cb_reserve_back(0, tiles);
  cb_push_back(0, tiles);
  untilize_init(0, 16);
  cb_wait_front(0, tiles);
  cb_reserve_back(16, tiles);
  untilize_block(0, tiles, 16);
  cb_push_back(16, tiles);
  cb_pop_front(0, tiles);
}
)");
  plan.kernels[0].build.processor = KernelProcessor::kCompute;
  plan.kernels[0].cores = cores;
  plan.circular_buffers.push_back(
      {cores, kScratch, kTiles * kTileBytes, {{0, kTileBytes, tile::DataFormat::kFloat32}}, false});
  plan.circular_buffers.push_back({cores,
                                   kScratch + kTiles * kTileBytes,
                                   kTiles * kTileBytes,
                                   {{16, kTileBytes, tile::DataFormat::kFloat32}},
                                   false});
  // Two threads, each with a heap of its own. Which cores each one runs
  // varies, so a heap may still grow once to hold both cores' scratch.
  ProgramRunOptions options;
  options.scheduler.threads = 2;
  for (int warm_up = 0; warm_up < 10; ++warm_up) {
    Status status = run(plan, options);
    ASSERT_TRUE(status.ok()) << status.error().describe();
  }
  constexpr int kRuns = 60;
  constexpr long kScratchPages = 2 * kTiles * kTileBytes / 4096;  // one core's
  // Beyond that growth: the shared ring's pages, each touched for the first
  // time as the frames move along it.
  constexpr long kMostFaults = 2 * 2 * kScratchPages + kRuns / 5;
  const long before = device_minor_faults(process_->pid());
  for (int again = 0; again < kRuns; ++again) ASSERT_TRUE(run(plan, options).ok());
  EXPECT_LE(device_minor_faults(process_->pid()) - before, kMostFaults);
}

// Shared memory has 4 KiB pages unless asked: the device process asks for
// huge pages where a new DRAM buffer of a huge page or more was written, by
// the host before the buffer's first run or by its kernels in that run, and
// nowhere else.
TEST_F(DeviceProcessTest, WrittenDramBuffersGetHugePages) {
  if (!testing::kernel_collapses_shared_memory()) {
    GTEST_SKIP() << "this kernel gives shared memory no huge pages on request";
  }
  const uint64_t base = chip_->descriptor().dram_unreserved_base;
  const uint32_t banks = chip_->descriptor().num_dram_channels;
  const uint64_t per_bank = 2 * testing::kHuge;  // two chunks a bank at least partly
  BufferSpec spec;
  spec.page_size = 4096;
  spec.size = per_bank * banks;
  auto input = chip_->buffers().allocate_at(spec, base);
  auto output = chip_->buffers().allocate_at(spec, base + per_bank);
  auto untouched = chip_->buffers().allocate_at(spec, base + 4 * per_bank);
  BufferSpec small_spec = spec;
  small_spec.size = testing::kHuge / 2;
  auto small = chip_->buffers().allocate_at(small_spec, base + 8 * per_bank);
  ASSERT_TRUE(input.ok() && output.ok() && untouched.ok() && small.ok());
  std::vector<uint8_t> data(spec.size, 0x7e);
  ASSERT_TRUE(chip_->write_buffer(input->id, data).ok());
  std::vector<uint8_t> small_data(small_spec.size, 0x3c);
  ASSERT_TRUE(chip_->write_buffer(small->id, small_data).ok());
  // One kernel copies the input's first page to the output's.
  ProgramPlan plan = plan_of("copy", R"(
#include "api/dataflow/dataflow_api.h"
void kernel_main() {
  uint32_t l1 = get_write_ptr(0);
  noc_async_read(get_noc_addr_from_bank_id<true>(0, get_arg_val<uint32_t>(0)), l1, 4096);
  noc_async_read_barrier();
  noc_async_write(l1, get_noc_addr_from_bank_id<true>(0, get_arg_val<uint32_t>(1)), 4096);
  noc_async_write_barrier();
}
)");
  plan.circular_buffers.push_back(
      {{{{0, 0}, {0, 0}}}, kScratch, 4096, {{0, 4096, tile::DataFormat::kFloat32}}, false});
  plan.kernels[0].runtime_args[{0, 0}] = {static_cast<uint32_t>(base),
                                          static_cast<uint32_t>(base + per_bank)};
  for (int run_number = 0; run_number < 2; ++run_number) {
    Status status = run(plan);
    ASSERT_TRUE(status.ok()) << status.error().describe();
  }
  // Read back through this process's mapping, which now faults huge pages
  // in where the device process made them.
  const uint64_t before = testing::shared_huge_page_bytes();
  std::vector<uint8_t> back(spec.size);
  ASSERT_TRUE(chip_->read_buffer(input->id, back).ok());
  EXPECT_EQ(back, data);
  ASSERT_TRUE(chip_->read_buffer(output->id, back).ok());
  EXPECT_EQ(back[0], 0x7e);
  // Bank 0 of the input and output start in one chunk; the input's other
  // banks hold two chunks each, partly in a third.
  EXPECT_GE(testing::shared_huge_page_bytes() - before, uint64_t{2} * banks * testing::kHuge);
  // A buffer smaller than a huge page keeps its small pages.
  const uint64_t with_small_ones = testing::shared_huge_page_bytes();
  std::vector<uint8_t> small_back(small_spec.size);
  ASSERT_TRUE(chip_->read_buffer(small->id, small_back).ok());
  EXPECT_EQ(small_back, small_data);
  EXPECT_EQ(testing::shared_huge_page_bytes(), with_small_ones);
  const uint64_t untouched_start = (base + 4 * per_bank + 4095) / 4096 * 4096;
  EXPECT_EQ(testing::resident_pages(chip_->bank_base(MemoryType::kDram, 3) + untouched_start,
                                    per_bank - 4096),
            0u);
}

// A DRAM buffer smaller than a huge page gets huge pages only once the runs
// it stayed live for have taken ten times what collapsing its chunks would
// cost (25 ms for one bank): a loop that keeps reusing it gets them, a
// single run does not.
TEST_F(DeviceProcessTest, ASmallDramBufferALoopKeepsReusingGetsHugePages) {
  if (!testing::kernel_collapses_shared_memory()) {
    GTEST_SKIP() << "this kernel gives shared memory no huge pages on request";
  }
  BufferSpec spec;
  spec.page_size = 4096;
  spec.size = 4096;  // one page: bank 0 alone
  auto small = chip_->buffers().allocate_at(spec, chip_->descriptor().dram_unreserved_base);
  ASSERT_TRUE(small.ok()) << small.error().describe();
  std::vector<uint8_t> data(spec.size, 0x5a);
  ASSERT_TRUE(chip_->write_buffer(small->id, data).ok());
  // Reads the buffer's page into L1, then spins a few milliseconds.
  ProgramPlan plan = plan_of("reader", R"(
#include "api/dataflow/dataflow_api.h"
void kernel_main() {
  noc_async_read(get_noc_addr_from_bank_id<true>(0, get_arg_val<uint32_t>(0)), get_write_ptr(0),
                 4096);
  noc_async_read_barrier();
  for (volatile uint32_t i = 0; i < 2000000; i = i + 1) {
  }
}
)");
  plan.circular_buffers.push_back(
      {{{{0, 0}, {0, 0}}}, kScratch, 4096, {{0, 4096, tile::DataFormat::kFloat32}}, false});
  plan.kernels[0].runtime_args[{0, 0}] = {static_cast<uint32_t>(small->address)};
  auto huge_bytes_after_read = [&] {
    std::vector<uint8_t> back(spec.size);
    EXPECT_TRUE(chip_->read_buffer(small->id, back).ok());
    EXPECT_EQ(back, data);
    return testing::shared_huge_page_bytes();
  };
  const uint64_t before = huge_bytes_after_read();
  const auto first_started = std::chrono::steady_clock::now();
  Status first = run(plan);
  ASSERT_TRUE(first.ok()) << first.error().describe();
  if (std::chrono::steady_clock::now() - first_started < std::chrono::milliseconds(20)) {
    EXPECT_EQ(huge_bytes_after_read(), before) << "one short run paid for huge pages";
  }
  bool backed = false;
  for (int run_number = 1; run_number < 400 && !backed; ++run_number) {
    Status again = run(plan);
    ASSERT_TRUE(again.ok()) << again.error().describe();
    backed = huge_bytes_after_read() > before;
  }
  EXPECT_TRUE(backed);
}

// expect_run() wakes the process ahead of a run (shared_ring_test.cc
// checks the wake-up itself); it is harmless before any run, and before a
// run on a process that died unseen, which the run then reports.
TEST_F(DeviceProcessTest, ExpectingARunIsHarmlessOnALiveOrADeadProcess) {
  const ProgramPlan plan = plan_of("empty", R"(
#include "api/dataflow/dataflow_api.h"
void kernel_main() {}
)");
  process_->expect_run();
  Status first = run(plan);
  ASSERT_TRUE(first.ok()) << first.error().describe();

  const pid_t pid = process_->pid();
  ASSERT_EQ(kill(pid, SIGKILL), 0);
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  process_->expect_run();  // its socket's peer is gone: no signal, no error
  Status lost = run(plan);
  ASSERT_FALSE(lost.ok());
  EXPECT_THAT(lost.error().describe(), HasSubstr("killed by signal 9"));
  process_->expect_run();  // lost: nothing to wake
  Status again = run(plan);
  ASSERT_TRUE(again.ok()) << again.error().describe();
  EXPECT_EQ(process_->restarts(), 1u);
}

TEST_F(DeviceProcessTest, AKilledProcessIsNamedAndTheNextRunStartsANewOne) {
  // The kernel API reaches no exit or abort, and the load check refuses
  // system calls, so the process is killed from outside while its kernel
  // spins, as the out-of-memory killer or a user would.
  const std::string spin = R"(
#include "api/dataflow/dataflow_api.h"
void kernel_main() { for (volatile uint32_t i = 0;; i = i + 1) {} }
)";
  // Compiled first: the kill must come while the kernel runs, however
  // long a cold compile takes on a loaded machine.
  const ProgramPlan spinner = plan_of("spinner", spin, 3, 2);
  auto objects = compile(spinner);
  ASSERT_TRUE(objects.ok()) << objects.error().describe();
  std::thread killer([pid = process_->pid()] {
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    kill(pid, SIGKILL);
  });
  Status status = process_->run_program(*chip_, spinner, *objects, {});
  killer.join();
  ASSERT_FALSE(status.ok());
  const std::string message = status.error().describe();
  EXPECT_THAT(message, HasSubstr("the device process was killed by signal 9"));
  EXPECT_THAT(message, HasSubstr("while running program 'spinner'"));
  EXPECT_THAT(message, HasSubstr("kernel 'spinner.cpp' on core (3,2)"));
  EXPECT_TRUE(process_->lost());

  // The next run starts a new process on the same memories: what the host
  // wrote to L1 before is still there for its kernel to read.
  const pid_t first_pid = process_->pid();
  auto word = chip_->l1().host_pointer(chip_->descriptor().worker_index({1, 1}), kScratch, 4);
  ASSERT_TRUE(word.ok());
  *reinterpret_cast<uint32_t*>(*word) = 41;
  ProgramPlan incrementer = plan_of("incrementer", R"(
#include "api/dataflow/dataflow_api.h"
void kernel_main() { *reinterpret_cast<volatile uint32_t*>(get_write_ptr(0)) += 1; }
)",
                                    1, 1);
  incrementer.circular_buffers.push_back(
      {{{{1, 1}, {1, 1}}}, kScratch, 2048, {{0, 2048, tile::DataFormat::kFloat32}}, false});
  Status again = run(incrementer);
  ASSERT_TRUE(again.ok()) << again.error().describe();
  EXPECT_FALSE(process_->lost());
  EXPECT_EQ(process_->restarts(), 1u);
  EXPECT_NE(process_->pid(), first_pid);
  EXPECT_EQ(*reinterpret_cast<uint32_t*>(*word), 42u);
}

}  // namespace
}  // namespace tessera::sim
