#include "tessera/metal/event.h"

#include <gtest/gtest.h>

#include <atomic>
#include <future>
#include <mutex>

#include "tessera/metal/device.h"

namespace tessera::metal {
namespace {

class EventTest : public testing::Test {
 protected:
  void SetUp() override {
    device_ = std::move(Device::open(0, sim::Arch::kWormholeB0, 2).value());
    q0_ = *device_->command_queue(0);
    q1_ = *device_->command_queue(1);
  }

  Status append(CommandQueue* queue, std::string label) {
    return queue->enqueue_program(label, [this, label] {
      std::lock_guard lock(mutex_);
      order_ += label;
      return ok_status();
    });
  }

  std::unique_ptr<Device> device_;
  CommandQueue* q0_ = nullptr;
  CommandQueue* q1_ = nullptr;
  std::mutex mutex_;
  std::string order_;
};

TEST_F(EventTest, AQueueWaitsForAnEventRecordedOnAnother) {
  std::promise<void> gate;
  std::shared_future<void> opened = gate.get_future().share();
  auto event = Event::create();
  ASSERT_TRUE(q0_->enqueue_program("gate",
                                   [opened] {
                                     opened.wait();
                                     return ok_status();
                                   })
                  .ok());
  ASSERT_TRUE(append(q0_, "A").ok());
  ASSERT_TRUE(q0_->enqueue_record_event(event).ok());
  ASSERT_TRUE(q1_->enqueue_wait_for_event(event).ok());
  ASSERT_TRUE(append(q1_, "B").ok());
  auto after_wait = Event::create();
  ASSERT_TRUE(q1_->enqueue_record_event(after_wait).ok());

  EXPECT_EQ(*event_query(event), false);
  EXPECT_EQ(*event_query(after_wait), false);  // q1 is held by q0's event
  {
    std::lock_guard lock(mutex_);
    EXPECT_EQ(order_, "");
  }
  gate.set_value();
  ASSERT_TRUE(event_synchronize(after_wait).ok());
  EXPECT_EQ(*event_query(event), true);
  std::lock_guard lock(mutex_);
  EXPECT_EQ(order_, "AB");
}

TEST_F(EventTest, SynchronizeSurfacesTheRecordingQueuesFailureOnce) {
  auto event = Event::create();
  ASSERT_TRUE(q0_->enqueue_program(
                     "broken",
                     [] { return Status(make_error(ErrorCode::kDeadlock, "all fibers blocked")); })
                  .ok());
  ASSERT_TRUE(q0_->enqueue_record_event(event).ok());
  Status synced = event_synchronize(event);
  ASSERT_FALSE(synced.ok());
  EXPECT_EQ(synced.error().code(), ErrorCode::kDeadlock);
  EXPECT_NE(synced.error().describe().find("command queue 0: command 0 (EnqueueProgram broken)"),
            std::string::npos)
      << synced.error().describe();
  EXPECT_FALSE(event_query(event).ok());
  EXPECT_TRUE(q0_->finish().ok());  // already surfaced
  // Usable again: re-recording the event completes it.
  ASSERT_TRUE(q0_->enqueue_record_event(event).ok());
  EXPECT_TRUE(event_synchronize(event).ok());
  EXPECT_EQ(*event_query(event), true);
}

TEST_F(EventTest, WaitingOnAnAbortedEventFailsTheWaitingQueueToo) {
  auto event = Event::create();
  ASSERT_TRUE(q0_->enqueue_program("broken",
                                   [] { return Status(make_error(ErrorCode::kInternal, "boom")); })
                  .ok());
  ASSERT_TRUE(q0_->enqueue_record_event(event).ok());
  ASSERT_TRUE(q1_->enqueue_wait_for_event(event).ok());
  ASSERT_TRUE(append(q1_, "never").ok());
  Status q1_finish = q1_->finish();
  ASSERT_FALSE(q1_finish.ok());
  EXPECT_NE(q1_finish.error().describe().find("command queue 1: command 0 (EnqueueWaitForEvent)"),
            std::string::npos)
      << q1_finish.error().describe();
  EXPECT_NE(q1_finish.error().describe().find("boom"), std::string::npos);
  EXPECT_FALSE(q0_->finish().ok());
  std::lock_guard lock(mutex_);
  EXPECT_EQ(order_, "");
}

// Ping-pong over one buffer: q0 writes round r, q1 reads it, and q0 may
// only overwrite once q1's read is done. Any ordering bug shows as a
// mismatched round.
TEST_F(EventTest, PingPongBetweenQueuesKeepsEveryRoundIntact) {
  constexpr int kRounds = 200;
  Buffer buffer =
      *create_buffer(*device_, BufferConfig::interleaved(sim::MemoryType::kL1, 64 * 64, 64));
  std::vector<std::vector<uint8_t>> written(kRounds), read(kRounds);
  auto written_event = Event::create();
  auto read_event = Event::create();
  for (int round = 0; round < kRounds; ++round) {
    written[round].assign(buffer.size(), static_cast<uint8_t>(round * 37 + 1));
    read[round].assign(buffer.size(), 0);
    if (round > 0) {
      ASSERT_TRUE(q0_->enqueue_wait_for_event(read_event).ok());
    }
    ASSERT_TRUE(q0_->enqueue_write_buffer(buffer, written[round], false).ok());
    ASSERT_TRUE(q0_->enqueue_record_event(written_event).ok());
    ASSERT_TRUE(q1_->enqueue_wait_for_event(written_event).ok());
    ASSERT_TRUE(q1_->enqueue_read_buffer(buffer, read[round], false).ok());
    ASSERT_TRUE(q1_->enqueue_record_event(read_event).ok());
  }
  ASSERT_TRUE(q0_->finish().ok());
  ASSERT_TRUE(q1_->finish().ok());
  for (int round = 0; round < kRounds; ++round) {
    ASSERT_EQ(read[round], written[round]) << "round " << round;
  }
}

TEST_F(EventTest, UnrecordedEventsAreErrorsNotHangs) {
  auto event = Event::create();
  EXPECT_FALSE(event->recorded());
  EXPECT_FALSE(event_query(event).ok());
  EXPECT_FALSE(event_synchronize(event).ok());
  EXPECT_FALSE(q1_->enqueue_wait_for_event(event).ok());
  EXPECT_FALSE(event_synchronize(nullptr).ok());
}

TEST_F(EventTest, CloseDrainsQueuesAndReportsUnsurfacedFailures) {
  ASSERT_TRUE(
      q1_->enqueue_program("late failure",
                           [] { return Status(make_error(ErrorCode::kInternal, "nobody asked")); })
          .ok());
  auto event = Event::create();
  ASSERT_TRUE(q0_->enqueue_record_event(event).ok());
  CloseReport report = device_->close();
  ASSERT_EQ(report.unsurfaced_errors.size(), 1u);
  EXPECT_NE(report.unsurfaced_errors[0].describe().find("nobody asked"), std::string::npos);
  EXPECT_EQ(*event_query(event), true);
}

}  // namespace
}  // namespace tessera::metal
