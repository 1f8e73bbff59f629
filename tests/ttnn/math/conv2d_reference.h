// Test support: a naive float64 conv2d written from the definition.
#pragma once

#include <vector>

#include "tessera/ttnn/math/conv2d.h"

namespace tessera::ttnn::math::testing {

// Naive float64 conv2d on NHWC input with an OIHW weight.
inline std::vector<double> conv2d_reference(const Tensor& in, const Tensor& w, const Tensor* bias,
                                            const Conv2dParams& p) {
  const int64_t oh_n =
      (p.input_height + 2 * p.padding_height - p.dilation_height * (p.kernel_height - 1) - 1) /
          p.stride_height +
      1;
  const int64_t ow_n =
      (p.input_width + 2 * p.padding_width - p.dilation_width * (p.kernel_width - 1) - 1) /
          p.stride_width +
      1;
  const int64_t icg = p.in_channels / p.groups, ocg = p.out_channels / p.groups;
  std::vector<double> out;
  for (int64_t n = 0; n < p.batch_size; ++n) {
    for (int64_t oh = 0; oh < oh_n; ++oh) {
      for (int64_t ow = 0; ow < ow_n; ++ow) {
        for (int64_t oc = 0; oc < p.out_channels; ++oc) {
          const int64_t g = oc / ocg;
          double acc = bias ? bias->data()[oc] : 0.0;
          for (int64_t c = 0; c < icg; ++c) {
            for (int64_t y = 0; y < p.kernel_height; ++y) {
              for (int64_t x = 0; x < p.kernel_width; ++x) {
                const int64_t ih = oh * p.stride_height - p.padding_height + y * p.dilation_height;
                const int64_t iw = ow * p.stride_width - p.padding_width + x * p.dilation_width;
                if (ih < 0 || ih >= p.input_height || iw < 0 || iw >= p.input_width) continue;
                const double v =
                    in.data()[((n * p.input_height + ih) * p.input_width + iw) * p.in_channels +
                              g * icg + c];
                acc += v * w.data()[((oc * icg + c) * p.kernel_height + y) * p.kernel_width + x];
              }
            }
          }
          out.push_back(acc);
        }
      }
    }
  }
  return out;
}

}  // namespace tessera::ttnn::math::testing
