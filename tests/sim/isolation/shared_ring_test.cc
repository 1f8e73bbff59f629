// The shared-memory ring between a host and its device process: frames
// travel both ways, larger ones than the ring stream through it, a
// sleeping side wakes on the peer's doorbell and on its hang-up (also when
// it spun first, and past a stale doorbell), an alerted side spins for the
// frame to come, and a ring
// whose counters a hostile peer changed is an error, not a hang or a crash.
#include "tessera/sim/isolation/shared_ring.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <memory>
#include <numeric>
#include <thread>

namespace tessera::sim {
namespace {

using std::chrono::milliseconds;
using ::testing::HasSubstr;

// Both ends of one channel, as two processes would have them.
class SharedRingTest : public ::testing::Test {
 protected:
  void SetUp() override {
    void* memory = mmap(nullptr, sizeof(SharedChannel), PROT_READ | PROT_WRITE,
                        MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    ASSERT_NE(memory, MAP_FAILED);
    channel_ = static_cast<SharedChannel*>(memory);
    ASSERT_EQ(socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sockets_), 0);
    host_ = std::make_unique<RingEndpoint>(channel_->to_device, channel_->to_host, sockets_[0],
                                           RingWaitPolicy{});
    device_ = std::make_unique<RingEndpoint>(channel_->to_host, channel_->to_device, sockets_[1],
                                             RingWaitPolicy{});
  }
  void TearDown() override {
    for (int fd : sockets_) {
      if (fd >= 0) close(fd);
    }
    if (channel_) munmap(channel_, sizeof(SharedChannel));
  }
  void hang_up_device() {
    close(sockets_[1]);
    sockets_[1] = -1;
  }

