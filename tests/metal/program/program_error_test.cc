// Misbehaving programs fail with errors that say what, where and why, and
// the device runs the next program normally.
#include <gmock/gmock.h>

#include <chrono>
#include <string>

#include "program_test_support.h"

namespace tessera::metal {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;
using testing::ProgramTest;

constexpr const char* kCopyKernel = R"(
#include "dataflow_api.h"
void kernel_main() {
  const uint32_t src = get_arg_val<uint32_t>(0);
  const uint32_t dst = get_arg_val<uint32_t>(1);
  const uint32_t pages = get_arg_val<uint32_t>(2);
  const InterleavedAddrGen<true> in{src, 1024};
  const InterleavedAddrGen<true> out{dst, 1024};
  cb_reserve_back(0, 1);
  for (uint32_t i = 0; i < pages; ++i) {
    noc_async_read_page(i, in, get_write_ptr(0));
    noc_async_read_barrier();
    noc_async_write_page(i, out, get_write_ptr(0), 1024);
    noc_async_write_barrier();
  }
}
)";

// Polls an L1 word by hand that nobody ever sets.
constexpr const char* kSpinOnAnL1Flag = R"(
#include "dataflow_api.h"
void kernel_main() {
  volatile uint32_t* flag = reinterpret_cast<volatile uint32_t*>(get_write_ptr(0));
  *flag = 0;
  while (*flag == 0) {
  }
}
)";

class ProgramErrorTest : public ProgramTest {
 protected:
  // A copy of `pages` pages of 1 KiB between two DRAM buffers on core (0, 0).
  Status run_copy(uint32_t src, uint32_t dst, uint32_t pages) {
    Program program("copy");
    KernelHandle kernel = *create_kernel_from_string(program, "copy.cpp", kCopyKernel,
                                                     {{{0, 0}, {0, 0}}}, writer_config());
    EXPECT_TRUE(create_circular_buffer(program, {{{0, 0}, {0, 0}}},
                                       CircularBufferConfig(1024, {{0, {{}, 1024}}}))
                    .ok());
    EXPECT_TRUE(set_runtime_args(program, kernel, CoreCoord{0, 0}, {src, dst, pages}).ok());
    return run(program);
  }

  // After any failure the device must still run programs correctly.
  void expect_device_still_works() {
    Buffer src = filled_dram_buffer(8 * 1024, 1024, 3);
    Buffer dst = dram_buffer(8 * 1024, 1024);
    Status status =
        run_copy(static_cast<uint32_t>(src.address()), static_cast<uint32_t>(dst.address()), 8);
    ASSERT_TRUE(status.ok()) << status.error().describe();
    EXPECT_EQ(read(dst), read(src));
  }

  Status run_single(const std::string& name, const std::string& source) {
    Program program("single");
    EXPECT_TRUE(
        create_kernel_from_string(program, name, source, {{{1, 1}, {1, 1}}}, reader_config()).ok());
    EXPECT_TRUE(create_circular_buffer(program, {{{1, 1}, {1, 1}}},
                                       CircularBufferConfig(4096, {{0, {{}, 2048}}}))
                    .ok());
    return run(program);
  }
};

TEST_F(ProgramErrorTest, DeadlockListsEveryWait) {
  Program program("deadlock");
  const CoreRangeSet core{{{2, 1}, {2, 1}}};
  ASSERT_TRUE(create_kernel_from_string(program, "consumer.cpp", R"(
#include "dataflow_api.h"
void kernel_main() { cb_wait_front(0, 2); }
)",
                                        core, reader_config())
                  .ok());
  ASSERT_TRUE(create_kernel_from_string(program, "waiter.cpp", R"(
#include "dataflow_api.h"
void kernel_main() { noc_semaphore_wait(reinterpret_cast<volatile uint32_t*>(get_semaphore(0)), 5); }
)",
                                        core, writer_config())
                  .ok());
  ASSERT_TRUE(
      create_circular_buffer(program, core, CircularBufferConfig(8192, {{0, {{}, 2048}}})).ok());
  ASSERT_TRUE(create_semaphore(program, core, 1).ok());
  Status status = run(program);
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.error().code(), ErrorCode::kDeadlock);
  const std::string text = status.error().describe();
  EXPECT_THAT(text,
              AllOf(HasSubstr("consumer.cpp"), HasSubstr("cb 0: wants 2 pages, 0 available"),
                    HasSubstr("waiter.cpp"), HasSubstr("wants == 5, holds 1"), HasSubstr("(2,1)")));
  expect_device_still_works();
}

