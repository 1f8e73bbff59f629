// Internal: copies a strided view of a tensor into a contiguous output.
#pragma once

#include "strided_layout.h"

namespace tessera::ttnn::math::detail {

// out[i] = in[offset(i)] for the output walked in row-major order by `layout`
// (input 0 strides), starting at `in`. Rows are copied with memcpy when the
// inner stride is 1.
void strided_copy(const StridedLayout<1>& layout, const float* in, float* out, int64_t numel);

}  // namespace tessera::ttnn::math::detail
