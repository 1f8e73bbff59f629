// The reference semantics of each TTNN op; results are rounded to the output
// tensor's data type.
#include "ttnn_op_evaluators.h"

#include <algorithm>

namespace tessera::builder::reference {
namespace {

namespace ttnn = tt::target::ttnn;
using tt::target::TensorRef;

std::vector<int64_t> ref_shape(const TensorRef* ref) {
  std::vector<int64_t> shape;
  if (ref && ref->desc() && ref->desc()->shape()) {
    for (int dim : *ref->desc()->shape()) shape.push_back(dim);
  }
  return shape;
}

// The output's data type; Float32 when the output carries no layout.
tt::target::DataType ref_type(const TensorRef* ref) {
  if (ref && ref->desc() && ref->desc()->layout() && ref->desc()->layout()->memory_desc()) {
    return ref->desc()->layout()->memory_desc()->data_type();
  }
  return tt::target::DataType::Float32;
}

template <typename T>
std::vector<int64_t> to_int64(const flatbuffers::Vector<T>* values) {
  std::vector<int64_t> out;
  if (values) out.assign(values->begin(), values->end());
  return out;
}

RefTensors one(Result<RefTensor> result, const TensorRef* out) {
  if (!result.ok()) return std::move(result).error();
  return std::vector<RefTensor>{round_to(std::move(result).value(), ref_type(out))};
}

RefTensors none() {
  return std::vector<RefTensor>{};
}

template <typename Op>
Conv2dParams spatial_params(const Op& op) {
  Conv2dParams p;
  p.batch = op.batch_size();
  p.height = op.input_height();
  p.width = op.input_width();
  p.kernel_h = op.kernel_height();
  p.kernel_w = op.kernel_width();
  p.stride_h = std::max<int64_t>(1, op.stride_height());
  p.stride_w = std::max<int64_t>(1, op.stride_width());
  p.pad_h = op.padding_height();
  p.pad_w = op.padding_width();
  p.dilation_h = std::max<int64_t>(1, op.dilation_height());
  p.dilation_w = std::max<int64_t>(1, op.dilation_width());
  return p;
}

Status expect_arity(std::span<const RefTensor> in, size_t count, const char* kind) {
  if (in.size() == count) return ok_status();
  return make_error(ErrorCode::kInvalidArgument, kind, " takes ", count, " tensor operands, got ",
                    in.size());
}

}  // namespace

RefTensors evaluate_open_device(const ttnn::OpenDeviceOp&, std::span<const RefTensor>) {
  return none();
}
RefTensors evaluate_close_device(const ttnn::CloseDeviceOp&, std::span<const RefTensor>) {
  return none();
}
RefTensors evaluate_deallocate(const ttnn::DeallocateOp&, std::span<const RefTensor>) {
  return none();
}

RefTensors evaluate_to_memory_config(const ttnn::ToMemoryConfigOp& op,
                                     std::span<const RefTensor> in) {
  return one(in[0], op.out());
}
RefTensors evaluate_to_layout(const ttnn::ToLayoutOp& op, std::span<const RefTensor> in) {
  return one(in[0], op.out());
}
RefTensors evaluate_to_device(const ttnn::ToDeviceOp& op, std::span<const RefTensor> in) {
  return one(in[0], op.out());
}
RefTensors evaluate_from_device(const ttnn::FromDeviceOp& op, std::span<const RefTensor> in) {
  return one(in[0], op.out());
}

RefTensors evaluate_empty(const ttnn::EmptyOp& op, std::span<const RefTensor>) {
  return one(full(ref_shape(op.out()), 0.0), op.out());
}
RefTensors evaluate_full(const ttnn::FullOp& op, std::span<const RefTensor>) {
  return one(full(ref_shape(op.out()), op.fill_value()), op.out());
}

RefTensors evaluate_eltwise(const ttnn::EltwiseOp& op, std::span<const RefTensor> in) {
  switch (op.type()) {
    case ttnn::EltwiseOpType::Add:
    case ttnn::EltwiseOpType::Multiply:
    case ttnn::EltwiseOpType::Subtract:
    case ttnn::EltwiseOpType::GreaterEqual:
    case ttnn::EltwiseOpType::Div:
    case ttnn::EltwiseOpType::Maximum:
    case ttnn::EltwiseOpType::Minimum:
      TESSERA_RETURN_IF_ERROR(expect_arity(in, 2, "a binary eltwise op"));
      return one(eltwise_binary(op.type(), in[0], in[1]), op.out());
    case ttnn::EltwiseOpType::Where:
      TESSERA_RETURN_IF_ERROR(expect_arity(in, 3, "Where"));
      return one(where(in[0], in[1], in[2]), op.out());
    default:
      TESSERA_RETURN_IF_ERROR(expect_arity(in, 1, "a unary eltwise op"));
      return one(eltwise_unary(op.type(), in[0]), op.out());
  }
}

RefTensors evaluate_matmul(const ttnn::MatmulOp& op, std::span<const RefTensor> in) {
  return one(matmul(in[0], in[1]), op.out());
}
RefTensors evaluate_linear(const ttnn::LinearOp& op, std::span<const RefTensor> in) {
  return one(linear(in[0], in[1], in.size() == 3 ? &in[2] : nullptr), op.out());
}

RefTensors evaluate_reduction(const ttnn::ReductionOp& op, std::span<const RefTensor> in) {
  std::vector<int32_t> dims;
  if (op.dim_arg()) dims.assign(op.dim_arg()->begin(), op.dim_arg()->end());
  return one(reduce(op.type(), in[0], dims, op.keep_dim()), op.out());
}
RefTensors evaluate_softmax(const ttnn::SoftmaxOp& op, std::span<const RefTensor> in) {
  return one(softmax(in[0], op.dimension()), op.out());
}

RefTensors evaluate_embedding(const ttnn::EmbeddingOp& op, std::span<const RefTensor> in) {
  return one(embedding(in[0], in[1]), op.output());
}
RefTensors evaluate_transpose(const ttnn::TransposeOp& op, std::span<const RefTensor> in) {
  return one(transpose(in[0], op.dim0(), op.dim1()), op.out());
}
RefTensors evaluate_permute(const ttnn::PermuteOp& op, std::span<const RefTensor> in) {
  return one(permute(in[0], to_int64(op.permutation())), op.out());
}
RefTensors evaluate_slice(const ttnn::SliceOp& op, std::span<const RefTensor> in) {
  return one(slice(in[0], to_int64(op.begins()), to_int64(op.ends()), to_int64(op.step())),
             op.out());
}
RefTensors evaluate_pad(const ttnn::PadOp& op, std::span<const RefTensor> in) {
  std::vector<uint32_t> padding;
  if (op.padding()) padding.assign(op.padding()->begin(), op.padding()->end());
  return one(pad(in[0], padding, op.value()), op.out());
}
RefTensors evaluate_concat(const ttnn::ConcatOp& op, std::span<const RefTensor> in) {
  return one(concat(in, op.dim()), op.out());
}
RefTensors evaluate_reshape(const ttnn::ReshapeOp& op, std::span<const RefTensor> in) {
  std::vector<int64_t> shape = op.shape() ? to_int64(op.shape()) : ref_shape(op.out());
  return one(reshape(in[0], shape), op.out());
}

RefTensors evaluate_conv2d(const ttnn::Conv2dOp& op, std::span<const RefTensor> in) {
  Conv2dParams p = spatial_params(op);
  p.in_channels = op.in_channels();
  p.out_channels = op.out_channels();
  p.groups = std::max<int64_t>(1, op.groups());
  return one(conv2d(in[0], in[1], in.size() == 3 ? &in[2] : nullptr, p), op.out());
}
RefTensors evaluate_max_pool2d(const ttnn::MaxPool2dOp& op, std::span<const RefTensor> in) {
  Conv2dParams p = spatial_params(op);
  p.in_channels = op.channels();
  return one(max_pool2d(in[0], p), op.out());
}

}  // namespace tessera::builder::reference