TEST_F(ProgramErrorTest, OutOfBoundsWriteNamesKernelCoreAndAddress) {
  Buffer src = filled_dram_buffer(4 * 1024, 1024, 1);
  Buffer dst = dram_buffer(4 * 1024, 1024);
  // Page 24 of the destination lies past its last page in every bank.
  Status status = run_copy(static_cast<uint32_t>(src.address()),
                           static_cast<uint32_t>(dst.address()) + 2 * 1024, 4);
  ASSERT_FALSE(status.ok());
  const std::string text = status.error().describe();
  EXPECT_THAT(text, AllOf(HasSubstr("copy.cpp"), HasSubstr("(0,0)"), HasSubstr("noc_async_write"),
                          HasSubstr("DRAM channel"), HasSubstr("1024 bytes"),
                          HasSubstr("nearest allocation")));
  expect_device_still_works();
}

TEST_F(ProgramErrorTest, ReadingAFreedBufferIsAnError) {
  Buffer src = filled_dram_buffer(4 * 1024, 1024, 1);
  Buffer dst = dram_buffer(4 * 1024, 1024);
  const auto src_address = static_cast<uint32_t>(src.address());
  ASSERT_TRUE(deallocate_buffer(src).ok());
  Status status = run_copy(src_address, static_cast<uint32_t>(dst.address()), 4);
  ASSERT_FALSE(status.ok());
  EXPECT_THAT(status.error().describe(),
              AllOf(HasSubstr("noc_async_read"), HasSubstr("outside every live buffer")));
  expect_device_still_works();
}

TEST_F(ProgramErrorTest, CompileErrorNamesTheKernel) {
  Status status = run_single("broken.cpp", "void kernel_main() { this is not C++; }");
  ASSERT_FALSE(status.ok());
  EXPECT_THAT(status.error().describe(),
              AllOf(HasSubstr("compiling kernel 'broken.cpp'"), HasSubstr("program 'single'")));
  expect_device_still_works();
}

TEST_F(ProgramErrorTest, CrashingKernelIsReported) {
  Status status = run_single("crash.cpp", R"(
#include "dataflow_api.h"
void kernel_main() {
  volatile uint32_t* nowhere = reinterpret_cast<volatile uint32_t*>(get_arg_val<uint32_t>(0) * 0 + 8);
  *nowhere = 1;
}
)");
  ASSERT_FALSE(status.ok());
  // No runtime arg 0 was set: the kernel fails cleanly before the crash.
  EXPECT_THAT(status.error().describe(), AllOf(HasSubstr("crash.cpp"), HasSubstr("runtime arg 0")));
  status = run_single("segfault.cpp", R"(
#include "dataflow_api.h"
void kernel_main() {
  volatile uint32_t* nowhere = reinterpret_cast<volatile uint32_t*>(get_write_ptr(0) & 0xfu);
  *nowhere = 1;
}
)");
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.error().code(), ErrorCode::kKernelFault);
  EXPECT_THAT(status.error().describe(), AllOf(HasSubstr("segfault.cpp"), HasSubstr("(1,1)")));
  expect_device_still_works();
}

