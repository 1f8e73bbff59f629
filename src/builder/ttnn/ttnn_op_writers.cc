#include "ttnn_op_writers.h"

#include "tessera/format/ttnn_op_list.h"

namespace tessera::builder {

namespace ttnn = tt::target::ttnn;

template <>
OpBodyOffset write_op_body<ttnn::EltwiseOp>(const OpWriteContext& c) {
  return ttnn::CreateEltwiseOpDirect(c.fbb, c.attributes.eltwise, &c.ins, c.out).Union();
}
template <>
OpBodyOffset write_op_body<ttnn::MatmulOp>(const OpWriteContext& c) {
  return ttnn::CreateMatmulOp(c.fbb, c.ins[0], c.ins[1], c.out).Union();
}
template <>
OpBodyOffset write_op_body<ttnn::LinearOp>(const OpWriteContext& c) {
  return ttnn::CreateLinearOp(c.fbb, c.ins[0], c.ins[1], c.bias, c.out).Union();
}
template <>
OpBodyOffset write_op_body<ttnn::ReductionOp>(const OpWriteContext& c) {
  const OpAttributes& a = c.attributes;
  return ttnn::CreateReductionOpDirect(c.fbb, a.reduction, c.ins[0], c.out, &a.dims, a.keep_dim)
      .Union();
}
template <>
OpBodyOffset write_op_body<ttnn::SoftmaxOp>(const OpWriteContext& c) {
  return ttnn::CreateSoftmaxOp(c.fbb, c.ins[0], c.out, c.attributes.dim0).Union();
}
template <>
OpBodyOffset write_op_body<ttnn::TransposeOp>(const OpWriteContext& c) {
  return ttnn::CreateTransposeOp(c.fbb, c.ins[0], c.out, c.attributes.dim0, c.attributes.dim1)
      .Union();
}
template <>
OpBodyOffset write_op_body<ttnn::PermuteOp>(const OpWriteContext& c) {
  return ttnn::CreatePermuteOpDirect(c.fbb, c.ins[0], c.out, &c.attributes.permutation).Union();
}
template <>
OpBodyOffset write_op_body<ttnn::SliceOp>(const OpWriteContext& c) {
  const OpAttributes& a = c.attributes;
  return ttnn::CreateSliceOpDirect(c.fbb, c.ins[0], c.out, &a.begins, &a.ends, &a.step).Union();
}
template <>
OpBodyOffset write_op_body<ttnn::PadOp>(const OpWriteContext& c) {
  const OpAttributes& a = c.attributes;
  return ttnn::CreatePadOpDirect(c.fbb, c.ins[0], c.out, &a.padding, a.fill_value).Union();
}
template <>
OpBodyOffset write_op_body<ttnn::ConcatOp>(const OpWriteContext& c) {
  return ttnn::CreateConcatOpDirect(c.fbb, &c.ins, c.out, c.attributes.dim0).Union();
}
template <>
OpBodyOffset write_op_body<ttnn::ReshapeOp>(const OpWriteContext& c) {
  std::vector<int32_t> shape(c.attributes.shape.begin(), c.attributes.shape.end());
  return ttnn::CreateReshapeOpDirect(c.fbb, c.ins[0], c.out, &shape).Union();
}
template <>
OpBodyOffset write_op_body<ttnn::EmbeddingOp>(const OpWriteContext& c) {
  return ttnn::CreateEmbeddingOp(c.fbb, c.ins[0], c.ins[1], c.out).Union();
}
template <>
OpBodyOffset write_op_body<ttnn::Conv2dOp>(const OpWriteContext& c) {
  const OpAttributes& a = c.attributes;
  return ttnn::CreateConv2dOp(c.fbb, c.ins[0], c.ins[1], c.bias, c.out, a.in_channels,
                              a.out_channels, a.batch, a.height, a.width, a.kernel_h, a.kernel_w,
                              a.stride_h, a.stride_w, a.pad_h, a.pad_w, a.dilation_h, a.dilation_w,
                              a.groups)
      .Union();
}
template <>
OpBodyOffset write_op_body<ttnn::MaxPool2dOp>(const OpWriteContext& c) {
  const OpAttributes& a = c.attributes;
  return ttnn::CreateMaxPool2dOp(c.fbb, c.ins[0], c.out, a.batch, a.height, a.width, a.in_channels,
                                 a.kernel_h, a.kernel_w, a.stride_h, a.stride_w, a.pad_h, a.pad_w,
                                 a.dilation_h, a.dilation_w)
      .Union();
}
template <>
OpBodyOffset write_op_body<ttnn::FullOp>(const OpWriteContext& c) {
  return ttnn::CreateFullOp(c.fbb, tt::target::CreateDeviceRef(c.fbb, 0), c.attributes.fill_value,
                            c.out)
      .Union();
}
template <>
OpBodyOffset write_op_body<ttnn::EmptyOp>(const OpWriteContext& c) {
  return ttnn::CreateEmptyOp(c.fbb, tt::target::CreateDeviceRef(c.fbb, 0), c.out).Union();
}
template <>
OpBodyOffset write_op_body<ttnn::ToLayoutOp>(const OpWriteContext& c) {
  return ttnn::CreateToLayoutOp(c.fbb, c.ins[0], c.out).Union();
}
template <>
OpBodyOffset write_op_body<ttnn::ToMemoryConfigOp>(const OpWriteContext& c) {
  return ttnn::CreateToMemoryConfigOp(c.fbb, c.ins[0], c.out).Union();
}

OpBodyOffset write_graph_op_body(ttnn::OpType type, const OpWriteContext& context) {
  switch (type) {
#define TESSERA_TTNN_OP(T, name, in_fields, out_fields) \
  case ttnn::OpType::T:                                 \
    return write_op_body<ttnn::T>(context);
    TESSERA_TTNN_OP_LIST(TESSERA_TTNN_OP)
#undef TESSERA_TTNN_OP
    default:
      break;
  }
  return make_error(ErrorCode::kUnimplemented, "the TTNN writer does not know op type ",
                    static_cast<int>(type));
}

}  // namespace tessera::builder
