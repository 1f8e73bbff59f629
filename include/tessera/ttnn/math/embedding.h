// Embedding: gathers rows of a [num_embeddings, dim] weight by index.
#pragma once

#include "tessera/base/status.h"
#include "tessera/ttnn/math/tensor.h"

namespace tessera::ttnn::math {

// Indices arrive as floats (from device u32/bf16 tensors); each must be an
// integer in [0, num_embeddings). Output shape is indices.shape + [dim].
Result<Shape> embedding_output_shape(const Shape& indices, const Shape& weight);
Status embedding(ConstTensorView indices, ConstTensorView weight, TensorView out);
Result<Tensor> embedding(ConstTensorView indices, ConstTensorView weight);

}  // namespace tessera::ttnn::math