// The classic hang: polling an L1 flag by hand that nobody ever sets. The
// watchdog stops the spinning kernel, the run names it, and the device
// (and the other cores' kernels) are fine.
TEST_F(ProgramErrorTest, SpinningKernelIsStoppedAsStalled) {
  Program program("spin");
  ASSERT_TRUE(create_kernel_from_string(program, "spin.cpp", kSpinOnAnL1Flag, {{{1, 1}, {1, 1}}},
                                        reader_config())
                  .ok());
  ASSERT_TRUE(create_kernel_from_string(program, "fine.cpp", "void kernel_main() {}",
                                        {{{0, 0}, {3, 3}}}, writer_config())
                  .ok());
  ASSERT_TRUE(create_circular_buffer(program, {{{1, 1}, {1, 1}}},
                                     CircularBufferConfig(4096, {{0, {{}, 2048}}}))
                  .ok());
  EnqueueProgramOptions options;
  options.kernel_stall_limit = std::chrono::milliseconds(200);
  Status status = enqueue_program(queue(), *device_, program, true, options);
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.error().code(), ErrorCode::kKernelFault);
  EXPECT_THAT(status.error().describe(),
              AllOf(HasSubstr("spin.cpp"), HasSubstr("(1,1)"), HasSubstr("stalled"),
                    HasSubstr("without waiting or finishing")));
  expect_device_still_works();
}

