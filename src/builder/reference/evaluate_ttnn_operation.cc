// Dispatch of one TTNN flatbuffer operation to the reference ops; results are
// rounded to the output tensor's data type.
#include <string>

#include "reference_ops.h"

namespace tessera::builder {
namespace {

namespace ttnn = tt::target::ttnn;
using tt::target::TensorRef;
using namespace reference;

Status expect_inputs(std::span<const RefTensor> inputs, size_t count, const char* op) {
  if (inputs.size() != count) {
    return make_error(ErrorCode::kInvalidArgument, op, " takes ", count, " tensor operands, got ",
                      inputs.size());
  }
  return ok_status();
}

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

Result<std::vector<RefTensor>> one(Result<RefTensor> result, const TensorRef* out) {
  if (!result.ok()) return std::move(result).error();
  return std::vector<RefTensor>{round_to(std::move(result).value(), ref_type(out))};
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

Result<std::vector<RefTensor>> eltwise(const ttnn::EltwiseOp& op,
                                       std::span<const RefTensor> inputs) {
  switch (op.type()) {
    case ttnn::EltwiseOpType::Add:
    case ttnn::EltwiseOpType::Multiply:
    case ttnn::EltwiseOpType::Subtract:
    case ttnn::EltwiseOpType::GreaterEqual:
    case ttnn::EltwiseOpType::Div:
    case ttnn::EltwiseOpType::Maximum:
    case ttnn::EltwiseOpType::Minimum:
      TESSERA_RETURN_IF_ERROR(expect_inputs(inputs, 2, "a binary eltwise op"));
      return one(eltwise_binary(op.type(), inputs[0], inputs[1]), op.out());
    case ttnn::EltwiseOpType::Where:
      TESSERA_RETURN_IF_ERROR(expect_inputs(inputs, 3, "Where"));
      return one(where(inputs[0], inputs[1], inputs[2]), op.out());
    default:
      TESSERA_RETURN_IF_ERROR(expect_inputs(inputs, 1, "a unary eltwise op"));
      return one(eltwise_unary(op.type(), inputs[0]), op.out());
  }
}

Result<std::vector<RefTensor>> dispatch(const ttnn::Operation& op,
                                        std::span<const RefTensor> inputs) {
  switch (op.type_type()) {
    case ttnn::OpType::OpenDeviceOp:
    case ttnn::OpType::CloseDeviceOp:
      TESSERA_RETURN_IF_ERROR(expect_inputs(inputs, 0, "a device op"));
      return std::vector<RefTensor>{};
    case ttnn::OpType::DeallocateOp:
      TESSERA_RETURN_IF_ERROR(expect_inputs(inputs, 1, "Deallocate"));
      return std::vector<RefTensor>{};
    case ttnn::OpType::ToMemoryConfigOp:
      TESSERA_RETURN_IF_ERROR(expect_inputs(inputs, 1, "ToMemoryConfig"));
      return one(inputs[0], op.type_as_ToMemoryConfigOp()->out());
    case ttnn::OpType::ToLayoutOp:
      TESSERA_RETURN_IF_ERROR(expect_inputs(inputs, 1, "ToLayout"));
      return one(inputs[0], op.type_as_ToLayoutOp()->out());
    case ttnn::OpType::ToDeviceOp:
      TESSERA_RETURN_IF_ERROR(expect_inputs(inputs, 1, "ToDevice"));
      return one(inputs[0], op.type_as_ToDeviceOp()->out());
    case ttnn::OpType::FromDeviceOp:
      TESSERA_RETURN_IF_ERROR(expect_inputs(inputs, 1, "FromDevice"));
      return one(inputs[0], op.type_as_FromDeviceOp()->out());
    case ttnn::OpType::EmptyOp: {
      TESSERA_RETURN_IF_ERROR(expect_inputs(inputs, 0, "Empty"));
      const TensorRef* out = op.type_as_EmptyOp()->out();
      return one(full(ref_shape(out), 0.0), out);
    }
    case ttnn::OpType::FullOp: {
      TESSERA_RETURN_IF_ERROR(expect_inputs(inputs, 0, "Full"));
      const auto* full_op = op.type_as_FullOp();
      return one(full(ref_shape(full_op->out()), full_op->fill_value()), full_op->out());
    }
    case ttnn::OpType::EltwiseOp:
      return eltwise(*op.type_as_EltwiseOp(), inputs);
    case ttnn::OpType::MatmulOp:
      TESSERA_RETURN_IF_ERROR(expect_inputs(inputs, 2, "Matmul"));
      return one(matmul(inputs[0], inputs[1]), op.type_as_MatmulOp()->out());
    case ttnn::OpType::LinearOp: {
      const auto* linear_op = op.type_as_LinearOp();
      size_t count = linear_op->bias() ? 3 : 2;
      TESSERA_RETURN_IF_ERROR(expect_inputs(inputs, count, "Linear"));
      return one(linear(inputs[0], inputs[1], count == 3 ? &inputs[2] : nullptr), linear_op->out());
    }
    case ttnn::OpType::ReductionOp: {
      TESSERA_RETURN_IF_ERROR(expect_inputs(inputs, 1, "Reduction"));
      const auto* reduction = op.type_as_ReductionOp();
      std::vector<int32_t> dims;
      if (reduction->dim_arg())
        dims.assign(reduction->dim_arg()->begin(), reduction->dim_arg()->end());
      return one(reduce(reduction->type(), inputs[0], dims, reduction->keep_dim()),
                 reduction->out());
    }
    case ttnn::OpType::SoftmaxOp:
      TESSERA_RETURN_IF_ERROR(expect_inputs(inputs, 1, "Softmax"));
      return one(softmax(inputs[0], op.type_as_SoftmaxOp()->dimension()),
                 op.type_as_SoftmaxOp()->out());
    case ttnn::OpType::EmbeddingOp:
      TESSERA_RETURN_IF_ERROR(expect_inputs(inputs, 2, "Embedding"));
      return one(embedding(inputs[0], inputs[1]), op.type_as_EmbeddingOp()->output());
    case ttnn::OpType::TransposeOp: {
      TESSERA_RETURN_IF_ERROR(expect_inputs(inputs, 1, "Transpose"));
      const auto* t = op.type_as_TransposeOp();
      return one(transpose(inputs[0], t->dim0(), t->dim1()), t->out());
    }
    case ttnn::OpType::PermuteOp: {
      TESSERA_RETURN_IF_ERROR(expect_inputs(inputs, 1, "Permute"));
      const auto* p = op.type_as_PermuteOp();
      return one(permute(inputs[0], to_int64(p->permutation())), p->out());
    }
    case ttnn::OpType::SliceOp: {
      TESSERA_RETURN_IF_ERROR(expect_inputs(inputs, 1, "Slice"));
      const auto* s = op.type_as_SliceOp();
      return one(slice(inputs[0], to_int64(s->begins()), to_int64(s->ends()), to_int64(s->step())),
                 s->out());
    }
    case ttnn::OpType::ConcatOp: {
      const auto* c = op.type_as_ConcatOp();
      size_t count = c->inputs() ? c->inputs()->size() : 0;
      TESSERA_RETURN_IF_ERROR(expect_inputs(inputs, count, "Concat"));
      return one(concat(inputs, c->dim()), c->out());
    }
    case ttnn::OpType::ReshapeOp: {
      TESSERA_RETURN_IF_ERROR(expect_inputs(inputs, 1, "Reshape"));
      const auto* r = op.type_as_ReshapeOp();
      std::vector<int64_t> shape = r->shape() ? to_int64(r->shape()) : ref_shape(r->out());
      return one(reshape(inputs[0], shape), r->out());
    }
    case ttnn::OpType::Conv2dOp: {
      const auto* c = op.type_as_Conv2dOp();
      size_t count = c->bias() ? 3 : 2;
      TESSERA_RETURN_IF_ERROR(expect_inputs(inputs, count, "Conv2d"));
      Conv2dParams p = spatial_params(*c);
      p.in_channels = c->in_channels();
      p.out_channels = c->out_channels();
      p.groups = std::max<int64_t>(1, c->groups());
      return one(conv2d(inputs[0], inputs[1], count == 3 ? &inputs[2] : nullptr, p), c->out());
    }
    case ttnn::OpType::MaxPool2dOp: {
      TESSERA_RETURN_IF_ERROR(expect_inputs(inputs, 1, "MaxPool2d"));
      const auto* m = op.type_as_MaxPool2dOp();
      Conv2dParams p = spatial_params(*m);
      p.in_channels = m->channels();
      return one(max_pool2d(inputs[0], p), m->out());
    }
    case ttnn::OpType::NONE:
      break;
  }
  return make_error(ErrorCode::kUnimplemented, "operation type ", static_cast<int>(op.type_type()),
                    " has no reference semantics");
}

}  // namespace

Result<std::vector<RefTensor>> evaluate_ttnn_operation(const tt::target::ttnn::Operation& op,
                                                       std::span<const RefTensor> inputs) {
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (static_cast<int64_t>(inputs[i].values.size()) != element_count(inputs[i].shape)) {
      return make_error(ErrorCode::kInvalidArgument, "input ", i, " has ", inputs[i].values.size(),
                        " values for shape of ", element_count(inputs[i].shape), " elements");
    }
  }
  auto result = dispatch(op, inputs);
  if (!result.ok()) {
    return std::move(result).error().add_context(std::string("reference ") +
                                                 ttnn::EnumNameOpType(op.type_type()));
  }
  return result;
}

}  // namespace tessera::builder
