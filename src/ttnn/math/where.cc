#include "tessera/ttnn/math/where.h"

#include "allocate.h"
#include "strided_layout.h"
#include "tessera/ttnn/math/broadcast.h"
#include "tessera/ttnn/math/parallel_for.h"

namespace tessera::ttnn::math {
namespace {

constexpr int64_t kGrain = 1 << 16;

void where_segment(const float* c, int64_t sc, const float* a, int64_t sa, const float* b,
                   int64_t sb, float* out, int64_t n) {
  if (sc == 1 && sa == 1 && sb == 1) {
    // Both values are loaded unconditionally so the select vectorises.
    for (int64_t i = 0; i < n; ++i) {
      const float x = a[i], y = b[i];
      out[i] = c[i] != 0.0f ? x : y;
    }
  } else {
    for (int64_t i = 0; i < n; ++i) out[i] = c[i * sc] != 0.0f ? a[i * sa] : b[i * sb];
  }
}

}  // namespace

Result<Shape> where_output_shape(const Shape& cond, const Shape& a, const Shape& b) {
  TESSERA_RETURN_IF_ERROR(validate_shape(cond, "where condition"));
  TESSERA_RETURN_IF_ERROR(validate_shape(a, "where input a"));
  TESSERA_RETURN_IF_ERROR(validate_shape(b, "where input b"));
  const Shape shapes[] = {cond, a, b};
  return broadcast_shapes(shapes, "where");
}

Status where(ConstTensorView cond, ConstTensorView a, ConstTensorView b, TensorView out) {
  TESSERA_ASSIGN_OR_RETURN(Shape shape, where_output_shape(cond.shape(), a.shape(), b.shape()));
  TESSERA_RETURN_IF_ERROR(check_output_shape(out, shape, "where"));
  const auto layout =
      detail::make_broadcast_layout<3>(shape, {&cond.shape(), &a.shape(), &b.shape()});
  parallel_for(0, out.numel(), kGrain, [&](int64_t lo, int64_t hi) {
    layout.for_each_segment(
        lo, hi, [&](const std::array<int64_t, 3>& offsets, int64_t pos, int64_t n) {
          where_segment(cond.data() + offsets[0], layout.inner_stride(0), a.data() + offsets[1],
                        layout.inner_stride(1), b.data() + offsets[2], layout.inner_stride(2),
                        out.data() + pos, n);
        });
  });
  return ok_status();
}

Result<Tensor> where(ConstTensorView cond, ConstTensorView a, ConstTensorView b) {
  return detail::allocate_and_run(where_output_shape(cond.shape(), a.shape(), b.shape()),
                                  [&](TensorView out) { return where(cond, a, b, out); });
}

}  // namespace tessera::ttnn::math
