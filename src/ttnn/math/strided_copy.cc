#include "strided_copy.h"

#include <cstring>

#include "tessera/ttnn/math/parallel_for.h"

namespace tessera::ttnn::math::detail {

void strided_copy(const StridedLayout<1>& layout, const float* in, float* out, int64_t numel) {
  const int64_t stride = layout.inner_stride(0);
  parallel_for(0, numel, 1 << 15, [&](int64_t lo, int64_t hi) {
    layout.for_each_segment(lo, hi,
                            [&](const std::array<int64_t, 1>& offsets, int64_t pos, int64_t n) {
                              const float* src = in + offsets[0];
                              float* dst = out + pos;
                              if (stride == 1) {
                                std::memcpy(dst, src, n * sizeof(float));
                              } else {
                                for (int64_t i = 0; i < n; ++i) dst[i] = src[i * stride];
                              }
                            });
  });
}

}  // namespace tessera::ttnn::math::detail
