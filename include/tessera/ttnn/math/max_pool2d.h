// 2-D max pooling on TTNN's flattened NHWC layout.
#pragma once

#include <cstdint>

#include "tessera/base/status.h"
#include "tessera/ttnn/math/tensor.h"

namespace tessera::ttnn::math {

struct MaxPool2dParams {
  int64_t batch_size = 0;
  int64_t input_height = 0;
  int64_t input_width = 0;
  int64_t channels = 0;
  int64_t kernel_height = 0;
  int64_t kernel_width = 0;
  int64_t stride_height = 1;
  int64_t stride_width = 1;
  int64_t padding_height = 0;  // padding acts as -inf; at most half the kernel
  int64_t padding_width = 0;
  int64_t dilation_height = 1;
  int64_t dilation_width = 1;
};

// input [1, 1, N*H*W, C] (or [N, H, W, C]) -> output [1, 1, N*OH*OW, C] with
// OH = (H + 2 * padding - dilation * (kernel - 1) - 1) / stride + 1 (floor).
Result<Shape> max_pool2d_output_shape(const Shape& input, const MaxPool2dParams& params);
Status max_pool2d(ConstTensorView input, const MaxPool2dParams& params, TensorView out);
Result<Tensor> max_pool2d(ConstTensorView input, const MaxPool2dParams& params);

}  // namespace tessera::ttnn::math
