// A program prepared by one run runs again without being built, laid out or
// looked up, on either kind of device; what a run checks is still checked.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "program_test_support.h"
#include "tessera/metal/program/program.h"
#include "tessera/sim/program/program_run.h"

namespace tessera::metal {
namespace {

using ::testing::HasSubstr;

// Copies `pages` pages of 1 KiB from one interleaved DRAM buffer to another
// through CB 0, a page at a time, as tt-metal's simple copy kernels do.
constexpr const char* kCopyPages = R"(
#include "api/dataflow/dataflow_api.h"
void kernel_main() {
  const uint32_t src = get_arg_val<uint32_t>(0);
  const uint32_t dst = get_arg_val<uint32_t>(1);
  const uint32_t pages = get_arg_val<uint32_t>(2);
  constexpr uint32_t cb = 0;
  const InterleavedAddrGen<true> in{src, 1024};
  const InterleavedAddrGen<true> out{dst, 1024};
  for (uint32_t i = 0; i < pages; ++i) {
    cb_reserve_back(cb, 1);
    const uint32_t l1 = get_write_ptr(cb);
    noc_async_read_page(i, in, l1);
    noc_async_read_barrier();
    noc_async_write_page(i, out, l1, 1024);
    noc_async_write_barrier();
    cb_push_back(cb, 1);
    cb_wait_front(cb, 1);
    cb_pop_front(cb, 1);
  }
}
)";

constexpr uint32_t kPages = 4;
constexpr uint64_t kBytes = kPages * 1024;

class PreparedProgramTest : public ::testing::TestWithParam<DeviceIsolation> {
 protected:
  void SetUp() override {
    auto device = Device::open(0, sim::Arch::kWormholeB0, 1, GetParam());
    ASSERT_TRUE(device.ok()) << device.error().describe();
    device_ = std::move(*device);
  }
  void TearDown() override {
    if (device_) device_->close();
  }

  CommandQueue& queue() { return **device_->command_queue(0); }

  Buffer dram(uint32_t seed) {
    auto buffer =
        create_buffer(*device_, BufferConfig::interleaved(sim::MemoryType::kDram, kBytes, 1024));
    EXPECT_TRUE(buffer.ok()) << buffer.error().describe();
    EXPECT_TRUE(queue().enqueue_write_buffer(*buffer, testing::pattern(kBytes, seed), true).ok());
    return *buffer;
  }

  std::vector<uint8_t> read(const Buffer& buffer) {
    std::vector<uint8_t> data(buffer.size());
    EXPECT_TRUE(queue().enqueue_read_buffer(buffer, data, true).ok());
    return data;
  }

  // The copy program from `src` to `dst`, with `cb` (default: its own) as CB 0.
  Program copy_program(const Buffer& src, const Buffer& dst,
                       CircularBufferConfig cb = CircularBufferConfig(1024, {{0, {{}, 1024}}})) {
    Program program("copy_pages");
    const CoreRangeSet core{{{1, 1}, {1, 1}}};
    auto kernel =
        create_kernel_from_string(program, "copy_pages.cpp", kCopyPages, core, reader_config());
    EXPECT_TRUE(kernel.ok()) << kernel.error().describe();
    EXPECT_TRUE(create_circular_buffer(program, core, cb).ok());
    EXPECT_TRUE(set_runtime_args(program, *kernel, CoreCoord{1, 1},
                                 {static_cast<uint32_t>(src.address()),
                                  static_cast<uint32_t>(dst.address()), kPages})
                    .ok());
    return program;
  }

  // Runs `program` once, returning what on_prepared received.
  std::shared_ptr<const PreparedProgram> run_and_keep(Program& program) {
    std::shared_ptr<const PreparedProgram> kept;
    EnqueueProgramOptions options;
    options.on_prepared = [&kept](std::shared_ptr<const PreparedProgram> prepared) {
      kept = std::move(prepared);
    };
    Status ran = enqueue_program(queue(), *device_, program, true, options);
    EXPECT_TRUE(ran.ok()) << ran.error().describe();
    return kept;
  }

