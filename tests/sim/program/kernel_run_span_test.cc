// The kernel span hook of run_program: one span per kernel per core, each
// inside the run's wall-clock window.
#include <gtest/gtest.h>

#include <chrono>
#include <map>
#include <mutex>
#include <string>
#include <utility>

#include "tessera/sim/program/program_run.h"

namespace tessera::sim {
namespace {

// The consumer waits on a semaphore the producer raises, so the consumer's
// span includes time it spent blocked.
constexpr const char* kProducer = R"(
#include "api/dataflow/dataflow_api.h"
void kernel_main() {
  volatile uint32_t sink = 0;
  for (uint32_t i = 0; i < 10000; ++i) sink = sink + i;
  noc_semaphore_set(reinterpret_cast<volatile uint32_t*>(get_semaphore(0)), 1);
}
)";

constexpr const char* kConsumer = R"(
#include "api/dataflow/dataflow_api.h"
void kernel_main() {
  noc_semaphore_wait(reinterpret_cast<volatile uint32_t*>(get_semaphore(0)), 1);
}
)";

int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

class KernelRunSpanTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto chip = Chip::create(*builtin_chip_descriptor(Arch::kWormholeB0));
    ASSERT_TRUE(chip.ok()) << chip.error().describe();
    chip_ = std::move(*chip);
    auto cache = program_kernel_cache();
    ASSERT_TRUE(cache.ok()) << cache.error().describe();
    cache_ = *cache;
  }

  ProgramPlan plan() const {
    const CoreRangeSet cores{{{1, 1}, {3, 2}}};  // 3 x 2 cores
    ProgramPlan plan;
    plan.name = "spans";
    plan.semaphore_base = chip_->descriptor().l1_unreserved_base;
    plan.semaphores.push_back({cores, 0, 0});
    KernelPlan producer;
    producer.build.name = "producer.cpp";
    producer.build.source = kProducer;
    producer.build.processor = KernelProcessor::kDataMovement0;
    producer.cores = cores;
    KernelPlan consumer;
    consumer.build.name = "consumer.cpp";
    consumer.build.source = kConsumer;
    consumer.build.processor = KernelProcessor::kDataMovement1;
    consumer.cores = cores;
    // Consumers first, so they block before their producers run.
    plan.kernels = {consumer, producer};
    return plan;
  }

  std::unique_ptr<Chip> chip_;
  KernelCache* cache_ = nullptr;
};

TEST_F(KernelRunSpanTest, ReportsEveryKernelOnEveryCoreOnceWithinTheRun) {
  ASSERT_TRUE(run_program(*chip_, *cache_, plan()).ok());  // compile outside the window

  std::mutex mutex;
  std::map<std::pair<std::string, CoreCoord>, std::pair<int64_t, int64_t>> spans;
  int calls = 0;
  ProgramRunOptions options;
  options.scheduler.threads = 2;
  options.on_kernel_span = [&](const KernelRunSpan& span) {
    std::lock_guard lock(mutex);
    ++calls;
    spans[{std::string(span.kernel_name), span.core}] = {span.start_ns, span.duration_ns};
  };
  const int64_t before = now_ns();
  Status status = run_program(*chip_, *cache_, plan(), options);
  const int64_t after = now_ns();
  ASSERT_TRUE(status.ok()) << status.error().describe();

  EXPECT_EQ(calls, 12);
  ASSERT_EQ(spans.size(), 12u);
  for (uint32_t y = 1; y <= 2; ++y) {
    for (uint32_t x = 1; x <= 3; ++x) {
      for (const char* kernel : {"producer.cpp", "consumer.cpp"}) {
        auto found = spans.find({kernel, CoreCoord{x, y}});
        ASSERT_NE(found, spans.end()) << kernel << " on " << to_string({x, y});
        const auto [start, duration] = found->second;
        EXPECT_GE(start, before);
        EXPECT_GT(duration, 0);
        EXPECT_LE(start + duration, after);
      }
      // The consumer started first and could only return after the
      // producer raised the semaphore.
      const auto consumer = spans[{"consumer.cpp", CoreCoord{x, y}}];
      const auto producer = spans[{"producer.cpp", CoreCoord{x, y}}];
      EXPECT_LE(consumer.first, producer.first);
      EXPECT_GT(consumer.first + consumer.second, producer.first);
    }
  }
}

TEST_F(KernelRunSpanTest, FailedKernelsReportNoSpan) {
  ProgramPlan failing = plan();
  failing.kernels.pop_back();  // consumers alone wait forever: a deadlock
  int calls = 0;
  ProgramRunOptions options;
  options.on_kernel_span = [&](const KernelRunSpan&) { ++calls; };
  Status status = run_program(*chip_, *cache_, failing, options);
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(calls, 0);
}

}  // namespace
}  // namespace tessera::sim
