// Every TTNN op type tessera knows, in one list. Each layer expands the list
// into its own table, so adding an op is one entry here plus its files:
//   - format:  its tensor operands (ttnn_operands.cc);
//   - runtime: its handler `run_<name>` (runtime/ttnn/operations/<category>/<name>.cc);
//   - builder: its reference semantics `evaluate_<name>` (builder/reference/) and,
//              for graph ops, its writer (builder/ttnn/ttnn_op_writers.cc).
//
// TESSERA_TTNN_OP(Type, name, (input fields), (output fields)):
//   Type    the flatbuffer table and OpType tag;
//   name    the snake_case stem of its handler functions;
//   fields  TensorRef or [TensorRef] fields of the table, in schema order.
//           Absent optional fields are skipped and lists are expanded, so
//           hooks, per-op goldens and the reference evaluator see operands
//           the same way.
#pragma once

#define TESSERA_TTNN_OP_LIST(TESSERA_TTNN_OP)                        \
  TESSERA_TTNN_OP(OpenDeviceOp, open_device, (), ())                 \
  TESSERA_TTNN_OP(CloseDeviceOp, close_device, (), ())               \
  TESSERA_TTNN_OP(ToMemoryConfigOp, to_memory_config, (in0), (out))  \
  TESSERA_TTNN_OP(EmptyOp, empty, (), (out))                         \
  TESSERA_TTNN_OP(FullOp, full, (), (out))                           \
  TESSERA_TTNN_OP(EltwiseOp, eltwise, (ins), (out))                  \
  TESSERA_TTNN_OP(MatmulOp, matmul, (in0, in1), (out))               \
  TESSERA_TTNN_OP(ReductionOp, reduction, (in), (out))               \
  TESSERA_TTNN_OP(EmbeddingOp, embedding, (input, weight), (output)) \
  TESSERA_TTNN_OP(SoftmaxOp, softmax, (in), (out))                   \
  TESSERA_TTNN_OP(TransposeOp, transpose, (in), (out))               \
  TESSERA_TTNN_OP(Conv2dOp, conv2d, (input, weight, bias), (out))    \
  TESSERA_TTNN_OP(ConcatOp, concat, (inputs), (out))                 \
  TESSERA_TTNN_OP(ReshapeOp, reshape, (in), (out))                   \
  TESSERA_TTNN_OP(PermuteOp, permute, (in), (out))                   \
  TESSERA_TTNN_OP(SliceOp, slice, (in), (out))                       \
  TESSERA_TTNN_OP(MaxPool2dOp, max_pool2d, (in), (out))              \
  TESSERA_TTNN_OP(LinearOp, linear, (in0, in1, bias), (out))         \
  TESSERA_TTNN_OP(ToLayoutOp, to_layout, (in), (out))                \
  TESSERA_TTNN_OP(ToDeviceOp, to_device, (in), (out))                \
  TESSERA_TTNN_OP(FromDeviceOp, from_device, (in), (out))            \
  TESSERA_TTNN_OP(DeallocateOp, deallocate, (in), ())                \
  TESSERA_TTNN_OP(PadOp, pad, (in), (out))
