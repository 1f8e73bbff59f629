#include "tessera/ttnn/math/slice.h"

#include <gtest/gtest.h>

#include "reference.h"

namespace tessera::ttnn::math {
namespace {

using testing::random_tensor;

// The indices Python's range(*slice(b, e, s).indices(n)) yields.
std::vector<int64_t> python_indices(int64_t b, int64_t e, int64_t s, int64_t n) {
  std::vector<int64_t> all;
  for (int64_t i = 0; i < n; ++i) all.push_back(i);
  auto norm = [&](int64_t v, bool is_begin) {
    if (v == kSliceMax) return s > 0 ? n : n - 1;
    if (v == kSliceMin) return s > 0 ? int64_t{0} : int64_t{-1};
    if (v < 0) v += n;
    if (s > 0) return std::clamp<int64_t>(v, 0, n);
    (void)is_begin;
    return std::clamp<int64_t>(v, -1, n - 1);
  };
  std::vector<int64_t> out;
  const int64_t start = norm(b, true), stop = norm(e, false);
  for (int64_t i = start; s > 0 ? i < stop : i > stop; i += s) out.push_back(i);
  return out;
}

TEST(TtnnMathSlice, PythonSemanticsPerDim) {
  const Tensor in = random_tensor({6, 37, 9}, 51);
  struct Case {
    std::vector<int64_t> begins, ends, steps;
  };
  const Case cases[] = {
      {{0, 0, 0}, {6, 37, 9}, {1, 1, 1}},
      {{1, 3, 2}, {5, 35, 8}, {1, 2, 3}},
      {{-4, -30, 0}, {-1, kSliceMax, 9}, {2, 5, 1}},
      {{-100, 10, 100}, {100, 5, 200}, {1, 1, 1}},  // clamps; empty ranges
      {{kSliceMax, 30, 8}, {kSliceMin, 2, kSliceMin}, {-1, -7, -2}},
      {{5, 0, -1}, {0, 37, -10}, {-2, 36, -1}},
  };
  for (const Case& c : cases) {
    auto out = slice(in.view(), c.begins, c.ends, c.steps);
    ASSERT_TRUE(out.ok()) << out.error().describe();
    std::vector<std::vector<int64_t>> idx(3);
    for (int d = 0; d < 3; ++d)
      idx[d] = python_indices(c.begins[d], c.ends[d], c.steps[d], in.shape()[d]);
    ASSERT_EQ(out->shape(),
              (Shape{static_cast<int64_t>(idx[0].size()), static_cast<int64_t>(idx[1].size()),
                     static_cast<int64_t>(idx[2].size())}));
    int64_t o = 0;
    for (int64_t i : idx[0]) {
      for (int64_t j : idx[1]) {
        for (int64_t k : idx[2]) {
          ASSERT_EQ(out->data()[o++], in.data()[(i * 37 + j) * 9 + k]);
        }
      }
    }
  }
}

TEST(TtnnMathSlice, Errors) {
  const Tensor in = random_tensor({2, 3}, 1);
  const std::vector<int64_t> b{0, 0}, e{2, 3}, zero_step{1, 0}, one{1};
  EXPECT_ERROR_CONTAINS(slice(in.view(), b, e, zero_step),
                        "slice: step of dim 1 is 0 (input shape [2, 3])");
  EXPECT_ERROR_CONTAINS(
      slice(in.view(), one, e, b),
      "slice: input shape [2, 3] has rank 2 but got 1 begins, 2 ends and 2 steps");
}

}  // namespace
}  // namespace tessera::ttnn::math