// A loop over API calls spends nearly all its time in tessera's own code,
// where the watchdog's signal cannot stop it: the next API call does. The
// loop is long but finite, so without that stop the run would pass.
TEST_F(ProgramErrorTest, KernelLoopingOverApiCallsIsStoppedAtItsNextCall) {
  constexpr uint32_t kPage = 64 * 1024;
  Buffer src = filled_dram_buffer(kPage, kPage, 5);
  Program program("reread");
  auto kernel = create_kernel_from_string(program, "reread.cpp", R"(
#include "dataflow_api.h"
void kernel_main() {
  const uint32_t src = get_arg_val<uint32_t>(0);
  const uint32_t times = get_arg_val<uint32_t>(1);
  const InterleavedAddrGen<true> in{src, 64 * 1024};
  for (uint32_t i = 0; i < times; ++i) noc_async_read_page(0, in, get_write_ptr(0));
  noc_async_read_barrier();
}
)",
                                          {{{1, 1}, {1, 1}}}, reader_config());
  ASSERT_TRUE(kernel.ok()) << kernel.error().describe();
  ASSERT_TRUE(create_circular_buffer(program, {{{1, 1}, {1, 1}}},
                                     CircularBufferConfig(kPage, {{0, {{}, kPage}}}))
                  .ok());
  ASSERT_TRUE(set_runtime_args(program, *kernel, CoreCoord{1, 1},
                               {static_cast<uint32_t>(src.address()), 200'000})
                  .ok());
  EnqueueProgramOptions options;
  options.kernel_stall_limit = std::chrono::milliseconds(100);
  Status status = enqueue_program(queue(), *device_, program, true, options);
  ASSERT_FALSE(status.ok());
  EXPECT_THAT(status.error().describe(),
              AllOf(HasSubstr("reread.cpp"), HasSubstr("(1,1)"),
                    HasSubstr("stalled: ran 0.1 s without waiting or finishing"),
                    HasSubstr("in a kernel API call")));
  expect_device_still_works();
}

// The device's limit applies to programs whose options do not set one.
TEST_F(ProgramErrorTest, DeviceStallLimitAppliesWhenOptionsSetNone) {
  ASSERT_EQ(device_->kernel_stall_limit(), sim::SchedulerOptions{}.stall_limit);
  device_->set_kernel_stall_limit(std::chrono::milliseconds(150));
  Status status = run_single("spin.cpp", kSpinOnAnL1Flag);
  device_->set_kernel_stall_limit(sim::SchedulerOptions{}.stall_limit);
  ASSERT_FALSE(status.ok());
  EXPECT_THAT(status.error().describe(), HasSubstr("stalled: ran 0.15 s"));
  expect_device_still_works();
}

TEST_F(ProgramErrorTest, CircularBufferClashingWithAnL1BufferNamesBothRanges) {
  const auto& chip = device_->descriptor();
  auto l1 =
      create_buffer_at(*device_, BufferConfig::interleaved(sim::MemoryType::kL1, 64 * 4096, 4096),
                       chip.l1_unreserved_base + 64 * 1024);
  ASSERT_TRUE(l1.ok()) << l1.error().describe();
  Status status = run_single("noop.cpp", "void kernel_main() {}");
  ASSERT_TRUE(status.ok()) << status.error().describe();
  Program program("clash");
  ASSERT_TRUE(create_kernel_from_string(program, "noop.cpp", "void kernel_main() {}",
                                        {{{0, 0}, {0, 0}}}, reader_config())
                  .ok());
  ASSERT_TRUE(create_circular_buffer(program, {{{0, 0}, {0, 0}}},
                                     CircularBufferConfig(128 * 1024, {{3, {{}, 2048}}}))
                  .ok());
  status = run(program);
  ASSERT_FALSE(status.ok());
  EXPECT_THAT(status.error().describe(),
              AllOf(HasSubstr("circular buffer 3"), HasSubstr("clashes with live L1 buffer"),
                    HasSubstr("core (0, 0)")));
  ASSERT_TRUE(deallocate_buffer(*l1).ok());
  EXPECT_TRUE(run(program).ok());
}

TEST_F(ProgramErrorTest, UnreservedPushAndUnknownSemaphoreAreErrors) {
  Status status = run_single("push.cpp", R"(
#include "dataflow_api.h"
void kernel_main() { cb_push_back(0, 1); cb_push_back(0, 2); }
)");
  ASSERT_FALSE(status.ok());
  EXPECT_THAT(status.error().describe(), HasSubstr("with only 1 free"));
  status = run_single("semaphore.cpp", R"(
#include "dataflow_api.h"
void kernel_main() { (void)get_semaphore(3); }
)");
  ASSERT_FALSE(status.ok());
  EXPECT_THAT(status.error().describe(), HasSubstr("no semaphore 3 on core (1, 1)"));
}

TEST_F(ProgramErrorTest, TwoKernelsOnOneProcessorAreRejected) {
  Program program("conflict");
  ASSERT_TRUE(create_kernel_from_string(program, "a.cpp", "void kernel_main() {}",
                                        {{{0, 0}, {1, 0}}}, writer_config())
                  .ok());
  ASSERT_TRUE(create_kernel_from_string(program, "b.cpp", "void kernel_main() {}",
                                        {{{1, 0}, {2, 0}}}, writer_config())
                  .ok());
  Status status = run(program);
  ASSERT_FALSE(status.ok());
  EXPECT_THAT(status.error().describe(),
              AllOf(HasSubstr("'a.cpp' and 'b.cpp' both run on data movement 0"),
                    HasSubstr("core (1, 0)")));
}

TEST_F(ProgramErrorTest, GloballyAllocatedCircularBufferMustStayInsideItsBuffer) {
  auto l1 =
      create_buffer(*device_, BufferConfig::interleaved(sim::MemoryType::kL1, 64 * 4096, 4096));
  ASSERT_TRUE(l1.ok()) << l1.error().describe();
  // Allocated top-down: `below` ends where `l1` starts, so a CB running past
  // the end of `below` spans two buffers and lies inside neither.
  auto below =
      create_buffer(*device_, BufferConfig::interleaved(sim::MemoryType::kL1, 64 * 4096, 4096));
  ASSERT_TRUE(below.ok()) << below.error().describe();
  for (uint32_t offset : {2048u, 3072u}) {
    Program program("global_cb");
    ASSERT_TRUE(create_kernel_from_string(program, "noop.cpp", "void kernel_main() {}",
                                          {{{0, 0}, {0, 0}}}, reader_config())
                    .ok());
    ASSERT_TRUE(create_circular_buffer(program, {{{0, 0}, {0, 0}}},
                                       CircularBufferConfig(2048, {{5, {{}, 2048}}})
                                           .set_globally_allocated_address(*below, offset))
                    .ok());
    Status status = run(program);
    if (offset == 2048u) {
      EXPECT_TRUE(status.ok()) << status.error().describe();
    } else {
      ASSERT_FALSE(status.ok());
      EXPECT_THAT(status.error().describe(),
                  AllOf(HasSubstr("circular buffer 5"), HasSubstr("lies in no live L1 buffer")));
    }
  }
}

}  // namespace
}  // namespace tessera::metal