  SharedChannel* channel_ = nullptr;
  int sockets_[2] = {-1, -1};
  std::unique_ptr<RingEndpoint> host_;
  std::unique_ptr<RingEndpoint> device_;
};

std::vector<uint8_t> pattern(size_t size, uint8_t seed) {
  std::vector<uint8_t> bytes(size);
  std::iota(bytes.begin(), bytes.end(), seed);
  return bytes;
}

TEST_F(SharedRingTest, FramesTravelBothWays) {
  for (int round = 0; round < 3; ++round) {
    const std::vector<uint8_t> request = pattern(100 + round, 7);
    ASSERT_TRUE(host_->send_frame(request).ok());
    auto received = device_->receive_frame(1 << 20);
    ASSERT_TRUE(received.ok()) << received.error().describe();
    EXPECT_EQ(*received, request);
    const std::vector<uint8_t> reply = pattern(3, 11);
    ASSERT_TRUE(device_->send_frame(reply).ok());
    auto answered = host_->receive_frame(1 << 20);
    ASSERT_TRUE(answered.ok()) << answered.error().describe();
    EXPECT_EQ(*answered, reply);
  }
  const std::vector<uint8_t> empty;
  ASSERT_TRUE(host_->send_frame(empty).ok());
  auto received = device_->receive_frame(16);
  ASSERT_TRUE(received.ok());
  EXPECT_TRUE(received->empty());
}

TEST_F(SharedRingTest, AFrameLargerThanTheRingStreamsThroughIt) {
  // The writer fills the ring and sleeps until the reader makes room.
  const std::vector<uint8_t> big = pattern(5 * SharedRing::kCapacity + 123, 3);
  std::thread reader([&] {
    std::this_thread::sleep_for(milliseconds(50));
    auto received = device_->receive_frame(big.size());
    ASSERT_TRUE(received.ok()) << received.error().describe();
    EXPECT_EQ(*received, big);
  });
  Status sent = host_->send_frame(big);
  reader.join();
  EXPECT_TRUE(sent.ok()) << sent.error().describe();
}

TEST_F(SharedRingTest, ASleepingReaderWakesOnTheDoorbell) {
  std::thread writer([&] {
    std::this_thread::sleep_for(milliseconds(100));
    EXPECT_TRUE(device_->send_frame(pattern(8, 1)).ok());
  });
  const auto start = std::chrono::steady_clock::now();
  auto received = host_->receive_frame(64);
  const auto waited = std::chrono::steady_clock::now() - start;
  writer.join();
  ASSERT_TRUE(received.ok()) << received.error().describe();
  EXPECT_EQ(*received, pattern(8, 1));
  EXPECT_LT(waited, milliseconds(2000));
}

TEST_F(SharedRingTest, APeerThatHangsUpWakesTheSleeperAtOnce) {
  std::thread dying([&] {
    std::this_thread::sleep_for(milliseconds(100));
    hang_up_device();
  });
  const auto start = std::chrono::steady_clock::now();
  auto received = host_->receive_frame(64);
  const auto waited = std::chrono::steady_clock::now() - start;
  dying.join();
  ASSERT_FALSE(received.ok());
  EXPECT_EQ(received.error().code(), ErrorCode::kNotFound);
  EXPECT_LT(waited, milliseconds(2000));
}

// A doorbell rung after the sleeper had already found its bytes stays in
// the socket: it ends the next sleep early, and the reader sleeps again
// until the frame is really there.
TEST_F(SharedRingTest, AStaleDoorbellOnlyEndsOneSleepEarly) {
  const char stale = 1;
  ASSERT_EQ(write(sockets_[1], &stale, 1), 1);
  std::thread writer([&] {
    std::this_thread::sleep_for(milliseconds(100));
    EXPECT_TRUE(device_->send_frame(pattern(8, 3)).ok());
  });
  auto received = host_->receive_frame(64);
  writer.join();
  ASSERT_TRUE(received.ok()) << received.error().describe();
  EXPECT_EQ(*received, pattern(8, 3));
}

// A side that spins for quick answers still trades
// frames in order, falls asleep once answers stop coming, and wakes at once
// when the peer hangs up.
TEST_F(SharedRingTest, ASpinningSideTradesFramesAndStillSeesAHangUp) {
  RingEndpoint host(channel_->to_device, channel_->to_host, sockets_[0],
                    RingWaitPolicy{.spin_floor = std::chrono::microseconds(2),
                                   .spin_ceiling = std::chrono::microseconds(50)});
  std::thread device([&] {
    for (uint8_t round = 0; round < 200; ++round) {
      auto request = device_->receive_frame(64);
      ASSERT_TRUE(request.ok()) << request.error().describe();
      ASSERT_TRUE(device_->send_frame(*request).ok());
    }
    std::this_thread::sleep_for(milliseconds(100));
    hang_up_device();
  });
  for (uint8_t round = 0; round < 200; ++round) {
    ASSERT_TRUE(host.send_frame(pattern(16, round)).ok());
    auto reply = host.receive_frame(64);
    ASSERT_TRUE(reply.ok()) << reply.error().describe();
    EXPECT_EQ(*reply, pattern(16, round));
  }
  const auto start = std::chrono::steady_clock::now();
  auto received = host.receive_frame(64);
  const auto waited = std::chrono::steady_clock::now() - start;
  device.join();
  ASSERT_FALSE(received.ok());
  EXPECT_EQ(received.error().code(), ErrorCode::kNotFound);
  EXPECT_LT(waited, milliseconds(2000));
}

// The wait for an answer: twice the typical wait, within the floor and the
// ceiling; the floor once answers are typically slower than the ceiling;
// none after waking the peer, unless the policy says to spin anyway.
TEST(AnswerSpinTest, FollowsTheTypicalWaitAndTheWakeRule) {
  using std::chrono::microseconds;
  const RingWaitPolicy adaptive{.spin_floor = microseconds(2), .spin_ceiling = microseconds(200)};
  RingWaitPolicy keeps_spinning = adaptive;
  keeps_spinning.spin_after_waking_peer = true;
  EXPECT_EQ(answer_spin(adaptive, microseconds(30), false), microseconds(60));
  EXPECT_EQ(answer_spin(adaptive, microseconds(0), false), microseconds(2));
  EXPECT_EQ(answer_spin(adaptive, microseconds(150), false), microseconds(200));
  EXPECT_EQ(answer_spin(adaptive, microseconds(250), false), microseconds(2));
  EXPECT_EQ(answer_spin(adaptive, microseconds(30), true), microseconds(0));
  EXPECT_EQ(answer_spin(keeps_spinning, microseconds(30), true), microseconds(60));
  // A floor as high as the ceiling spins the same whatever came before.
  const RingWaitPolicy fixed{.spin_floor = microseconds(200),
                             .spin_ceiling = microseconds(200),
                             .spin_after_waking_peer = true};
  EXPECT_EQ(answer_spin(fixed, microseconds(0), false), microseconds(200));
  EXPECT_EQ(answer_spin(fixed, microseconds(900), true), microseconds(200));
}

// A device that keeps spinning after its answer woke the host (the device
// process's policy) catches the next request awake: trading frames back to
// back, neither side keeps falling asleep. Without it, both would sleep on
// every frame: each answer wakes a sleeper, which then sleeps at once.
TEST_F(SharedRingTest, ASideThatSpinsAfterWakingItsPeerStopsBothSleeping) {
  const RingWaitPolicy quick{.spin_floor = std::chrono::microseconds(2),
                             .spin_ceiling = std::chrono::milliseconds(200)};
  RingWaitPolicy device_policy = quick;
  device_policy.spin_after_waking_peer = true;
  RingEndpoint host(channel_->to_device, channel_->to_host, sockets_[0], quick);
  RingEndpoint device(channel_->to_host, channel_->to_device, sockets_[1], device_policy);
  // Each side works a while between frames, longer than a wait's first
  // pauses, so that a side that does not spin is asleep when its frame comes.
  auto work = [](std::chrono::microseconds length) {
    const auto end = std::chrono::steady_clock::now() + length;
    while (std::chrono::steady_clock::now() < end) {
    }
  };
  constexpr int kRounds = 400;
  std::thread serving([&] {
    for (int round = 0; round < kRounds; ++round) {
      auto request = device.receive_frame(64);
      ASSERT_TRUE(request.ok()) << request.error().describe();
      work(std::chrono::microseconds(40));
      ASSERT_TRUE(device.send_frame(*request).ok());
    }
  });
  // Both start asleep: the host rings the device, then sleeps for its answer.
  std::this_thread::sleep_for(milliseconds(5));
  for (int round = 0; round < kRounds; ++round) {
    work(std::chrono::microseconds(20));
    ASSERT_TRUE(host.send_frame(pattern(16, static_cast<uint8_t>(round))).ok());
    auto reply = host.receive_frame(64);
    ASSERT_TRUE(reply.ok()) << reply.error().describe();
  }
  serving.join();
  EXPECT_LT(device.sleeps() + host.sleeps(), uint64_t{kRounds / 4})
      << "device slept " << device.sleeps() << " times, host " << host.sleeps();
}

// A spin given for one frame replaces the policy's: told not to spin, a
// side whose policy would spin a long while sleeps for the late answer; told
// to spin, it catches the answer awake.
TEST_F(SharedRingTest, ASpinGivenForOneFrameReplacesThePolicys) {
  RingEndpoint host(channel_->to_device, channel_->to_host, sockets_[0],
                    RingWaitPolicy{.spin_floor = std::chrono::seconds(5),
                                   .spin_ceiling = std::chrono::seconds(5),
                                   .spin_after_waking_peer = true});
  std::thread device([&] {
    for (int round = 0; round < 2; ++round) {
      auto request = device_->receive_frame(64);
      ASSERT_TRUE(request.ok()) << request.error().describe();
      std::this_thread::sleep_for(milliseconds(20));
      ASSERT_TRUE(device_->send_frame(*request).ok());
    }
  });
  ASSERT_TRUE(host.send_frame(pattern(8, 1)).ok());
  auto asleep = host.receive_frame(64, std::chrono::nanoseconds(0));
  ASSERT_TRUE(asleep.ok()) << asleep.error().describe();
  EXPECT_EQ(host.sleeps(), 1u);
  ASSERT_TRUE(host.send_frame(pattern(8, 2)).ok());
  auto awake = host.receive_frame(64, std::chrono::seconds(5));
  ASSERT_TRUE(awake.ok()) << awake.error().describe();
  EXPECT_EQ(host.sleeps(), 1u);
  device.join();
}

// alert() wakes a peer asleep waiting for a frame. With an `alerted_spin`
// it then spins for the frame (one sleep in all); without one it sleeps
// again and the frame's doorbell wakes it a second time.
class AlertTest : public SharedRingTest {
 protected:
  uint64_t device_sleeps_when_alerted(std::chrono::nanoseconds alerted_spin) {
    RingEndpoint device(channel_->to_host, channel_->to_device, sockets_[1],
                        RingWaitPolicy{.alerted_spin = alerted_spin});
    std::thread serving([&] {
      auto request = device.receive_frame(64);
      EXPECT_TRUE(request.ok()) << request.error().describe();
      if (request.ok()) {
        EXPECT_EQ(*request, pattern(8, 5));
      }
    });
    EXPECT_TRUE(wait_until_device_sleeps());
    host_->alert();
    std::this_thread::sleep_for(milliseconds(50));
    EXPECT_TRUE(host_->send_frame(pattern(8, 5)).ok());
    serving.join();
    return device.sleeps();
  }

