// The flatbuffer table of each graph op, by op-list entry. Ops the writer
// places itself around the graph (device, transfer and deallocate ops) have
// no graph writer: asking for one is an error naming the op.
#pragma once

#include <vector>

#include "flatbuffer/tensor_refs.h"
#include "tessera/format/generated.h"

namespace tessera::builder {

struct OpWriteContext {
  flatbuffers::FlatBufferBuilder& fbb;
  const OpAttributes& attributes;
  const std::vector<TensorRefOffset>& ins;  // schema field order, bias last
  TensorRefOffset bias;                     // null unless the op has one
  TensorRefOffset out;
};

using OpBodyOffset = Result<flatbuffers::Offset<void>>;

template <typename Op>
OpBodyOffset write_op_body(const OpWriteContext&) {
  return make_error(
      ErrorCode::kUnimplemented, "the TTNN writer does not write ",
      tt::target::ttnn::EnumNameOpType(tt::target::ttnn::OpTypeTraits<Op>::enum_value),
      " as a graph op");
}

// Dispatches on the op list.
OpBodyOffset write_graph_op_body(tt::target::ttnn::OpType type, const OpWriteContext& context);

}  // namespace tessera::builder
