// One function per TTNN op; each reads its operands from the context and
// stores its outputs there. Files: operations/<category>/<op>.cc.
#pragma once

#include "../program_context.h"

namespace tessera::runtime::ttnn_backend {

Status run_open_device(const fbn::OpenDeviceOp& op, ProgramContext& context);
Status run_close_device(const fbn::CloseDeviceOp& op, ProgramContext& context);

Status run_empty(const fbn::EmptyOp& op, ProgramContext& context);
Status run_full(const fbn::FullOp& op, ProgramContext& context);

Status run_to_memory_config(const fbn::ToMemoryConfigOp& op, ProgramContext& context);
Status run_to_layout(const fbn::ToLayoutOp& op, ProgramContext& context);
Status run_to_device(const fbn::ToDeviceOp& op, ProgramContext& context);
Status run_from_device(const fbn::FromDeviceOp& op, ProgramContext& context);
Status run_deallocate(const fbn::DeallocateOp& op, ProgramContext& context);

Status run_eltwise(const fbn::EltwiseOp& op, ProgramContext& context);
Status run_eltwise_binary(const fbn::EltwiseOp& op, ProgramContext& context);
Status run_eltwise_unary(const fbn::EltwiseOp& op, ProgramContext& context);
Status run_where(const fbn::EltwiseOp& op, ProgramContext& context);
Status run_typecast(const fbn::EltwiseOp& op, ProgramContext& context);

Status run_reduction(const fbn::ReductionOp& op, ProgramContext& context);
Status run_softmax(const fbn::SoftmaxOp& op, ProgramContext& context);

Status run_transpose(const fbn::TransposeOp& op, ProgramContext& context);
Status run_permute(const fbn::PermuteOp& op, ProgramContext& context);
Status run_concat(const fbn::ConcatOp& op, ProgramContext& context);
Status run_reshape(const fbn::ReshapeOp& op, ProgramContext& context);
Status run_slice(const fbn::SliceOp& op, ProgramContext& context);
Status run_embedding(const fbn::EmbeddingOp& op, ProgramContext& context);

Status run_matmul(const fbn::MatmulOp& op, ProgramContext& context);
Status run_linear(const fbn::LinearOp& op, ProgramContext& context);
Status run_conv2d(const fbn::Conv2dOp& op, ProgramContext& context);
Status run_max_pool2d(const fbn::MaxPool2dOp& op, ProgramContext& context);

}  // namespace tessera::runtime::ttnn_backend
