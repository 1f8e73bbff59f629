#include "operation_operands.h"

namespace tessera::runtime::ttnn_backend {
namespace {

namespace fb = ::tt::target;
namespace fbn = ::tt::target::ttnn;
using Refs = std::vector<const fb::TensorRef*>;

void add(Refs& refs, const fb::TensorRef* ref) {
  if (ref != nullptr) refs.push_back(ref);
}

void add_all(Refs& refs, const flatbuffers::Vector<flatbuffers::Offset<fb::TensorRef>>* list) {
  if (list == nullptr) return;
  for (const fb::TensorRef* ref : *list) add(refs, ref);
}

}  // namespace

OperationOperands operation_operands(const fbn::Operation& op) {
  OperationOperands operands;
  Refs& in = operands.inputs;
  Refs& out = operands.outputs;
  switch (op.type_type()) {
    case fbn::OpType::ToMemoryConfigOp: {
      const auto* o = op.type_as_ToMemoryConfigOp();
      add(in, o->in0());
      add(out, o->out());
      break;
    }
    case fbn::OpType::EmptyOp:
      add(out, op.type_as_EmptyOp()->out());
      break;
    case fbn::OpType::FullOp:
      add(out, op.type_as_FullOp()->out());
      break;
    case fbn::OpType::EltwiseOp:
      add_all(in, op.type_as_EltwiseOp()->ins());
      add(out, op.type_as_EltwiseOp()->out());
      break;
    case fbn::OpType::MatmulOp: {
      const auto* o = op.type_as_MatmulOp();
      add(in, o->in0());
      add(in, o->in1());
      add(out, o->out());
      break;
    }
    case fbn::OpType::ReductionOp:
      add(in, op.type_as_ReductionOp()->in());
      add(out, op.type_as_ReductionOp()->out());
      break;
    case fbn::OpType::EmbeddingOp: {
      const auto* o = op.type_as_EmbeddingOp();
      add(in, o->input());
      add(in, o->weight());
      add(out, o->output());
      break;
    }
    case fbn::OpType::SoftmaxOp:
      add(in, op.type_as_SoftmaxOp()->in());
      add(out, op.type_as_SoftmaxOp()->out());
      break;
    case fbn::OpType::TransposeOp:
      add(in, op.type_as_TransposeOp()->in());
      add(out, op.type_as_TransposeOp()->out());
      break;
    case fbn::OpType::Conv2dOp: {
      const auto* o = op.type_as_Conv2dOp();
      add(in, o->input());
      add(in, o->weight());
      add(in, o->bias());
      add(out, o->out());
      break;
    }
    case fbn::OpType::ConcatOp:
      add_all(in, op.type_as_ConcatOp()->inputs());
      add(out, op.type_as_ConcatOp()->out());
      break;
    case fbn::OpType::ReshapeOp:
      add(in, op.type_as_ReshapeOp()->in());
      add(out, op.type_as_ReshapeOp()->out());
      break;
    case fbn::OpType::PermuteOp:
      add(in, op.type_as_PermuteOp()->in());
      add(out, op.type_as_PermuteOp()->out());
      break;
    case fbn::OpType::SliceOp:
      add(in, op.type_as_SliceOp()->in());
      add(out, op.type_as_SliceOp()->out());
      break;
    case fbn::OpType::MaxPool2dOp:
      add(in, op.type_as_MaxPool2dOp()->in());
      add(out, op.type_as_MaxPool2dOp()->out());
      break;
    case fbn::OpType::LinearOp: {
      const auto* o = op.type_as_LinearOp();
      add(in, o->in0());
      add(in, o->in1());
      add(in, o->bias());
      add(out, o->out());
      break;
    }
    case fbn::OpType::ToLayoutOp:
      add(in, op.type_as_ToLayoutOp()->in());
      add(out, op.type_as_ToLayoutOp()->out());
      break;
    case fbn::OpType::ToDeviceOp:
      add(in, op.type_as_ToDeviceOp()->in());
      add(out, op.type_as_ToDeviceOp()->out());
      break;
    case fbn::OpType::FromDeviceOp:
      add(in, op.type_as_FromDeviceOp()->in());
      add(out, op.type_as_FromDeviceOp()->out());
      break;
    case fbn::OpType::DeallocateOp:
      add(in, op.type_as_DeallocateOp()->in());
      break;
    case fbn::OpType::OpenDeviceOp:
    case fbn::OpType::CloseDeviceOp:
    case fbn::OpType::NONE:
      break;
  }
  return operands;
}

std::string operation_name(const fbn::Operation& op) {
  std::string name = fbn::EnumNameOpType(op.type_type());
  if (name.empty()) name = "unknown op " + std::to_string(static_cast<int>(op.type_type()));
  if (const auto* eltwise = op.type_as_EltwiseOp()) {
    const char* type = fbn::EnumNameEltwiseOpType(eltwise->type());
    name += std::string(" ") + (*type ? type : "?");
  } else if (const auto* reduction = op.type_as_ReductionOp()) {
    const char* type = fbn::EnumNameReductionOpType(reduction->type());
    name += std::string(" ") + (*type ? type : "?");
  }
  return name;
}

}  // namespace tessera::runtime::ttnn_backend
