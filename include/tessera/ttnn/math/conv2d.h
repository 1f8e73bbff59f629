// 2-D convolution on TTNN's flattened NHWC layout.
#pragma once

#include <cstdint>
#include <optional>

#include "tessera/base/status.h"
#include "tessera/ttnn/math/tensor.h"

namespace tessera::ttnn::math {

// The parameters of a ttnn conv2d (the Conv2dOp fields), as signed values so
// nonsense (e.g. a negative size from a converter) is caught, not wrapped.
struct Conv2dParams {
  int64_t in_channels = 0;
  int64_t out_channels = 0;
  int64_t batch_size = 0;
  int64_t input_height = 0;
  int64_t input_width = 0;
  int64_t kernel_height = 0;
  int64_t kernel_width = 0;
  int64_t stride_height = 1;
  int64_t stride_width = 1;
  int64_t padding_height = 0;
  int64_t padding_width = 0;
  int64_t dilation_height = 1;
  int64_t dilation_width = 1;
  int64_t groups = 1;
};

struct Conv2dOutputSize {
  int64_t height;
  int64_t width;
};

// Validates every parameter; the output spatial size is
// (in + 2 * padding - dilation * (kernel - 1) - 1) / stride + 1.
Result<Conv2dOutputSize> conv2d_output_size(const Conv2dParams& params);

// input  [1, 1, N*H*W, C_in]  (or [N, H, W, C_in]), rows in (n, h, w) order
// weight [C_out, C_in / groups, KH, KW]  (torch / ttnn host weight layout)
// bias   [1, 1, 1, C_out] or [C_out], optional
// output [1, 1, N*OH*OW, C_out]
Result<Shape> conv2d_output_shape(const Shape& input, const Shape& weight,
                                  const std::optional<Shape>& bias, const Conv2dParams& params);
Status conv2d(ConstTensorView input, ConstTensorView weight, std::optional<ConstTensorView> bias,
              const Conv2dParams& params, TensorView out);
Result<Tensor> conv2d(ConstTensorView input, ConstTensorView weight,
                      std::optional<ConstTensorView> bias, const Conv2dParams& params);

}  // namespace tessera::ttnn::math
