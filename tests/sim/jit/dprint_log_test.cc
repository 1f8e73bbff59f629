// The DPRINT log: kept lines stay within the byte budget (what it drops is
// counted, so a kernel printing in a loop cannot exhaust memory), and with a
// listener every line goes straight out instead, in order.
#include "tessera/sim/jit/dprint_log.h"

#include <gtest/gtest.h>

namespace tessera::sim {
namespace {

TEST(DprintLogTest, KeepsLinesUpToTheBudgetAndCountsTheRest) {
  DprintLog log;
  const std::string text(1 << 20, 'x');
  const size_t fits = DprintLog::kDefaultByteBudget / (text.size() + sizeof(DprintLine) + 1);
  for (size_t i = 0; i < fits + 10; ++i) log.append({{0, 0}, "k", text, DprintRisc::kNcrisc});
  const std::vector<DprintLine> kept = log.lines();
  ASSERT_GT(log.dropped_lines(), 0u);
  EXPECT_GE(kept.size(), fits);
  // The kept lines, then one that says how many were dropped.
  EXPECT_EQ(kept.size() - 1 + log.dropped_lines(), fits + 10);
  EXPECT_EQ(kept.back().text, "(" + std::to_string(log.dropped_lines()) +
                                  " more DPRINT line(s) dropped: over the 64 MiB kept per "
                                  "program run)");
  log.clear();
  EXPECT_EQ(log.dropped_lines(), 0u);
  EXPECT_TRUE(log.lines().empty());
}

TEST(DprintLogTest, AListenerGetsEveryLineAndNothingIsKept) {
  std::vector<std::string> seen;
  DprintLog log([&](const DprintLine& line) {
    seen.push_back(std::string(dprint_risc_name(line.risc)) + " " + line.text);
  });
  log.append({{1, 2}, "k", "first", DprintRisc::kBrisc});
  log.append({{1, 2}, "k", "second", DprintRisc::kAllTriscs});
  EXPECT_EQ(seen, (std::vector<std::string>{"BR first", "TR* second"}));
  EXPECT_TRUE(log.lines().empty());
}

}  // namespace
}  // namespace tessera::sim
