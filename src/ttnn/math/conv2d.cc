#include "tessera/ttnn/math/conv2d.h"

#include <algorithm>
#include <climits>
#include <cstring>
#include <vector>

#include "allocate.h"
#include "serial_sgemm.h"
#include "size_limits.h"
#include "tessera/ttnn/math/parallel_for.h"

namespace tessera::ttnn::math {
namespace {

// Bounds the im2col buffer (in floats) so large layers run in row blocks.
constexpr int64_t kColumnBufferFloats = int64_t{1} << 21;

Status check_positive(int64_t value, const char* name) {
  if (value < 1) {
    return make_error(ErrorCode::kInvalidArgument, "conv2d: ", name, " must be at least 1, got ",
                      value);
  }
  return ok_status();
}

Result<int64_t> output_extent(const char* axis, int64_t input, int64_t kernel, int64_t stride,
                              int64_t padding, int64_t dilation) {
  const int64_t padded = input + 2 * padding;
  const int64_t span = dilation * (kernel - 1) + 1;
  if (span > padded) {
    return make_error(ErrorCode::kInvalidArgument, "conv2d: the dilated kernel ", axis, " ", span,
                      " (kernel ", kernel, ", dilation ", dilation, ") exceeds the padded input ",
                      axis, " ", padded, " (input ", input, " + 2 * padding ", padding,
                      "), so the output would be empty");
  }
  return (padded - span) / stride + 1;
}

Status check_shapes(const Shape& input, const Shape& weight, const std::optional<Shape>& bias,
                    const Conv2dParams& p) {
  TESSERA_RETURN_IF_ERROR(validate_shape(input, "conv2d input"));
  TESSERA_RETURN_IF_ERROR(validate_shape(weight, "conv2d weight"));
  const Shape flat{1, 1, p.batch_size * p.input_height * p.input_width, p.in_channels};
  const Shape nhwc{p.batch_size, p.input_height, p.input_width, p.in_channels};
  if (input != flat && input != nhwc) {
    return make_error(ErrorCode::kInvalidArgument, "conv2d: input shape ", input,
                      " does not match batch_size ", p.batch_size, " x input_height ",
                      p.input_height, " x input_width ", p.input_width, " x in_channels ",
                      p.in_channels, " (expected ", flat, " or ", nhwc, ")");
  }
  const Shape expected_weight{p.out_channels, p.in_channels / p.groups, p.kernel_height,
                              p.kernel_width};
  if (weight != expected_weight) {
    return make_error(ErrorCode::kInvalidArgument, "conv2d: weight shape ", weight,
                      " should be [out_channels, in_channels / groups, kernel_height, "
                      "kernel_width] = ",
                      expected_weight);
  }
  if (bias) {
    TESSERA_RETURN_IF_ERROR(validate_shape(*bias, "conv2d bias"));
    const bool leading_ones =
        std::all_of(bias->dims().begin(), bias->dims().end() - 1, [](int64_t d) { return d == 1; });
    if (bias->rank() == 0 || (*bias)[bias->rank() - 1] != p.out_channels || !leading_ones) {
      return make_error(ErrorCode::kInvalidArgument, "conv2d: bias shape ", *bias,
                        " should be [1, 1, 1, out_channels] with out_channels = ", p.out_channels);
    }
  }
  return ok_status();
}

// Weights as one [K, C_out / groups] matrix per group, K ordered (kh, kw, c)
// to match the im2col rows.
std::vector<float> pack_weights(const float* w, const Conv2dParams& p) {
  const int64_t icg = p.in_channels / p.groups, ocg = p.out_channels / p.groups;
  const int64_t kh = p.kernel_height, kw = p.kernel_width;
  std::vector<float> packed(p.out_channels * icg * kh * kw);
  for (int64_t g = 0; g < p.groups; ++g) {
    float* dst = packed.data() + g * kh * kw * icg * ocg;
    for (int64_t oc = 0; oc < ocg; ++oc) {
      for (int64_t c = 0; c < icg; ++c) {
        for (int64_t y = 0; y < kh; ++y) {
          for (int64_t x = 0; x < kw; ++x) {
            dst[((y * kw + x) * icg + c) * ocg + oc] =
                w[(((g * ocg + oc) * icg + c) * kh + y) * kw + x];
          }
        }
      }
    }
  }
  return packed;
}

// Rows [row0, row0 + rows) of the im2col matrix, laid out per row as
// [group][kh][kw][c] so group g's K columns are contiguous at g * K.
void im2col(const float* in, const Conv2dParams& p, Conv2dOutputSize out_size, int64_t row0,
            int64_t rows, float* col) {
  const int64_t icg = p.in_channels / p.groups;
  const int64_t k_group = p.kernel_height * p.kernel_width * icg;
  const int64_t row_len = k_group * p.groups;
  parallel_for(0, rows, 16, [&](int64_t lo, int64_t hi) {
    for (int64_t r = lo; r < hi; ++r) {
      const int64_t pixel = row0 + r;
      const int64_t ow = pixel % out_size.width;
      const int64_t oh = (pixel / out_size.width) % out_size.height;
      const int64_t n = pixel / (out_size.width * out_size.height);
      float* dst_row = col + r * row_len;
      for (int64_t y = 0; y < p.kernel_height; ++y) {
        const int64_t ih = oh * p.stride_height - p.padding_height + y * p.dilation_height;
        for (int64_t x = 0; x < p.kernel_width; ++x) {
          const int64_t iw = ow * p.stride_width - p.padding_width + x * p.dilation_width;
          const bool inside = ih >= 0 && ih < p.input_height && iw >= 0 && iw < p.input_width;
          const float* src =
              inside ? in + ((n * p.input_height + ih) * p.input_width + iw) * p.in_channels
                     : nullptr;
          for (int64_t g = 0; g < p.groups; ++g) {
            float* dst = dst_row + g * k_group + (y * p.kernel_width + x) * icg;
            if (src) {
              std::memcpy(dst, src + g * icg, icg * sizeof(float));
            } else {
              std::fill_n(dst, icg, 0.0f);
            }
          }
        }
      }
    }
  });
}

// out rows start as the bias (or zero) so the sgemm accumulates onto them.
void init_output(const float* bias, int64_t rows, int64_t channels, float* out) {
  parallel_for(0, rows, 256, [&](int64_t lo, int64_t hi) {
    for (int64_t r = lo; r < hi; ++r) {
      if (bias) {
        std::memcpy(out + r * channels, bias, channels * sizeof(float));
      } else {
        std::fill_n(out + r * channels, channels, 0.0f);
      }
    }
  });
}

}  // namespace

Result<Conv2dOutputSize> conv2d_output_size(const Conv2dParams& p) {
  TESSERA_RETURN_IF_ERROR(check_positive(p.in_channels, "in_channels"));
  TESSERA_RETURN_IF_ERROR(check_positive(p.out_channels, "out_channels"));
  TESSERA_RETURN_IF_ERROR(check_positive(p.batch_size, "batch_size"));
  TESSERA_RETURN_IF_ERROR(check_positive(p.input_height, "input_height"));
  TESSERA_RETURN_IF_ERROR(check_positive(p.input_width, "input_width"));
  TESSERA_RETURN_IF_ERROR(check_positive(p.kernel_height, "kernel_height"));
  TESSERA_RETURN_IF_ERROR(check_positive(p.kernel_width, "kernel_width"));
  TESSERA_RETURN_IF_ERROR(check_positive(p.stride_height, "stride_height"));
  TESSERA_RETURN_IF_ERROR(check_positive(p.stride_width, "stride_width"));
  TESSERA_RETURN_IF_ERROR(check_positive(p.dilation_height, "dilation_height"));
  TESSERA_RETURN_IF_ERROR(check_positive(p.dilation_width, "dilation_width"));
  TESSERA_RETURN_IF_ERROR(check_positive(p.groups, "groups"));
  if (p.padding_height < 0 || p.padding_width < 0) {
    return make_error(ErrorCode::kInvalidArgument, "conv2d: padding must not be negative, got ",
                      p.padding_height, " x ", p.padding_width);
  }
  if (p.in_channels % p.groups != 0 || p.out_channels % p.groups != 0) {
    return make_error(ErrorCode::kInvalidArgument, "conv2d: in_channels ", p.in_channels,
                      " and out_channels ", p.out_channels, " must both be divisible by groups ",
                      p.groups);
  }
  if (!detail::product_within_limit({p.batch_size, p.input_height, p.input_width, p.in_channels}) ||
      !detail::product_within_limit({p.kernel_height, p.dilation_height}) ||
      !detail::product_within_limit({p.kernel_width, p.dilation_width}) ||
      !detail::product_within_limit({p.padding_height, 2}) ||
      !detail::product_within_limit({p.padding_width, 2}) ||
      !detail::product_within_limit({p.batch_size, p.input_height + 2 * p.padding_height,
                                     p.input_width + 2 * p.padding_width, p.out_channels}) ||
      !detail::product_within_limit(
          {p.kernel_height, p.kernel_width, p.in_channels, p.out_channels})) {
    return make_error(ErrorCode::kInvalidArgument,
                      "conv2d: parameters describe a tensor or window larger than ",
                      detail::kMaxElements, " elements");
  }
  if (p.kernel_height * p.kernel_width * p.in_channels > INT_MAX) {
    return make_error(ErrorCode::kUnimplemented, "conv2d: kernel ", p.kernel_height, " x ",
                      p.kernel_width, " x ", p.in_channels, " channels exceeds the BLAS limit");
  }
  TESSERA_ASSIGN_OR_RETURN(int64_t height,
                           output_extent("height", p.input_height, p.kernel_height, p.stride_height,
                                         p.padding_height, p.dilation_height));
  TESSERA_ASSIGN_OR_RETURN(int64_t width,
                           output_extent("width", p.input_width, p.kernel_width, p.stride_width,
                                         p.padding_width, p.dilation_width));
  return Conv2dOutputSize{height, width};
}

Result<Shape> conv2d_output_shape(const Shape& input, const Shape& weight,
                                  const std::optional<Shape>& bias, const Conv2dParams& params) {
  TESSERA_ASSIGN_OR_RETURN(Conv2dOutputSize size, conv2d_output_size(params));
  TESSERA_RETURN_IF_ERROR(check_shapes(input, weight, bias, params));
  return Shape{1, 1, params.batch_size * size.height * size.width, params.out_channels};
}

Status conv2d(ConstTensorView input, ConstTensorView weight, std::optional<ConstTensorView> bias,
              const Conv2dParams& p, TensorView out) {
  std::optional<Shape> bias_shape;
  if (bias) bias_shape = bias->shape();
  TESSERA_ASSIGN_OR_RETURN(Shape out_shape,
                           conv2d_output_shape(input.shape(), weight.shape(), bias_shape, p));
  TESSERA_RETURN_IF_ERROR(check_output_shape(out, out_shape, "conv2d"));
  TESSERA_ASSIGN_OR_RETURN(Conv2dOutputSize size, conv2d_output_size(p));

  const int64_t icg = p.in_channels / p.groups, ocg = p.out_channels / p.groups;
  const int64_t k_group = p.kernel_height * p.kernel_width * icg;
  const int64_t pixels = out_shape[2];
  const std::vector<float> packed = pack_weights(weight.data(), p);
  init_output(bias ? bias->data() : nullptr, pixels, p.out_channels, out.data());

  // A 1x1, stride-1, unpadded conv reads the input rows as they are.
  const bool direct = p.kernel_height == 1 && p.kernel_width == 1 && p.stride_height == 1 &&
                      p.stride_width == 1 && p.padding_height == 0 && p.padding_width == 0;
  const int64_t row_len = direct ? p.in_channels : k_group * p.groups;
  const int64_t block = std::clamp<int64_t>(kColumnBufferFloats / row_len, 1, INT_MAX);
  std::vector<float> col(direct ? 0 : std::min(block, pixels) * row_len);
  for (int64_t row0 = 0; row0 < pixels; row0 += block) {
    const int64_t rows = std::min(block, pixels - row0);
    const float* a = input.data() + row0 * p.in_channels;
    if (!direct) {
      im2col(input.data(), p, size, row0, rows, col.data());
      a = col.data();
    }
    // OpenBLAS runs one sgemm at a time (serial_sgemm.h).
    for (int64_t g = 0; g < p.groups; ++g) {
      serial_sgemm(rows, ocg, k_group, {a + g * (direct ? icg : k_group), row_len, false},
                   {packed.data() + g * k_group * ocg, ocg, false}, 1.0f,
                   out.data() + row0 * p.out_channels + g * ocg, p.out_channels);
    }
  }
  return ok_status();
}

Result<Tensor> conv2d(ConstTensorView input, ConstTensorView weight,
                      std::optional<ConstTensorView> bias, const Conv2dParams& params) {
  std::optional<Shape> bias_shape;
  if (bias) bias_shape = bias->shape();
  return detail::allocate_and_run(
      conv2d_output_shape(input.shape(), weight.shape(), bias_shape, params),
      [&](TensorView out) { return conv2d(input, weight, bias, params, out); });
}

}  // namespace tessera::ttnn::math
