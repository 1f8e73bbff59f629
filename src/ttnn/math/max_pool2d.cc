#include "tessera/ttnn/math/max_pool2d.h"

#include <algorithm>
#include <limits>

#include "allocate.h"
#include "size_limits.h"
#include "tessera/ttnn/math/parallel_for.h"

namespace tessera::ttnn::math {
namespace {

Status check_positive(int64_t value, const char* name) {
  if (value < 1) {
    return make_error(ErrorCode::kInvalidArgument, "max_pool2d: ", name,
                      " must be at least 1, got ", value);
  }
  return ok_status();
}

Result<int64_t> output_extent(const char* axis, int64_t input, int64_t kernel, int64_t stride,
                              int64_t padding, int64_t dilation) {
  if (padding < 0 || 2 * padding > kernel) {
    return make_error(ErrorCode::kInvalidArgument, "max_pool2d: padding ", axis, " ", padding,
                      " must be between 0 and half the kernel ", axis, " ", kernel);
  }
  const int64_t padded = input + 2 * padding;
  const int64_t span = dilation * (kernel - 1) + 1;
  if (span > padded) {
    return make_error(ErrorCode::kInvalidArgument, "max_pool2d: the dilated kernel ", axis, " ",
                      span, " (kernel ", kernel, ", dilation ", dilation,
                      ") exceeds the padded input ", axis, " ", padded, " (input ", input,
                      " + 2 * padding ", padding, "), so the output would be empty");
  }
  return (padded - span) / stride + 1;
}

struct PoolSize {
  int64_t height;
  int64_t width;
};

Result<PoolSize> pool_size(const MaxPool2dParams& p) {
  TESSERA_RETURN_IF_ERROR(check_positive(p.batch_size, "batch_size"));
  TESSERA_RETURN_IF_ERROR(check_positive(p.input_height, "input_height"));
  TESSERA_RETURN_IF_ERROR(check_positive(p.input_width, "input_width"));
  TESSERA_RETURN_IF_ERROR(check_positive(p.channels, "channels"));
  TESSERA_RETURN_IF_ERROR(check_positive(p.kernel_height, "kernel_height"));
  TESSERA_RETURN_IF_ERROR(check_positive(p.kernel_width, "kernel_width"));
  TESSERA_RETURN_IF_ERROR(check_positive(p.stride_height, "stride_height"));
  TESSERA_RETURN_IF_ERROR(check_positive(p.stride_width, "stride_width"));
  TESSERA_RETURN_IF_ERROR(check_positive(p.dilation_height, "dilation_height"));
  TESSERA_RETURN_IF_ERROR(check_positive(p.dilation_width, "dilation_width"));
  if (!detail::product_within_limit({p.batch_size, p.input_height, p.input_width, p.channels}) ||
      !detail::product_within_limit({p.kernel_height, p.dilation_height}) ||
      !detail::product_within_limit({p.kernel_width, p.dilation_width}) ||
      !detail::product_within_limit({p.padding_height, 2}) ||
      !detail::product_within_limit({p.padding_width, 2}) ||
      !detail::product_within_limit({p.batch_size, p.input_height + 2 * p.padding_height,
                                     p.input_width + 2 * p.padding_width, p.channels}) ||
      !detail::product_within_limit({p.kernel_height, p.kernel_width, p.channels, p.channels})) {
    return make_error(ErrorCode::kInvalidArgument,
                      "max_pool2d: parameters describe a tensor or window larger than ",
                      detail::kMaxElements, " elements");
  }
  TESSERA_ASSIGN_OR_RETURN(int64_t height,
                           output_extent("height", p.input_height, p.kernel_height, p.stride_height,
                                         p.padding_height, p.dilation_height));
  TESSERA_ASSIGN_OR_RETURN(int64_t width,
                           output_extent("width", p.input_width, p.kernel_width, p.stride_width,
                                         p.padding_width, p.dilation_width));
  return PoolSize{height, width};
}

}  // namespace

Result<Shape> max_pool2d_output_shape(const Shape& input, const MaxPool2dParams& p) {
  TESSERA_ASSIGN_OR_RETURN(PoolSize size, pool_size(p));
  TESSERA_RETURN_IF_ERROR(validate_shape(input, "max_pool2d input"));
  const Shape flat{1, 1, p.batch_size * p.input_height * p.input_width, p.channels};
  const Shape nhwc{p.batch_size, p.input_height, p.input_width, p.channels};
  if (input != flat && input != nhwc) {
    return make_error(ErrorCode::kInvalidArgument, "max_pool2d: input shape ", input,
                      " does not match batch_size ", p.batch_size, " x input_height ",
                      p.input_height, " x input_width ", p.input_width, " x channels ", p.channels,
                      " (expected ", flat, " or ", nhwc, ")");
  }
  return Shape{1, 1, p.batch_size * size.height * size.width, p.channels};
}

Status max_pool2d(ConstTensorView input, const MaxPool2dParams& p, TensorView out) {
  TESSERA_ASSIGN_OR_RETURN(Shape out_shape, max_pool2d_output_shape(input.shape(), p));
  TESSERA_RETURN_IF_ERROR(check_output_shape(out, out_shape, "max_pool2d"));
  TESSERA_ASSIGN_OR_RETURN(PoolSize size, pool_size(p));
  const int64_t c = p.channels;
  parallel_for(0, out_shape[2], std::max<int64_t>(1, 4096 / c), [&](int64_t lo, int64_t hi) {
    for (int64_t pixel = lo; pixel < hi; ++pixel) {
      const int64_t ow = pixel % size.width;
      const int64_t oh = (pixel / size.width) % size.height;
      const int64_t n = pixel / (size.width * size.height);
      float* dst = out.data() + pixel * c;
      std::fill_n(dst, c, -std::numeric_limits<float>::infinity());
      for (int64_t y = 0; y < p.kernel_height; ++y) {
        const int64_t ih = oh * p.stride_height - p.padding_height + y * p.dilation_height;
        if (ih < 0 || ih >= p.input_height) continue;
        for (int64_t x = 0; x < p.kernel_width; ++x) {
          const int64_t iw = ow * p.stride_width - p.padding_width + x * p.dilation_width;
          if (iw < 0 || iw >= p.input_width) continue;
          const float* src = input.data() + ((n * p.input_height + ih) * p.input_width + iw) * c;
          // NaN propagates, like torch max_pool2d.
          for (int64_t i = 0; i < c; ++i)
            dst[i] = (src[i] > dst[i] || src[i] != src[i]) ? src[i] : dst[i];
        }
      }
    }
  });
  return ok_status();
}

Result<Tensor> max_pool2d(ConstTensorView input, const MaxPool2dParams& params) {
  return detail::allocate_and_run(max_pool2d_output_shape(input.shape(), params),
                                  [&](TensorView out) { return max_pool2d(input, params, out); });
}

}  // namespace tessera::ttnn::math
