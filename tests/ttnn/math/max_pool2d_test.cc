#include "tessera/ttnn/math/max_pool2d.h"

#include <gtest/gtest.h>

#include <cmath>

#include "reference.h"

namespace tessera::ttnn::math {
namespace {

using testing::random_tensor;

std::vector<float> reference(const Tensor& in, const MaxPool2dParams& p) {
  const int64_t oh_n =
      (p.input_height + 2 * p.padding_height - p.dilation_height * (p.kernel_height - 1) - 1) /
          p.stride_height +
      1;
  const int64_t ow_n =
      (p.input_width + 2 * p.padding_width - p.dilation_width * (p.kernel_width - 1) - 1) /
          p.stride_width +
      1;
  std::vector<float> out;
  for (int64_t n = 0; n < p.batch_size; ++n) {
    for (int64_t oh = 0; oh < oh_n; ++oh) {
      for (int64_t ow = 0; ow < ow_n; ++ow) {
        for (int64_t c = 0; c < p.channels; ++c) {
          float best = -INFINITY;
          for (int64_t y = 0; y < p.kernel_height; ++y) {
            for (int64_t x = 0; x < p.kernel_width; ++x) {
              const int64_t ih = oh * p.stride_height - p.padding_height + y * p.dilation_height;
              const int64_t iw = ow * p.stride_width - p.padding_width + x * p.dilation_width;
              if (ih < 0 || ih >= p.input_height || iw < 0 || iw >= p.input_width) continue;
              best = std::max(
                  best,
                  in.data()[((n * p.input_height + ih) * p.input_width + iw) * p.channels + c]);
            }
          }
          out.push_back(best);
        }
      }
    }
  }
  return out;
}

MaxPool2dParams base() {
  MaxPool2dParams p;
  p.batch_size = 2;
  p.input_height = 13;
  p.input_width = 10;
  p.channels = 35;
  p.kernel_height = 3;
  p.kernel_width = 3;
  return p;
}

TEST(TtnnMathMaxPool2d, MatchesReference) {
  MaxPool2dParams plain = base();
  MaxPool2dParams strided = base();
  strided.stride_height = strided.stride_width = 2;
  strided.padding_height = strided.padding_width = 1;
  MaxPool2dParams dilated = base();
  dilated.dilation_height = 2;
  dilated.dilation_width = 3;
  dilated.padding_width = 1;
  dilated.stride_width = 2;
  MaxPool2dParams rect = base();
  rect.kernel_height = 2;
  rect.kernel_width = 4;
  rect.stride_height = 2;
  rect.stride_width = 3;
  rect.padding_width = 2;
  uint32_t seed = 121;
  for (const MaxPool2dParams& p : {plain, strided, dilated, rect}) {
    const Tensor in =
        random_tensor({1, 1, p.batch_size * p.input_height * p.input_width, p.channels}, seed++);
    auto out = max_pool2d(in.view(), p);
    ASSERT_TRUE(out.ok()) << out.error().describe();
    const auto expected = reference(in, p);
    ASSERT_EQ(out->numel(), static_cast<int64_t>(expected.size()));
    EXPECT_EQ(out->to_vector(), expected);  // max is exact
  }
}

TEST(TtnnMathMaxPool2d, Errors) {
  const Tensor in = random_tensor({1, 1, 2 * 13 * 10, 35}, 1);
  MaxPool2dParams padding = base();
  padding.padding_height = 2;
  EXPECT_ERROR_CONTAINS(max_pool2d(in.view(), padding),
                        "max_pool2d: padding height 2 must be between 0 and half the kernel "
                        "height 3");
  MaxPool2dParams big = base();
  big.kernel_width = 6;
  big.dilation_width = 2;
  EXPECT_ERROR_CONTAINS(max_pool2d(in.view(), big),
                        "max_pool2d: the dilated kernel width 11 (kernel 6, dilation 2) exceeds "
                        "the padded input width 10");
  MaxPool2dParams channels = base();
  channels.channels = 34;
  EXPECT_ERROR_CONTAINS(max_pool2d(in.view(), channels),
                        "max_pool2d: input shape [1, 1, 260, 35] does not match");
  MaxPool2dParams stride = base();
  stride.stride_height = 0;
  EXPECT_ERROR_CONTAINS(max_pool2d(in.view(), stride),
                        "max_pool2d: stride_height must be at least 1, got 0");
}

}  // namespace
}  // namespace tessera::ttnn::math
