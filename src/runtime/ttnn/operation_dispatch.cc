#include "operation_dispatch.h"

#include "operations/operations.h"

namespace tessera::runtime::ttnn_backend {

Status run_operation(const fbn::Operation& op, ProgramContext& context) {
  using fbn::OpType;
  switch (op.type_type()) {
    case OpType::OpenDeviceOp:
      return run_open_device(*op.type_as_OpenDeviceOp(), context);
    case OpType::CloseDeviceOp:
      return run_close_device(*op.type_as_CloseDeviceOp(), context);
    case OpType::ToMemoryConfigOp:
      return run_to_memory_config(*op.type_as_ToMemoryConfigOp(), context);
    case OpType::EmptyOp:
      return run_empty(*op.type_as_EmptyOp(), context);
    case OpType::FullOp:
      return run_full(*op.type_as_FullOp(), context);
    case OpType::EltwiseOp:
      return run_eltwise(*op.type_as_EltwiseOp(), context);
    case OpType::MatmulOp:
      return run_matmul(*op.type_as_MatmulOp(), context);
    case OpType::ReductionOp:
      return run_reduction(*op.type_as_ReductionOp(), context);
    case OpType::EmbeddingOp:
      return run_embedding(*op.type_as_EmbeddingOp(), context);
    case OpType::SoftmaxOp:
      return run_softmax(*op.type_as_SoftmaxOp(), context);
    case OpType::TransposeOp:
      return run_transpose(*op.type_as_TransposeOp(), context);
    case OpType::Conv2dOp:
      return run_conv2d(*op.type_as_Conv2dOp(), context);
    case OpType::ConcatOp:
      return run_concat(*op.type_as_ConcatOp(), context);
    case OpType::ReshapeOp:
      return run_reshape(*op.type_as_ReshapeOp(), context);
    case OpType::PermuteOp:
      return run_permute(*op.type_as_PermuteOp(), context);
    case OpType::SliceOp:
      return run_slice(*op.type_as_SliceOp(), context);
    case OpType::MaxPool2dOp:
      return run_max_pool2d(*op.type_as_MaxPool2dOp(), context);
    case OpType::LinearOp:
      return run_linear(*op.type_as_LinearOp(), context);
    case OpType::ToLayoutOp:
      return run_to_layout(*op.type_as_ToLayoutOp(), context);
    case OpType::ToDeviceOp:
      return run_to_device(*op.type_as_ToDeviceOp(), context);
    case OpType::FromDeviceOp:
      return run_from_device(*op.type_as_FromDeviceOp(), context);
    case OpType::DeallocateOp:
      return run_deallocate(*op.type_as_DeallocateOp(), context);
    case OpType::NONE:
      break;
  }
  return make_error(ErrorCode::kUnimplemented, "operation has no (or an unknown) op type ",
                    static_cast<int>(op.type_type()));
}

}  // namespace tessera::runtime::ttnn_backend
