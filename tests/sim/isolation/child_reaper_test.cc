// Reaping a child: as soon as it exits, with its status; a child that
// outlives the grace period is killed.
#include "../../../src/sim/isolation/child_reaper.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>

namespace tessera::sim {
namespace {

using Clock = std::chrono::steady_clock;

// A child that sleeps `delay`, then exits with `code`.
pid_t start_child(std::chrono::milliseconds delay, int code) {
  const pid_t pid = fork();
  if (pid == 0) {
    usleep(static_cast<useconds_t>(std::chrono::microseconds(delay).count()));
    _exit(code);
  }
  return pid;
}

TEST(ChildReaperTest, ReturnsTheStatusOfAChildThatExits) {
  const pid_t pid = start_child(std::chrono::milliseconds(0), 3);
  ASSERT_GT(pid, 0);
  const int status = reap_child(pid, std::chrono::seconds(10));
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 3);
  EXPECT_EQ(waitpid(pid, nullptr, WNOHANG), -1) << "the child was left unreaped";
}

// The wait ends when the child exits, not at the end of the grace period
// (the bound leaves room for a loaded machine).
TEST(ChildReaperTest, ReturnsWhenTheChildExitsNotAtTheGracePeriodsEnd) {
  const pid_t pid = start_child(std::chrono::milliseconds(20), 0);
  ASSERT_GT(pid, 0);
  const auto started = Clock::now();
  const int status = reap_child(pid, std::chrono::seconds(30));
  EXPECT_LT(Clock::now() - started, std::chrono::seconds(5));
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
}

TEST(ChildReaperTest, KillsAChildThatOutlivesTheGracePeriod) {
  const pid_t pid = start_child(std::chrono::hours(1), 0);
  ASSERT_GT(pid, 0);
  const auto started = Clock::now();
  const int status = reap_child(pid, std::chrono::milliseconds(50));
  EXPECT_GE(Clock::now() - started, std::chrono::milliseconds(50));
  ASSERT_TRUE(WIFSIGNALED(status));
  EXPECT_EQ(WTERMSIG(status), SIGKILL);
}

TEST(ChildReaperTest, AChildAlreadyReapedReturnsAtOnce) {
  const pid_t pid = start_child(std::chrono::milliseconds(0), 0);
  ASSERT_GT(pid, 0);
  ASSERT_EQ(waitpid(pid, nullptr, 0), pid);
  const auto started = Clock::now();
  EXPECT_EQ(reap_child(pid, std::chrono::seconds(10)), 0);
  EXPECT_LT(Clock::now() - started, std::chrono::seconds(5));
}

}  // namespace
}  // namespace tessera::sim
