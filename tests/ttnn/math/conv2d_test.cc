#include "tessera/ttnn/math/conv2d.h"

#include <gtest/gtest.h>

#include "conv2d_reference.h"
#include "reference.h"

namespace tessera::ttnn::math {
namespace {

using testing::expect_matches;
using testing::random_tensor;

void check_conv(const Conv2dParams& p, bool with_bias, uint32_t seed) {
  SCOPED_TRACE("in " + std::to_string(p.in_channels) + " out " + std::to_string(p.out_channels) +
               " k " + std::to_string(p.kernel_height) + "x" + std::to_string(p.kernel_width) +
               " s " + std::to_string(p.stride_height) + " pad " +
               std::to_string(p.padding_height) + " dil " + std::to_string(p.dilation_height) +
               " groups " + std::to_string(p.groups));
  const Tensor in =
      random_tensor({1, 1, p.batch_size * p.input_height * p.input_width, p.in_channels}, seed);
  const Tensor w = random_tensor(
      {p.out_channels, p.in_channels / p.groups, p.kernel_height, p.kernel_width}, seed + 1);
  const Tensor bias = random_tensor({1, 1, 1, p.out_channels}, seed + 2);
  auto out = conv2d(in.view(), w.view(),
                    with_bias ? std::optional<ConstTensorView>(bias.view()) : std::nullopt, p);
  ASSERT_TRUE(out.ok()) << out.error().describe();
  const auto expected = testing::conv2d_reference(in, w, with_bias ? &bias : nullptr, p);
  ASSERT_EQ(out->shape(),
            (Shape{1, 1, static_cast<int64_t>(expected.size()) / p.out_channels, p.out_channels}));
  expect_matches(out->span(), expected, 2e-5, 1e-5);
}

Conv2dParams base(int64_t in_c, int64_t out_c, int64_t k) {
  Conv2dParams p;
  p.in_channels = in_c;
  p.out_channels = out_c;
  p.batch_size = 2;
  p.input_height = 9;
  p.input_width = 11;
  p.kernel_height = k;
  p.kernel_width = k;
  return p;
}

TEST(TtnnMathConv2d, Basic3x3SamePadding) {
  Conv2dParams p = base(5, 7, 3);
  p.padding_height = p.padding_width = 1;
  check_conv(p, true, 101);
  check_conv(p, false, 102);
}

TEST(TtnnMathConv2d, StridedAndAsymmetricPadding) {
  Conv2dParams p = base(3, 6, 3);
  p.stride_height = 2;
  p.stride_width = 3;
  p.padding_height = 1;
  p.padding_width = 2;
  check_conv(p, true, 103);
}

TEST(TtnnMathConv2d, Dilated) {
  Conv2dParams p = base(4, 5, 3);
  p.dilation_height = 2;
  p.dilation_width = 3;
  p.padding_height = 2;
  check_conv(p, true, 104);
}

TEST(TtnnMathConv2d, GroupedAndDepthwise) {
  Conv2dParams grouped = base(6, 4, 3);
  grouped.groups = 2;
  grouped.padding_height = grouped.padding_width = 1;
  check_conv(grouped, true, 105);
  Conv2dParams depthwise = base(8, 16, 3);
  depthwise.groups = 8;
  depthwise.stride_height = depthwise.stride_width = 2;
  depthwise.padding_height = depthwise.padding_width = 1;
  check_conv(depthwise, true, 106);
}

TEST(TtnnMathConv2d, PointwiseAndRectangularKernels) {
  Conv2dParams pointwise = base(12, 10, 1);
  check_conv(pointwise, true, 107);
  pointwise.groups = 2;
  check_conv(pointwise, false, 108);
  Conv2dParams strided_1x1 = base(12, 10, 1);
  strided_1x1.stride_height = 2;
  check_conv(strided_1x1, true, 109);
  Conv2dParams rect = base(3, 4, 1);
  rect.kernel_height = 5;
  rect.kernel_width = 2;
  rect.padding_width = 1;
  check_conv(rect, true, 110);
}

TEST(TtnnMathConv2d, ManyChannelsRunInRowBlocks) {
  Conv2dParams p = base(256, 8, 3);
  p.batch_size = 1;
  p.input_height = 40;
  p.input_width = 41;
  p.padding_height = p.padding_width = 1;
  check_conv(p, true, 111);
}

TEST(TtnnMathConv2d, AcceptsNhwcInputShape) {
  Conv2dParams p = base(3, 4, 3);
  const Tensor in = random_tensor({2, 9, 11, 3}, 112);
  const Tensor w = random_tensor({4, 3, 3, 3}, 113);
  auto out = conv2d(in.view(), w.view(), std::nullopt, p);
  ASSERT_TRUE(out.ok()) << out.error().describe();
  EXPECT_EQ(out->shape(), (Shape{1, 1, 2 * 7 * 9, 4}));
}

TEST(TtnnMathConv2d, ParameterErrors) {
  const Tensor in = random_tensor({1, 1, 2 * 9 * 11, 6}, 1);
  const Tensor w = random_tensor({4, 6, 3, 3}, 2);
  Conv2dParams p = base(6, 4, 3);
  auto run = [&](const Conv2dParams& params) {
    return conv2d(in.view(), w.view(), std::nullopt, params);
  };
  Conv2dParams groups = p;
  groups.groups = 4;
  EXPECT_ERROR_CONTAINS(run(groups),
                        "conv2d: in_channels 6 and out_channels 4 must both be divisible by "
                        "groups 4");
  Conv2dParams big_kernel = p;
  big_kernel.kernel_height = 5;
  big_kernel.dilation_height = 3;
  EXPECT_ERROR_CONTAINS(run(big_kernel),
                        "conv2d: the dilated kernel height 13 (kernel 5, dilation 3) exceeds the "
                        "padded input height 9 (input 9 + 2 * padding 0)");
  Conv2dParams stride = p;
  stride.stride_width = 0;
  EXPECT_ERROR_CONTAINS(run(stride), "conv2d: stride_width must be at least 1, got 0");
  Conv2dParams padding = p;
  padding.padding_height = -1;
  EXPECT_ERROR_CONTAINS(run(padding), "conv2d: padding must not be negative");
  Conv2dParams channels = p;
  channels.in_channels = 5;
  EXPECT_ERROR_CONTAINS(run(channels), "conv2d: input shape [1, 1, 198, 6] does not match");
  Conv2dParams grouped = p;
  grouped.groups = 2;
  EXPECT_ERROR_CONTAINS(run(grouped),
                        "conv2d: weight shape [4, 6, 3, 3] should be [out_channels, in_channels "
                        "/ groups, kernel_height, kernel_width] = [4, 3, 3, 3]");
  Conv2dParams huge = p;
  huge.batch_size = huge.input_height = huge.input_width = int64_t{1} << 31;
  EXPECT_ERROR_CONTAINS(
      run(huge),
      "conv2d: parameters describe a tensor or window larger than 281474976710656 "
      "elements");
  const Tensor bias = random_tensor({1, 1, 1, 5}, 3);
  EXPECT_ERROR_CONTAINS(conv2d(in.view(), w.view(), bias.view(), p),
                        "conv2d: bias shape [1, 1, 1, 5] should be [1, 1, 1, out_channels] with "
                        "out_channels = 4");
}

}  // namespace
}  // namespace tessera::ttnn::math