  std::unique_ptr<Device> device_;
};

TEST_P(PreparedProgramTest, RunsAgainOnNewDataWithoutLookingUpItsKernels) {
  Buffer src = dram(1), dst = dram(2);
  Program program = copy_program(src, dst);
  auto prepared = run_and_keep(program);
  ASSERT_NE(prepared, nullptr);
  EXPECT_EQ(read(dst), testing::pattern(kBytes, 1));
  const bool isolated = GetParam() == DeviceIsolation::kIsolated;
  EXPECT_EQ(prepared->loaded.size(), isolated ? 0u : 1u);
  EXPECT_EQ(prepared->objects.size(), isolated ? 1u : 0u);
  EXPECT_EQ(prepared->plan.circular_buffers.size(), 1u);
  EXPECT_EQ(prepared->device_plan.encoded.empty(), !isolated);
  if (isolated) {
    EXPECT_EQ(prepared->device_plan.encoded,
              sim::DeviceProcess::describe(prepared->plan, prepared->objects).encoded);
  }

  ASSERT_TRUE(queue().enqueue_write_buffer(src, testing::pattern(kBytes, 3), true).ok());
  auto cache = sim::program_kernel_cache();
  ASSERT_TRUE(cache.ok());
  const auto lookups_before = (*cache)->stats().memory_hits;
  Status again = enqueue_prepared_program(queue(), *device_, prepared, true, {});
  ASSERT_TRUE(again.ok()) << again.error().describe();
  EXPECT_EQ(read(dst), testing::pattern(kBytes, 3));
  EXPECT_EQ((*cache)->stats().memory_hits, lookups_before);
}

TEST_P(PreparedProgramTest, AProgramPreparedWithoutItsDevicePlanIsDescribedAtItsRun) {
  Buffer src = dram(1), dst = dram(2);
  Program program = copy_program(src, dst);
  auto prepared = run_and_keep(program);
  ASSERT_NE(prepared, nullptr);
  auto by_hand = std::make_shared<PreparedProgram>(*prepared);
  by_hand->device_plan = {};
  ASSERT_TRUE(queue().enqueue_write_buffer(src, testing::pattern(kBytes, 5), true).ok());
  Status again = enqueue_prepared_program(queue(), *device_, by_hand, true, {});
  ASSERT_TRUE(again.ok()) << again.error().describe();
  EXPECT_EQ(read(dst), testing::pattern(kBytes, 5));
}

// The device process gets the plan as it was encoded when the program was
// prepared: a repeated run does not encode it again.
TEST_P(PreparedProgramTest, AnIsolatedRunSendsThePlanItsProgramCarriesEncoded) {
  if (GetParam() != DeviceIsolation::kIsolated) GTEST_SKIP() << "isolated devices only";
  Buffer src = dram(1), dst = dram(2), other = dram(3);
  Program program = copy_program(src, dst);
  auto prepared = run_and_keep(program);
  ASSERT_NE(prepared, nullptr);
  auto changed = std::make_shared<PreparedProgram>(*prepared);
  // The host-side plan now names `other`; the encoded one still `dst`.
  changed->plan.kernels.front().runtime_args.begin()->second[1] =
      static_cast<uint32_t>(other.address());
  ASSERT_TRUE(queue().enqueue_write_buffer(src, testing::pattern(kBytes, 7), true).ok());
  Status again = enqueue_prepared_program(queue(), *device_, changed, true, {});
  ASSERT_TRUE(again.ok()) << again.error().describe();
  EXPECT_EQ(read(dst), testing::pattern(kBytes, 7));
  EXPECT_EQ(read(other), testing::pattern(kBytes, 3));
}

TEST_P(PreparedProgramTest, OnlyASuccessfulRunPreparesAProgram) {
  Buffer src = dram(1), dst = dram(2);
  int prepared = 0;
  EnqueueProgramOptions options;
  options.on_prepared = [&prepared](std::shared_ptr<const PreparedProgram>) { ++prepared; };
  Program copy = copy_program(src, dst);
  ASSERT_TRUE(enqueue_program(queue(), *device_, copy, true, options).ok());
  EXPECT_EQ(prepared, 1);
  Program broken("broken");
  auto kernel = create_kernel_from_string(broken, "broken.cpp", "void kernel_main() { oops }",
                                          {{{0, 0}, {0, 0}}}, reader_config());
  ASSERT_TRUE(kernel.ok());
  EXPECT_FALSE(enqueue_program(queue(), *device_, broken, true, options).ok());
  EXPECT_EQ(prepared, 1);
}

TEST_P(PreparedProgramTest, ItsLayoutIsCheckedAgainstTheBuffersLiveAtEachRun) {
  Buffer src = dram(1), dst = dram(2);
  sim::ShardSpec shard{.cores = {{{1, 1}, {1, 1}}},
                       .shard_shape = {32, 32},
                       .page_shape = {32, 32},
                       .tensor_pages = {1, 1}};
  auto l1 = create_buffer(*device_, BufferConfig{sim::MemoryType::kL1, 2048, 2048,
                                                 sim::BufferLayout::kHeightSharded, shard});
  ASSERT_TRUE(l1.ok()) << l1.error().describe();
  Program program = copy_program(
      src, dst, CircularBufferConfig(1024, {{0, {{}, 1024}}}).set_globally_allocated_address(*l1));
  auto prepared = run_and_keep(program);
  ASSERT_NE(prepared, nullptr);
  ASSERT_TRUE(prepared->plan.circular_buffers.front().globally_allocated);

  ASSERT_TRUE(deallocate_buffer(*l1).ok());
  Status again = enqueue_prepared_program(queue(), *device_, prepared, true, {});
  ASSERT_FALSE(again.ok());
  EXPECT_THAT(again.error().describe(), HasSubstr("lies in no live L1 buffer"));
  // The device runs the next program as usual.
  Program plain = copy_program(src, dst);
  ASSERT_TRUE(enqueue_program(queue(), *device_, plain, true).ok());
  EXPECT_EQ(read(dst), testing::pattern(kBytes, 1));
}

TEST_P(PreparedProgramTest, AProgramPreparedForTheOtherKindOfDeviceIsRefused) {
  Buffer src = dram(1), dst = dram(2);
  Program program = copy_program(src, dst);
  auto prepared = run_and_keep(program);
  ASSERT_NE(prepared, nullptr);
  const DeviceIsolation other = GetParam() == DeviceIsolation::kIsolated
                                    ? DeviceIsolation::kInProcess
                                    : DeviceIsolation::kIsolated;
  auto second = Device::open(1, sim::Arch::kWormholeB0, 1, other);
  ASSERT_TRUE(second.ok()) << second.error().describe();
  Status ran =
      enqueue_prepared_program(**(*second)->command_queue(0), **second, prepared, true, {});
  ASSERT_FALSE(ran.ok());
  EXPECT_THAT(ran.error().describe(), HasSubstr("was prepared for"));
  EXPECT_FALSE(enqueue_prepared_program(queue(), *device_, nullptr, true, {}).ok());
  (*second)->close();
}

TEST_P(PreparedProgramTest, AClosedDeviceRefusesAPreparedProgram) {
  Buffer src = dram(1), dst = dram(2);
  Program program = copy_program(src, dst);
  auto prepared = run_and_keep(program);
  ASSERT_NE(prepared, nullptr);
  CommandQueue& cq = queue();
  device_->close();
  Status ran = enqueue_prepared_program(cq, *device_, prepared, true, {});
  ASSERT_FALSE(ran.ok());
  EXPECT_THAT(ran.error().describe(), HasSubstr("closed device"));
}

INSTANTIATE_TEST_SUITE_P(BothDevices, PreparedProgramTest,
                         ::testing::Values(DeviceIsolation::kInProcess, DeviceIsolation::kIsolated),
                         [](const auto& info) {
                           return info.param == DeviceIsolation::kIsolated ? "Isolated"
                                                                           : "InProcess";
                         });

}  // namespace
}  // namespace tessera::metal
