// The float64 reference semantics of TTNN ops on row-major RefTensors, one
// function per op (what evaluate_ttnn_operation and the graph builder share).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "tessera/base/status.h"
#include "tessera/builder/reference_evaluator.h"
#include "tessera/format/generated.h"

namespace tessera::builder::reference {

int64_t element_count(std::span<const int64_t> shape);
// Row-major strides of `shape`.
std::vector<int64_t> row_major_strides(std::span<const int64_t> shape);
// A negative dimension counts from the end; errors when out of range.
Result<int64_t> normalize_dim(int64_t dim, size_t rank);

// Rounds every value to what `type` can hold (bf16 / f16 / f32 / integers).
RefTensor round_to(RefTensor tensor, tt::target::DataType type);
double round_value(double value, tt::target::DataType type);

// Eltwise: unary ops, binary ops with numpy broadcasting, where(cond != 0).
Result<RefTensor> eltwise_unary(tt::target::ttnn::EltwiseOpType type, const RefTensor& in);
Result<RefTensor> eltwise_binary(tt::target::ttnn::EltwiseOpType type, const RefTensor& lhs,
                                 const RefTensor& rhs);
Result<RefTensor> where(const RefTensor& condition, const RefTensor& on_true,
                        const RefTensor& on_false);
// The broadcast shape of two shapes, numpy rules.
Result<std::vector<int64_t>> broadcast_shape(std::span<const int64_t> a,
                                             std::span<const int64_t> b);

// Reductions over `dims` (empty: all dims).
Result<RefTensor> reduce(tt::target::ttnn::ReductionOpType type, const RefTensor& in,
                         std::span<const int32_t> dims, bool keep_dim);
Result<RefTensor> softmax(const RefTensor& in, int32_t dimension);

// torch.matmul semantics (1-D operands promoted, batch dims broadcast).
Result<RefTensor> matmul(const RefTensor& lhs, const RefTensor& rhs);
Result<RefTensor> linear(const RefTensor& lhs, const RefTensor& rhs, const RefTensor* bias);

struct Conv2dParams {
  int64_t in_channels = 0, out_channels = 0, batch = 0, height = 0, width = 0;
  int64_t kernel_h = 1, kernel_w = 1, stride_h = 1, stride_w = 1;
  int64_t pad_h = 0, pad_w = 0, dilation_h = 1, dilation_w = 1, groups = 1;
};
// Input [1,1,N*H*W,C], weight [C_out, C_in/groups, KH, KW], bias [1,1,1,C_out]
// (optional); output [1,1,N*OH*OW,C_out].
Result<RefTensor> conv2d(const RefTensor& input, const RefTensor& weight, const RefTensor* bias,
                         const Conv2dParams& params);
// Input [1,1,N*H*W,C] (in_channels = channels, out_channels unused); padding is -inf.
Result<RefTensor> max_pool2d(const RefTensor& input, const Conv2dParams& params);

// Data movement.
Result<RefTensor> embedding(const RefTensor& indices, const RefTensor& weight);
Result<RefTensor> permute(const RefTensor& in, std::span<const int64_t> permutation);
Result<RefTensor> transpose(const RefTensor& in, int32_t dim0, int32_t dim1);
// (before, after) per dim; new elements are `value`.
Result<RefTensor> pad(const RefTensor& in, std::span<const uint32_t> padding, double value);
Result<RefTensor> slice(const RefTensor& in, std::span<const int64_t> begins,
                        std::span<const int64_t> ends, std::span<const int64_t> steps);
Result<RefTensor> concat(std::span<const RefTensor> inputs, int32_t dim);
Result<RefTensor> reshape(const RefTensor& in, std::span<const int64_t> shape);
RefTensor full(std::span<const int64_t> shape, double value);

}  // namespace tessera::builder::reference
