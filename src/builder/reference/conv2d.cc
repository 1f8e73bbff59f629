// Conv2d on a flattened NHWC input, the way TTNN lays it out.
#include <limits>

#include "reference_ops.h"

namespace tessera::builder::reference {
namespace {

int64_t output_extent(int64_t size, int64_t kernel, int64_t stride, int64_t pad, int64_t dilation) {
  return (size + 2 * pad - dilation * (kernel - 1) - 1) / stride + 1;
}

}  // namespace

Result<RefTensor> conv2d(const RefTensor& input, const RefTensor& weight, const RefTensor* bias,
                         const Conv2dParams& p) {
  int64_t groups = std::max<int64_t>(1, p.groups);
  if (p.in_channels % groups != 0 || p.out_channels % groups != 0) {
    return make_error(ErrorCode::kInvalidArgument, "conv2d channels ", p.in_channels, " -> ",
                      p.out_channels, " do not divide into ", groups, " groups");
  }
  int64_t group_in = p.in_channels / groups, group_out = p.out_channels / groups;
  if (element_count(input.shape) != p.batch * p.height * p.width * p.in_channels) {
    return make_error(
        ErrorCode::kInvalidArgument, "conv2d input has ", element_count(input.shape),
        " elements, expected N*H*W*C = ", p.batch * p.height * p.width * p.in_channels);
  }
  if (element_count(weight.shape) != p.out_channels * group_in * p.kernel_h * p.kernel_w) {
    return make_error(ErrorCode::kInvalidArgument, "conv2d weight has ",
                      element_count(weight.shape), " elements, expected ",
                      p.out_channels * group_in * p.kernel_h * p.kernel_w);
  }
  if (bias && element_count(bias->shape) != p.out_channels) {
    return make_error(ErrorCode::kInvalidArgument, "conv2d bias has ", element_count(bias->shape),
                      " elements, expected ", p.out_channels);
  }
  int64_t oh = output_extent(p.height, p.kernel_h, p.stride_h, p.pad_h, p.dilation_h);
  int64_t ow = output_extent(p.width, p.kernel_w, p.stride_w, p.pad_w, p.dilation_w);
  if (oh <= 0 || ow <= 0) {
    return make_error(ErrorCode::kInvalidArgument, "conv2d output would be empty");
  }
  RefTensor out{{1, 1, p.batch * oh * ow, p.out_channels},
                std::vector<double>(static_cast<size_t>(p.batch * oh * ow * p.out_channels))};
  for (int64_t n = 0; n < p.batch; ++n) {
    for (int64_t y = 0; y < oh; ++y) {
      for (int64_t x = 0; x < ow; ++x) {
        double* pixel = out.values.data() + ((n * oh + y) * ow + x) * p.out_channels;
        for (int64_t co = 0; co < p.out_channels; ++co) {
          int64_t g = co / group_out;
          double sum = bias ? bias->values[static_cast<size_t>(co)] : 0.0;
          for (int64_t ky = 0; ky < p.kernel_h; ++ky) {
            int64_t iy = y * p.stride_h - p.pad_h + ky * p.dilation_h;
            if (iy < 0 || iy >= p.height) continue;
            for (int64_t kx = 0; kx < p.kernel_w; ++kx) {
              int64_t ix = x * p.stride_w - p.pad_w + kx * p.dilation_w;
              if (ix < 0 || ix >= p.width) continue;
              const double* in =
                  input.values.data() + ((n * p.height + iy) * p.width + ix) * p.in_channels;
              for (int64_t ci = 0; ci < group_in; ++ci) {
                double w = weight.values[static_cast<size_t>(
                    ((co * group_in + ci) * p.kernel_h + ky) * p.kernel_w + kx)];
                sum += w * in[g * group_in + ci];
              }
            }
          }
          pixel[co] = sum;
        }
      }
    }
  }
  return out;
}

Result<RefTensor> max_pool2d(const RefTensor& input, const Conv2dParams& p) {
  int64_t channels = p.in_channels;
  if (element_count(input.shape) != p.batch * p.height * p.width * channels) {
    return make_error(ErrorCode::kInvalidArgument, "max_pool2d input has ",
                      element_count(input.shape),
                      " elements, expected N*H*W*C = ", p.batch * p.height * p.width * channels);
  }
  int64_t oh = output_extent(p.height, p.kernel_h, p.stride_h, p.pad_h, p.dilation_h);
  int64_t ow = output_extent(p.width, p.kernel_w, p.stride_w, p.pad_w, p.dilation_w);
  if (oh <= 0 || ow <= 0) {
    return make_error(ErrorCode::kInvalidArgument, "max_pool2d output would be empty");
  }
  RefTensor out{{1, 1, p.batch * oh * ow, channels},
                std::vector<double>(static_cast<size_t>(p.batch * oh * ow * channels))};
  for (int64_t n = 0; n < p.batch; ++n) {
    for (int64_t y = 0; y < oh; ++y) {
      for (int64_t x = 0; x < ow; ++x) {
        for (int64_t c = 0; c < channels; ++c) {
          double best = -std::numeric_limits<double>::infinity();  // padding is -inf
          for (int64_t ky = 0; ky < p.kernel_h; ++ky) {
            int64_t iy = y * p.stride_h - p.pad_h + ky * p.dilation_h;
            if (iy < 0 || iy >= p.height) continue;
            for (int64_t kx = 0; kx < p.kernel_w; ++kx) {
              int64_t ix = x * p.stride_w - p.pad_w + kx * p.dilation_w;
              if (ix < 0 || ix >= p.width) continue;
              best = std::max(best, input.values[static_cast<size_t>(
                                        ((n * p.height + iy) * p.width + ix) * channels + c)]);
            }
          }
          out.values[static_cast<size_t>(((n * oh + y) * ow + x) * channels + c)] = best;
        }
      }
    }
  }
  return out;
}

}  // namespace tessera::builder::reference
