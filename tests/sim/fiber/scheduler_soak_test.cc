// Long soak: many randomized multi-threaded runs, half of them with a
// deliberate deadlock, to shake out races in progress tracking and in
// deadlock detection (a missed wakeup hangs; a false report fails).
#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "tessera/sim/fiber/fiber_wait.h"
#include "tessera/sim/fiber/scheduler.h"

namespace tessera::sim {
namespace {

struct Channel {
  std::atomic<int> sent{0};
  std::atomic<int> received{0};
  int capacity = 1;
};

void produce(Channel& channel, int count) {
  for (int i = 0; i < count; ++i) {
    (void)wait_until(
        [&] { return channel.sent.load() - channel.received.load() < channel.capacity; },
        [] { return std::string("channel full"); });
    channel.sent.fetch_add(1);
    notify_progress();
  }
}

void consume(Channel& channel, int count) {
  for (int i = 0; i < count; ++i) {
    (void)wait_until([&] { return channel.sent.load() > channel.received.load(); },
                     [] { return std::string("channel empty"); });
    channel.received.fetch_add(1);
    notify_progress();
  }
}

TEST(SchedulerSoakTest, RandomHandoffGraphs) {
  std::mt19937 random(1234);
  for (int run = 0; run < 3000; ++run) {
    const int cores = 2 + static_cast<int>(random() % 30);
    const bool deadlock = run % 2 == 1;
    Scheduler scheduler({.threads = 2 + static_cast<unsigned>(random() % 3)});
    std::vector<std::unique_ptr<Channel>> channels;
    for (int c = 0; c < cores; ++c) {
      channels.push_back(std::make_unique<Channel>());
      channels.back()->capacity = 1 + static_cast<int>(random() % 4);
      const int count = 1 + static_cast<int>(random() % 50);
      const int consumer_core = static_cast<int>(random() % cores);
      Channel& channel = *channels.back();
      // A deadlocking run has one consumer wanting one more than is sent.
      const int wanted = deadlock && c == 0 ? count + 1 : count;
      scheduler.add({"producer", {c, 0}, [&channel, count] { produce(channel, count); }});
      scheduler.add(
          {"consumer", {consumer_core, 0}, [&channel, wanted] { consume(channel, wanted); }});
    }
    Status status = scheduler.run();
    if (deadlock) {
      ASSERT_FALSE(status.ok()) << "run " << run;
      EXPECT_EQ(status.error().code(), ErrorCode::kDeadlock) << status.error().describe();
    } else {
      ASSERT_TRUE(status.ok()) << "run " << run << ": " << status.error().describe();
    }
  }
}

}  // namespace
}  // namespace tessera::sim
