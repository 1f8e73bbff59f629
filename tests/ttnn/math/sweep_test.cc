// Randomised sweeps over parameter spaces (CTest label `long`): thousands of
// configurations each, seconds in total.
#include <gtest/gtest.h>

#include <random>

#include "conv2d_reference.h"
#include "matmul_reference.h"
#include "reference.h"
#include "tessera/ttnn/math/conv2d.h"
#include "tessera/ttnn/math/eltwise_binary.h"
#include "tessera/ttnn/math/matmul.h"

namespace tessera::ttnn::math {
namespace {

using testing::expect_matches;
using testing::random_tensor;

int64_t pick(std::mt19937& rng, int64_t lo, int64_t hi) {
  return std::uniform_int_distribution<int64_t>(lo, hi)(rng);
}

TEST(TtnnMathSweep, Conv2dRandomParameters) {
  std::mt19937 rng(2024);
  int checked = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    Conv2dParams p;
    p.groups = pick(rng, 1, 3);
    p.in_channels = p.groups * pick(rng, 1, 6);
    p.out_channels = p.groups * pick(rng, 1, 6);
    p.batch_size = pick(rng, 1, 3);
    p.input_height = pick(rng, 1, 17);
    p.input_width = pick(rng, 1, 17);
    p.kernel_height = pick(rng, 1, 5);
    p.kernel_width = pick(rng, 1, 5);
    p.stride_height = pick(rng, 1, 3);
    p.stride_width = pick(rng, 1, 3);
    p.padding_height = pick(rng, 0, 3);
    p.padding_width = pick(rng, 0, 3);
    p.dilation_height = pick(rng, 1, 3);
    p.dilation_width = pick(rng, 1, 3);
    if (!conv2d_output_size(p).ok()) continue;  // empty output: covered by error tests
    const Tensor in =
        random_tensor({1, 1, p.batch_size * p.input_height * p.input_width, p.in_channels}, trial);
    const Tensor w = random_tensor(
        {p.out_channels, p.in_channels / p.groups, p.kernel_height, p.kernel_width}, trial + 1);
    const Tensor bias = random_tensor({1, 1, 1, p.out_channels}, trial + 2);
    auto out = conv2d(in.view(), w.view(), bias.view(), p);
    ASSERT_TRUE(out.ok()) << out.error().describe();
    expect_matches(out->span(), testing::conv2d_reference(in, w, &bias, p), 2e-5, 1e-5);
    ++checked;
  }
  EXPECT_GT(checked, 1000);
}

TEST(TtnnMathSweep, BinaryRandomBroadcastShapes) {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 5000; ++trial) {
    const int rank = static_cast<int>(pick(rng, 0, 5));
    std::vector<int64_t> out_dims(rank), a_dims, b_dims;
    for (int64_t& d : out_dims) d = pick(rng, 1, 9);
    const int a_rank = static_cast<int>(pick(rng, 0, rank));
    const int b_rank = static_cast<int>(pick(rng, 0, rank));
    for (int d = rank - a_rank; d < rank; ++d) a_dims.push_back(pick(rng, 0, 1) ? out_dims[d] : 1);
    for (int d = rank - b_rank; d < rank; ++d) b_dims.push_back(pick(rng, 0, 1) ? out_dims[d] : 1);
    const Tensor a = random_tensor(Shape(a_dims), trial);
    const Tensor b = random_tensor(Shape(b_dims), trial + 1000);
    auto out = binary(BinaryOp::kSubtract, a.view(), b.view());
    ASSERT_TRUE(out.ok()) << out.error().describe();
    std::vector<double> expected(out->numel());
    for (int64_t i = 0; i < out->numel(); ++i) {
      const auto index = testing::unravel(i, out->shape());
      expected[i] = static_cast<double>(a.data()[testing::broadcast_offset(index, a.shape())]) -
                    b.data()[testing::broadcast_offset(index, b.shape())];
    }
    expect_matches(out->span(), expected, 0.0, 6e-8);
  }
}

TEST(TtnnMathSweep, MatmulRandomRanksAndBatchBroadcasting) {
  std::mt19937 rng(11);
  for (int trial = 0; trial < 2000; ++trial) {
    const int64_t m = pick(rng, 1, 40), k = pick(rng, 1, 40), n = pick(rng, 1, 40);
    const int a_rank = static_cast<int>(pick(rng, 1, 4)),
              b_rank = static_cast<int>(pick(rng, 1, 4));
    MatmulOptions options{pick(rng, 0, 1) == 1, pick(rng, 0, 1) == 1};
    std::vector<int64_t> batch(2);
    for (int64_t& d : batch) d = pick(rng, 1, 3);
    auto operand = [&](int rank, int64_t rows, int64_t cols, bool transpose) {
      if (rank == 1) return std::vector<int64_t>{rows == 1 ? cols : rows};
      std::vector<int64_t> dims;
      for (int d = 4 - rank; d < 2; ++d) dims.push_back(pick(rng, 0, 1) ? batch[d] : 1);
      dims.push_back(transpose ? cols : rows);
      dims.push_back(transpose ? rows : cols);
      return dims;
    };
    const Tensor a =
        random_tensor(Shape(operand(a_rank, a_rank == 1 ? 1 : m, k, options.transpose_a)), trial);
    const Tensor b = random_tensor(
        Shape(operand(b_rank, k, b_rank == 1 ? 1 : n, options.transpose_b)), trial + 1);
    SCOPED_TRACE(a.shape().to_string() + " x " + b.shape().to_string());
    auto out = matmul(a.view(), b.view(), options);
    ASSERT_TRUE(out.ok()) << out.error().describe();
    expect_matches(out->span(), testing::matmul_reference(a, b, options), 2e-5, 1e-5);
  }
}

}  // namespace
}  // namespace tessera::ttnn::math
