#include "tessera/ttnn/math/matmul.h"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "../../../src/ttnn/math/serial_sgemm.h"
#include "matmul_reference.h"
#include "reference.h"

namespace tessera::ttnn::math {
namespace {

using testing::expect_matches;
using testing::random_tensor;

struct Case {
  Shape a, b, out;
  MatmulOptions options;
};

TEST(TtnnMathMatmul, TorchSemanticsAgainstFloat64Reference) {
  const Case cases[] = {
      {{37, 45}, {45, 29}, {37, 29}, {}},
      {{45}, {45}, {}, {}},
      {{45}, {45, 29}, {29}, {}},
      {{37, 45}, {45}, {37}, {}},
      {{45}, {3, 45, 29}, {3, 29}, {}},
      {{2, 3, 37, 45}, {45}, {2, 3, 37}, {}},
      {{2, 1, 37, 45}, {3, 45, 29}, {2, 3, 37, 29}, {}},
      {{4, 37, 45}, {45, 29}, {4, 37, 29}, {}},  // batch folds into one sgemm
      {{37, 45}, {4, 45, 29}, {4, 37, 29}, {}},  // a shared across b's batch
      {{4, 45, 37}, {1, 29, 45}, {4, 37, 29}, {true, true}},
      {{45, 37}, {45, 29}, {37, 29}, {true, false}},
      {{3, 37, 45}, {29, 45}, {3, 37, 29}, {false, true}},
      {{130, 257}, {257, 65}, {130, 65}, {}},
      // Large enough that C's rows split over the pool, with op(A) transposed.
      {{520, 300}, {520, 70}, {300, 70}, {true, false}},
      {{2, 520, 300}, {2, 70, 520}, {2, 300, 70}, {true, true}},
  };
  uint32_t seed = 81;
  for (const Case& c : cases) {
    SCOPED_TRACE(c.a.to_string() + " x " + c.b.to_string());
    const Tensor a = random_tensor(c.a, seed++);
    const Tensor b = random_tensor(c.b, seed++);
    auto out = matmul(a.view(), b.view(), c.options);
    ASSERT_TRUE(out.ok()) << out.error().describe();
    ASSERT_EQ(out->shape(), c.out);
    expect_matches(out->span(), testing::matmul_reference(a, b, c.options), 2e-5, 1e-5);
  }
}

// OpenBLAS's own threads start at load and spin for ~0.1 s after each call,
// taking a core from the isolated device process; the pool splits the work
// instead. A threaded build reports one thread per CPU here, with nothing
// having set the count.
TEST(TtnnMathMatmul, OpenBlasIsTheSerialBuild) {
  EXPECT_EQ(blas_threads_per_call(), 1);
  const Tensor a = random_tensor(Shape{256, 256}, 5);
  ASSERT_TRUE(matmul(a.view(), a.view(), {}).ok());
  EXPECT_EQ(blas_threads_per_call(), 1);
}

// Debian's serial OpenBLAS has no lock around its packing buffers: eight
// threads in cblas_sgemm at once got a wrong C in about 7% of calls, which
// is how a 256-channel conv2d once came out wrong under load. serial_sgemm
// holds every call to one at a time; without that, this fails.
TEST(TtnnMathMatmul, ConcurrentSgemmsFromManyThreadsAreExact) {
  constexpr int64_t m = 16, n = 8, k = 2304;
  const Tensor a = random_tensor(Shape{m, k}, 21);
  const Tensor b = random_tensor(Shape{k, n}, 22);
  std::vector<float> expected(m * n);
  serial_sgemm(m, n, k, {a.data(), k, false}, {b.data(), n, false}, 0.0f, expected.data(), n);
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&] {
      std::vector<float> c(m * n);
      for (int call = 0; call < 2000; ++call) {
        serial_sgemm(m, n, k, {a.data(), k, false}, {b.data(), n, false}, 0.0f, c.data(), n);
        if (c != expected) ++wrong;
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  EXPECT_EQ(wrong.load(), 0) << "of 16,000 concurrent calls";
}

TEST(TtnnMathMatmul, EmptyInnerDimGivesZeros) {
  const Tensor a = Tensor::uninitialized({3, 0});
  const Tensor b = Tensor::uninitialized({0, 4});
  auto out = matmul(a.view(), b.view());
  ASSERT_TRUE(out.ok());
  EXPECT_EQ(out->to_vector(), std::vector<float>(12, 0.0f));
}

TEST(TtnnMathMatmul, Errors) {
  const Tensor a = random_tensor({2, 3}, 1);
  const Tensor b = random_tensor({4, 5}, 2);
  EXPECT_ERROR_CONTAINS(matmul(a.view(), b.view()),
                        "matmul: inner dims differ: a [2, 3] contributes K = 3 but b [4, 5] "
                        "contributes K = 4");
  const Tensor a3 = random_tensor({2, 2, 3}, 3);
  const Tensor b3 = random_tensor({3, 3, 5}, 4);
  EXPECT_ERROR_CONTAINS(matmul(a3.view(), b3.view()),
                        "matmul: batch dims of a [2, 2, 3] and b [3, 3, 5] do not broadcast");
  const Tensor scalar = random_tensor({}, 5);
  EXPECT_ERROR_CONTAINS(matmul(scalar.view(), b.view()),
                        "matmul: both operands must be at least 1-D, got shapes [] and [4, 5]");
}

TEST(TtnnMathLinear, MatmulPlusBroadcastBias) {
  const Tensor input = random_tensor({2, 37, 45}, 91);
  const Tensor weight = random_tensor({29, 45}, 92);  // [N, K], transpose_b
  for (const Shape& bias_shape : {Shape{29}, Shape{1, 29}, Shape{1, 1, 29}}) {
    const Tensor bias = random_tensor(bias_shape, 93);
    auto out = linear(input.view(), weight.view(), bias.view(), true);
    ASSERT_TRUE(out.ok()) << out.error().describe();
    auto expected = testing::matmul_reference(input, weight, {false, true});
    for (size_t i = 0; i < expected.size(); ++i) expected[i] += bias.data()[i % 29];
    expect_matches(out->span(), expected, 2e-5, 1e-5);
  }
  const Tensor weight_kn = random_tensor({45, 29}, 94);
  auto no_bias = linear(input.view(), weight_kn.view(), std::nullopt);
  ASSERT_TRUE(no_bias.ok());
  expect_matches(no_bias->span(), testing::matmul_reference(input, weight_kn, {}), 2e-5, 1e-5);
}

TEST(TtnnMathLinear, BiasMustNotGrowTheResult) {
  const Tensor input = random_tensor({3, 4}, 1);
  const Tensor weight = random_tensor({4, 5}, 2);
  const Tensor bias = random_tensor({2, 3, 5}, 3);
  EXPECT_ERROR_CONTAINS(linear(input.view(), weight.view(), bias.view()),
                        "linear: bias of shape [2, 3, 5] does not broadcast to the matmul result "
                        "of shape [3, 5]");
}

}  // namespace
}  // namespace tessera::ttnn::math
