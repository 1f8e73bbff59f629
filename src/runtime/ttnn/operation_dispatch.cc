#include "operation_dispatch.h"

#include "operations/operations.h"

namespace tessera::runtime::ttnn_backend {
namespace {

// A union whose type tag is set but whose table is missing is malformed
// input, not a null to dereference.
template <typename Body>
Status with_body(const Body* body, const char* type, ProgramContext& context,
                 Status (*handler)(const Body&, ProgramContext&)) {
  if (!body) {
    return make_error(ErrorCode::kInvalidArgument, "the operation's type is ", type,
                      " but its table is missing");
  }
  return handler(*body, context);
}

}  // namespace

Status run_operation(const fbn::Operation& op, ProgramContext& context) {
  using fbn::OpType;
  switch (op.type_type()) {
    case OpType::OpenDeviceOp:
      return with_body(op.type_as_OpenDeviceOp(), "OpenDeviceOp", context, run_open_device);
    case OpType::CloseDeviceOp:
      return with_body(op.type_as_CloseDeviceOp(), "CloseDeviceOp", context, run_close_device);
    case OpType::ToMemoryConfigOp:
      return with_body(op.type_as_ToMemoryConfigOp(), "ToMemoryConfigOp", context,
                       run_to_memory_config);
    case OpType::EmptyOp:
      return with_body(op.type_as_EmptyOp(), "EmptyOp", context, run_empty);
    case OpType::FullOp:
      return with_body(op.type_as_FullOp(), "FullOp", context, run_full);
    case OpType::EltwiseOp:
      return with_body(op.type_as_EltwiseOp(), "EltwiseOp", context, run_eltwise);
    case OpType::MatmulOp:
      return with_body(op.type_as_MatmulOp(), "MatmulOp", context, run_matmul);
    case OpType::ReductionOp:
      return with_body(op.type_as_ReductionOp(), "ReductionOp", context, run_reduction);
    case OpType::EmbeddingOp:
      return with_body(op.type_as_EmbeddingOp(), "EmbeddingOp", context, run_embedding);
    case OpType::SoftmaxOp:
      return with_body(op.type_as_SoftmaxOp(), "SoftmaxOp", context, run_softmax);
    case OpType::TransposeOp:
      return with_body(op.type_as_TransposeOp(), "TransposeOp", context, run_transpose);
    case OpType::Conv2dOp:
      return with_body(op.type_as_Conv2dOp(), "Conv2dOp", context, run_conv2d);
    case OpType::ConcatOp:
      return with_body(op.type_as_ConcatOp(), "ConcatOp", context, run_concat);
    case OpType::ReshapeOp:
      return with_body(op.type_as_ReshapeOp(), "ReshapeOp", context, run_reshape);
    case OpType::PermuteOp:
      return with_body(op.type_as_PermuteOp(), "PermuteOp", context, run_permute);
    case OpType::SliceOp:
      return with_body(op.type_as_SliceOp(), "SliceOp", context, run_slice);
    case OpType::MaxPool2dOp:
      return with_body(op.type_as_MaxPool2dOp(), "MaxPool2dOp", context, run_max_pool2d);
    case OpType::LinearOp:
      return with_body(op.type_as_LinearOp(), "LinearOp", context, run_linear);
    case OpType::ToLayoutOp:
      return with_body(op.type_as_ToLayoutOp(), "ToLayoutOp", context, run_to_layout);
    case OpType::ToDeviceOp:
      return with_body(op.type_as_ToDeviceOp(), "ToDeviceOp", context, run_to_device);
    case OpType::FromDeviceOp:
      return with_body(op.type_as_FromDeviceOp(), "FromDeviceOp", context, run_from_device);
    case OpType::DeallocateOp:
      return with_body(op.type_as_DeallocateOp(), "DeallocateOp", context, run_deallocate);
    case OpType::NONE:
      break;
  }
  return make_error(ErrorCode::kUnimplemented, "operation has no (or an unknown) op type ",
                    static_cast<int>(op.type_type()));
}

}  // namespace tessera::runtime::ttnn_backend