  bool wait_until_device_sleeps() {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (channel_->to_device.reader_sleeping.load() == 0) {
      if (std::chrono::steady_clock::now() > deadline) return false;
      std::this_thread::sleep_for(milliseconds(1));
    }
    return true;
  }
};

TEST_F(AlertTest, AnAlertedPeerSpinsForTheFrameInsteadOfSleepingAgain) {
  EXPECT_EQ(device_sleeps_when_alerted(std::chrono::seconds(10)), 1u);
}

TEST_F(AlertTest, WithoutAnAlertedSpinThePeerSleepsAgain) {
  EXPECT_EQ(device_sleeps_when_alerted(std::chrono::nanoseconds(0)), 2u);
}

// An alert to a peer that is not asleep leaves no doorbell behind, which
// would end its next sleep early.
TEST_F(AlertTest, AnAwakePeerIsNotRung) {
  host_->alert();
  char byte = 0;
  EXPECT_EQ(recv(sockets_[1], &byte, 1, MSG_DONTWAIT), -1);
  EXPECT_EQ(errno, EAGAIN);
}

// The first `pause_only` of a spin never yields the core, since a peer
// that was awake runs on another; past it, or when sending the frame woke
// the peer (which may run on this very core), the spin yields. Each case
// sends one request, which the device answers 20 ms later; `device_awake`:
// the device spins for it rather than sleeps.
class PauseOnlyTest : public SharedRingTest {
 protected:
  uint64_t yields_waiting(std::chrono::nanoseconds pause_only, bool device_awake) {
    using std::chrono::seconds;
    const RingWaitPolicy spinning{.spin_floor = seconds(5), .spin_ceiling = seconds(5)};
    RingEndpoint host(
        channel_->to_device, channel_->to_host, sockets_[0],
        RingWaitPolicy{
            .spin_floor = seconds(5), .spin_ceiling = seconds(5), .pause_only = pause_only});
    RingEndpoint device(channel_->to_host, channel_->to_device, sockets_[1],
                        device_awake ? spinning : RingWaitPolicy{});
    std::thread serving([&] {
      auto request = device.receive_frame(64);
      EXPECT_TRUE(request.ok()) << request.error().describe();
      std::this_thread::sleep_for(milliseconds(20));
      EXPECT_TRUE(device.send_frame(*request).ok());
    });
    // The device reaches its spin, or its sleep, before the request.
    std::this_thread::sleep_for(milliseconds(20));
    EXPECT_TRUE(host.send_frame(pattern(8, 1)).ok());
    auto reply = host.receive_frame(64, seconds(5));
    EXPECT_TRUE(reply.ok()) << reply.error().describe();
    serving.join();
    return host.yields();
  }
};

TEST_F(PauseOnlyTest, AnAwakePeersAnswerIsAwaitedWithoutYielding) {
  EXPECT_EQ(yields_waiting(std::chrono::seconds(5), true), 0u);
}

TEST_F(PauseOnlyTest, PastThePauseOnlyPartTheSpinYields) {
  EXPECT_GT(yields_waiting(std::chrono::milliseconds(1), true), 0u);
}

TEST_F(PauseOnlyTest, AfterWakingThePeerTheSpinYieldsAtOnce) {
  EXPECT_GT(yields_waiting(std::chrono::seconds(5), false), 0u);
}

TEST_F(SharedRingTest, CountersAPeerChangedAreAnErrorNotAHang) {
  // More published than the ring holds: the device process's memory was
  // written by something other than its ring code.
  channel_->to_host.written.store(uint64_t{1} << 40);
  auto received = host_->receive_frame(64);
  ASSERT_FALSE(received.ok());
  EXPECT_EQ(received.error().code(), ErrorCode::kDataLoss);
  EXPECT_THAT(received.error().describe(), HasSubstr("counters make no sense"));

  // Consumed beyond what was written.
  channel_->to_device.consumed.store(999);
  Status sent = host_->send_frame(pattern(4, 0));
  ASSERT_FALSE(sent.ok());
  EXPECT_EQ(sent.error().code(), ErrorCode::kDataLoss);
}

TEST_F(SharedRingTest, AFrameAboveTheLimitIsRefusedBeforeItIsRead) {
  ASSERT_TRUE(device_->send_frame(pattern(1000, 0)).ok());
  auto received = host_->receive_frame(999);
  ASSERT_FALSE(received.ok());
  EXPECT_EQ(received.error().code(), ErrorCode::kDataLoss);
  EXPECT_THAT(received.error().describe(), HasSubstr("1000-byte message is larger than the 999"));
}

}  // namespace
}  // namespace tessera::sim
