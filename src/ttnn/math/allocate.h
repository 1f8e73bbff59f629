// Internal: the allocating form of an op, built from its shape inference and
// its write-into-output form.
#pragma once

#include <utility>

#include "tessera/ttnn/math/tensor.h"

namespace tessera::ttnn::math::detail {

template <typename Run>
Result<Tensor> allocate_and_run(Result<Shape> shape, Run&& run) {
  if (!shape.ok()) return std::move(shape).error();
  Tensor out = Tensor::uninitialized(std::move(shape).value());
  TESSERA_RETURN_IF_ERROR(run(out.mutable_view()));
  return out;
}

}  // namespace tessera::ttnn::math::detail
