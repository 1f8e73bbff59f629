// Tensor pages <-> row-major fp32, page by page and in parallel, straight
// from and into the memory the pages live in (no staging copies).
#pragma once

#include <span>

#include "tensor_pages.h"
#include "tessera/base/status.h"
#include "tessera/ttnn/tensor/tensor_spec.h"

namespace tessera::ttnn {

// All of `spec.shape.numel()` values, tile padding dropped.
Status decode_pages(const TensorSpec& spec, const TensorPages& pages, std::span<float> values);

// Writes every page; tile padding becomes 0.
Status encode_pages(const TensorSpec& spec, std::span<const float> values,
                    const TensorPages& pages);

}  // namespace tessera::ttnn
