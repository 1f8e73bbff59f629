// Blocking commands, and finish, run what waits on the calling thread when
// their queue is idle, with the same order, failure and finish semantics as
// the worker gives.
#include <gtest/gtest.h>

#include <atomic>
#include <future>
#include <mutex>
#include <numeric>
#include <thread>

#include "tessera/metal/command_queue.h"
#include "tessera/metal/device.h"

namespace tessera::metal {
namespace {

class BlockingCommandTest : public testing::Test {
 protected:
  void SetUp() override {
    device_ = std::move(Device::open(0, sim::Arch::kWormholeB0, 1).value());
    queue_ = *device_->command_queue(0);
  }

  Buffer dram_buffer(uint64_t size) {
    return *create_buffer(*device_, BufferConfig::interleaved(sim::MemoryType::kDram, size, size));
  }

  std::unique_ptr<Device> device_;
  CommandQueue* queue_ = nullptr;
};

// The program that records which thread ran it.
std::function<Status()> note_thread(std::thread::id& ran_on) {
  return [&ran_on] {
    ran_on = std::this_thread::get_id();
    return ok_status();
  };
}

TEST_F(BlockingCommandTest, AnIdleQueueRunsABlockingProgramOnTheCaller) {
  std::thread::id ran_on;
  ASSERT_TRUE(queue_->enqueue_program("here", note_thread(ran_on), /*blocking=*/true).ok());
  EXPECT_EQ(ran_on, std::this_thread::get_id());

  // Not blocking: the enqueue returns first. The worker may take the
  // program, or the finish that waits for it runs it on the caller.
  const std::thread::id caller = std::this_thread::get_id();
  std::atomic<bool> returned{false};
  bool ran = false, ran_inside_enqueue = false;
  ASSERT_TRUE(queue_
                  ->enqueue_program("there",
                                    [&] {
                                      ran = true;
                                      ran_inside_enqueue =
                                          std::this_thread::get_id() == caller && !returned.load();
                                      return ok_status();
                                    })
                  .ok());
  returned = true;
  ASSERT_TRUE(queue_->finish().ok());
  EXPECT_TRUE(ran);
  EXPECT_FALSE(ran_inside_enqueue);
}

// Transfers left waiting for a batch run, in order, by the time finish
// returns: on an idle queue, finish runs them on the caller.
TEST_F(BlockingCommandTest, FinishRunsTheWaitingTransfersInOrder) {
  Buffer buffer = dram_buffer(64);
  std::vector<uint8_t> first(64, 1), second(64, 2);
  QueuedCommandTiming first_ran, second_ran;
  ASSERT_TRUE(queue_->enqueue_write_buffer(buffer, first, false, {.timing = &first_ran}).ok());
  ASSERT_TRUE(queue_->enqueue_write_buffer(buffer, second, false, {.timing = &second_ran}).ok());
  ASSERT_TRUE(queue_->finish().ok());
  EXPECT_GT(first_ran.end_ns, 0);
  EXPECT_LE(first_ran.end_ns, second_ran.start_ns);
  std::vector<uint8_t> back(64);
  ASSERT_TRUE(queue_->enqueue_read_buffer(buffer, back, true).ok());
  EXPECT_EQ(back, second);
}

// Writes left waiting for a batch run first, in order, before the program.
TEST_F(BlockingCommandTest, WaitingTransfersRunBeforeTheBlockingProgram) {
  Buffer buffer = dram_buffer(64);
  std::vector<uint8_t> first(64, 1), second(64, 2);
  QueuedCommandTiming first_ran, second_ran;
  ASSERT_TRUE(queue_->enqueue_write_buffer(buffer, first, false, {.timing = &first_ran}).ok());
  ASSERT_TRUE(queue_->enqueue_write_buffer(buffer, second, false, {.timing = &second_ran}).ok());
  bool writes_ran_first = false;
  ASSERT_TRUE(queue_
                  ->enqueue_program(
                      "look",
                      [&] {
                        writes_ran_first = first_ran.end_ns > 0 && second_ran.end_ns > 0 &&
                                           first_ran.end_ns <= second_ran.start_ns;
                        return ok_status();
                      },
                      true)
                  .ok());
  EXPECT_TRUE(writes_ran_first);
  std::vector<uint8_t> back(64);
  ASSERT_TRUE(queue_->enqueue_read_buffer(buffer, back, true).ok());
  EXPECT_EQ(back, second);
}

// A queue whose worker is busy keeps the blocking program behind it.
TEST_F(BlockingCommandTest, ABusyWorkerRunsTheBlockingProgramAfterItsBatch) {
  std::promise<void> gate;
  std::shared_future<void> opened = gate.get_future().share();
  std::atomic<bool> gate_passed{false};
  std::promise<void> started;
  ASSERT_TRUE(queue_
                  ->enqueue_program("gate",
                                    [&, opened] {
                                      started.set_value();
                                      opened.wait();
                                      gate_passed = true;
                                      return ok_status();
                                    })
                  .ok());
  started.get_future().wait();  // the worker holds the gate
  std::thread::id ran_on;
  bool gate_passed_first = false;
  std::thread opener([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    gate.set_value();
  });
  Status status = queue_->enqueue_program(
      "after",
      [&] {
        gate_passed_first = gate_passed.load();
        ran_on = std::this_thread::get_id();
        return ok_status();
      },
      true);
  opener.join();
  ASSERT_TRUE(status.ok());
  EXPECT_TRUE(gate_passed_first);
  EXPECT_NE(ran_on, std::this_thread::get_id());
}

// Commands another thread pushes while the caller runs wait for it, keep
// their order, and a finish of theirs counts the caller's command too.
TEST_F(BlockingCommandTest, CommandsPushedMeanwhileRunAfterInOrder) {
  std::vector<int> order;
  std::mutex order_mutex;
  auto step = [&](int i) {
    return [&, i] {
      std::lock_guard lock(order_mutex);
      order.push_back(i);
      return ok_status();
    };
  };
  std::promise<void> running;
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  std::thread other([&] {
    running.get_future().wait();
    for (int i = 1; i <= 20; ++i) ASSERT_TRUE(queue_->enqueue_program("step", step(i)).ok());
    release.set_value();
    EXPECT_TRUE(queue_->finish().ok());
    std::lock_guard lock(order_mutex);
    EXPECT_EQ(order.size(), 21u);
  });
  ASSERT_TRUE(queue_
                  ->enqueue_program(
                      "first",
                      [&] {
                        running.set_value();
                        released.wait();
                        return step(0)();
                      },
                      true)
                  .ok());
  other.join();
  ASSERT_TRUE(queue_->finish().ok());
  std::vector<int> expected(21);
  std::iota(expected.begin(), expected.end(), 0);
  EXPECT_EQ(order, expected);
}

// The blocking program's own failure comes back, named as the worker
// names it, and only once; the queue then works again.
TEST_F(BlockingCommandTest, AFailureOnTheCallerSurfacesOnceAndTheQueueRecovers) {
  Status status = queue_->enqueue_program(
      "broken", [] { return Status(make_error(ErrorCode::kKernelFault, "kernel faulted")); }, true);
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.error().describe(),
            "device 0: command queue 0: command 0 (EnqueueProgram broken): kernel faulted");
  EXPECT_TRUE(queue_->finish().ok());
  std::thread::id ran_on;
  EXPECT_TRUE(queue_->enqueue_program("fine", note_thread(ran_on), true).ok());
}

// An earlier failure in the queue is reported by the next blocking
// command, which is dropped, as finish would report it.
TEST_F(BlockingCommandTest, AnEarlierFailureDropsTheBlockingProgram) {
  ASSERT_TRUE(
      queue_
          ->enqueue_program("bad", [] { return Status(make_error(ErrorCode::kInternal, "boom")); })
          .ok());
  bool ran = false;
  Status status = queue_->enqueue_program(
      "dropped",
      [&] {
        ran = true;
        return ok_status();
      },
      true);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.error().describe().find("command 0 (EnqueueProgram bad): boom"),
            std::string::npos);
  EXPECT_FALSE(ran);
  EXPECT_TRUE(queue_->finish().ok());
}

// Shutting the queue down while a caller runs a command waits for it.
TEST_F(BlockingCommandTest, ShutDownWhileTheCallerRunsStillStops) {
  std::promise<void> running;
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  std::thread caller([&] {
    EXPECT_TRUE(queue_
                    ->enqueue_program(
                        "long",
                        [&] {
                          running.set_value();
                          released.wait();
                          return ok_status();
                        },
                        true)
                    .ok());
  });
  running.get_future().wait();
  std::thread closer([&] { EXPECT_TRUE(queue_->shut_down().ok()); });
  std::this_thread::sleep_for(std::chrono::milliseconds(10));
  release.set_value();
  caller.join();
  closer.join();  // returns: the worker saw the stop after the caller ended
  EXPECT_FALSE(queue_
                   ->enqueue_program(
                       "late", [] { return ok_status(); }, true)
                   .ok());
}

}  // namespace
}  // namespace tessera::metal
