// Which TensorRefs of each TTNN op are inputs and which is the output.
#include "tessera/builder/ttnn_operands.h"

namespace tessera::builder {
namespace {

namespace ttnn = tt::target::ttnn;
using Refs = std::vector<const tt::target::TensorRef*>;

void add(Refs& refs, const tt::target::TensorRef* ref) {
  if (ref) refs.push_back(ref);
}

void add_all(Refs& refs,
             const flatbuffers::Vector<flatbuffers::Offset<tt::target::TensorRef>>* list) {
  if (!list) return;
  for (const tt::target::TensorRef* ref : *list) add(refs, ref);
}

}  // namespace

Refs ttnn_operation_inputs(const ttnn::Operation& op) {
  Refs refs;
  switch (op.type_type()) {
    case ttnn::OpType::ToMemoryConfigOp:
      add(refs, op.type_as_ToMemoryConfigOp()->in0());
      break;
    case ttnn::OpType::EltwiseOp:
      add_all(refs, op.type_as_EltwiseOp()->ins());
      break;
    case ttnn::OpType::MatmulOp:
      add(refs, op.type_as_MatmulOp()->in0());
      add(refs, op.type_as_MatmulOp()->in1());
      break;
    case ttnn::OpType::ReductionOp:
      add(refs, op.type_as_ReductionOp()->in());
      break;
    case ttnn::OpType::EmbeddingOp:
      add(refs, op.type_as_EmbeddingOp()->input());
      add(refs, op.type_as_EmbeddingOp()->weight());
      break;
    case ttnn::OpType::SoftmaxOp:
      add(refs, op.type_as_SoftmaxOp()->in());
      break;
    case ttnn::OpType::TransposeOp:
      add(refs, op.type_as_TransposeOp()->in());
      break;
    case ttnn::OpType::Conv2dOp:
      add(refs, op.type_as_Conv2dOp()->input());
      add(refs, op.type_as_Conv2dOp()->weight());
      add(refs, op.type_as_Conv2dOp()->bias());
      break;
    case ttnn::OpType::ConcatOp:
      add_all(refs, op.type_as_ConcatOp()->inputs());
      break;
    case ttnn::OpType::ReshapeOp:
      add(refs, op.type_as_ReshapeOp()->in());
      break;
    case ttnn::OpType::PermuteOp:
      add(refs, op.type_as_PermuteOp()->in());
      break;
    case ttnn::OpType::SliceOp:
      add(refs, op.type_as_SliceOp()->in());
      break;
    case ttnn::OpType::MaxPool2dOp:
      add(refs, op.type_as_MaxPool2dOp()->in());
      break;
    case ttnn::OpType::LinearOp:
      add(refs, op.type_as_LinearOp()->in0());
      add(refs, op.type_as_LinearOp()->in1());
      add(refs, op.type_as_LinearOp()->bias());
      break;
    case ttnn::OpType::ToLayoutOp:
      add(refs, op.type_as_ToLayoutOp()->in());
      break;
    case ttnn::OpType::ToDeviceOp:
      add(refs, op.type_as_ToDeviceOp()->in());
      break;
    case ttnn::OpType::FromDeviceOp:
      add(refs, op.type_as_FromDeviceOp()->in());
      break;
    case ttnn::OpType::DeallocateOp:
      add(refs, op.type_as_DeallocateOp()->in());
      break;
    case ttnn::OpType::OpenDeviceOp:
    case ttnn::OpType::CloseDeviceOp:
    case ttnn::OpType::EmptyOp:
    case ttnn::OpType::FullOp:
    case ttnn::OpType::NONE:
      break;
  }
  return refs;
}

const tt::target::TensorRef* ttnn_operation_output(const ttnn::Operation& op) {
  switch (op.type_type()) {
    case ttnn::OpType::ToMemoryConfigOp:
      return op.type_as_ToMemoryConfigOp()->out();
    case ttnn::OpType::EmptyOp:
      return op.type_as_EmptyOp()->out();
    case ttnn::OpType::FullOp:
      return op.type_as_FullOp()->out();
    case ttnn::OpType::EltwiseOp:
      return op.type_as_EltwiseOp()->out();
    case ttnn::OpType::MatmulOp:
      return op.type_as_MatmulOp()->out();
    case ttnn::OpType::ReductionOp:
      return op.type_as_ReductionOp()->out();
    case ttnn::OpType::EmbeddingOp:
      return op.type_as_EmbeddingOp()->output();
    case ttnn::OpType::SoftmaxOp:
      return op.type_as_SoftmaxOp()->out();
    case ttnn::OpType::TransposeOp:
      return op.type_as_TransposeOp()->out();
    case ttnn::OpType::Conv2dOp:
      return op.type_as_Conv2dOp()->out();
    case ttnn::OpType::ConcatOp:
      return op.type_as_ConcatOp()->out();
    case ttnn::OpType::ReshapeOp:
      return op.type_as_ReshapeOp()->out();
    case ttnn::OpType::PermuteOp:
      return op.type_as_PermuteOp()->out();
    case ttnn::OpType::SliceOp:
      return op.type_as_SliceOp()->out();
    case ttnn::OpType::MaxPool2dOp:
      return op.type_as_MaxPool2dOp()->out();
    case ttnn::OpType::LinearOp:
      return op.type_as_LinearOp()->out();
    case ttnn::OpType::ToLayoutOp:
      return op.type_as_ToLayoutOp()->out();
    case ttnn::OpType::ToDeviceOp:
      return op.type_as_ToDeviceOp()->out();
    case ttnn::OpType::FromDeviceOp:
      return op.type_as_FromDeviceOp()->out();
    case ttnn::OpType::OpenDeviceOp:
    case ttnn::OpType::CloseDeviceOp:
    case ttnn::OpType::DeallocateOp:
    case ttnn::OpType::NONE:
      return nullptr;
  }
  return nullptr;
}

}  // namespace tessera::builder
