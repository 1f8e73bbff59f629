#include "tessera/ttnn/math/parallel_for.h"

#include <gtest/gtest.h>

#include <atomic>
#include <vector>

namespace tessera::ttnn::math {
namespace {

TEST(TtnnMathParallelFor, CoversEveryIndexExactlyOnce) {
  for (int threads : {1, 2, 3, 8}) {
    ThreadPool pool(threads);
    for (int64_t n : {0, 1, 7, 1000, 100003}) {
      std::vector<std::atomic<int>> hits(n);
      pool.parallel_for(0, n, 10, [&](int64_t lo, int64_t hi) {
        for (int64_t i = lo; i < hi; ++i) hits[i].fetch_add(1);
      });
      for (int64_t i = 0; i < n; ++i) ASSERT_EQ(hits[i].load(), 1) << "n " << n << " i " << i;
    }
  }
}

TEST(TtnnMathParallelFor, NestedCallsRunInline) {
  ThreadPool pool(4);
  std::vector<std::atomic<int>> hits(64 * 64);
  pool.parallel_for(0, 64, 1, [&](int64_t lo, int64_t hi) {
    for (int64_t i = lo; i < hi; ++i) {
      pool.parallel_for(0, 64, 1, [&](int64_t l2, int64_t h2) {
        for (int64_t j = l2; j < h2; ++j) hits[i * 64 + j].fetch_add(1);
      });
    }
  });
  for (auto& h : hits) ASSERT_EQ(h.load(), 1);
}

TEST(TtnnMathParallelFor, ChunksRespectTheGrainAndStayInRange) {
  ThreadPool pool(4);
  std::atomic<int64_t> min_len{1 << 30}, chunks{0};
  pool.parallel_for(5, 5 + 4000, 500, [&](int64_t lo, int64_t hi) {
    EXPECT_GE(lo, 5);
    EXPECT_LE(hi, 4005);
    int64_t len = hi - lo, cur = min_len.load();
    while (len < cur && !min_len.compare_exchange_weak(cur, len)) {
    }
    chunks.fetch_add(1);
  });
  EXPECT_GE(min_len.load(), 500);
  EXPECT_EQ(chunks.load(), 8);
}

}  // namespace
}  // namespace tessera::ttnn::math
