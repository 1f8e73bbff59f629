// PendingNocReads: copies complete in issue order, the oldest when the
// queue is full, all of them on complete_all. (NoC transfers through an
// issuer with a queue: noc_transfers_test.cc.)
#include "tessera/sim/noc/pending_noc_reads.h"

#include <gtest/gtest.h>

#include <vector>

namespace tessera::sim {
namespace {

constexpr uint32_t kPage = 1024;

TEST(PendingNocReadsTest, CopiesCompleteOldestFirstWhenFullAndAllOnRequest) {
  constexpr std::size_t kReads = PendingNocReads::kDepth + 3;
  std::vector<std::vector<uint8_t>> sources, targets;
  for (std::size_t i = 0; i < kReads; ++i) {
    sources.emplace_back(kPage, static_cast<uint8_t>(i + 1));
    targets.emplace_back(kPage, 0);
  }
  PendingNocReads pending;
  for (std::size_t i = 0; i < kReads; ++i) {
    pending.add(targets[i].data(), sources[i].data(), kPage);
  }
  EXPECT_EQ(pending.size(), PendingNocReads::kDepth);
  for (std::size_t i = 0; i < kReads; ++i) {
    const bool completed = i < kReads - PendingNocReads::kDepth;
    EXPECT_EQ(targets[i] == sources[i], completed) << "read " << i;
  }
  pending.complete_all();
  EXPECT_EQ(pending.size(), 0u);
  for (std::size_t i = 0; i < kReads; ++i) EXPECT_EQ(targets[i], sources[i]) << "read " << i;
}

TEST(PendingNocReadsTest, ReadsIntoTheSameDestinationLandInIssueOrder) {
  std::vector<uint8_t> first(kPage, 1), second(kPage, 2), target(kPage, 0);
  PendingNocReads pending;
  pending.add(target.data(), first.data(), kPage);
  pending.add(target.data(), second.data(), kPage);
  pending.complete_all();
  EXPECT_EQ(target, second);
}

}  // namespace
}  // namespace tessera::sim
