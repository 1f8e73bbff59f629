// Test helper: writes small TTNN binaries op by op. Tensors are described by
// TtnnTensor; op tables are built with the generated Create* functions on
// writer.fbb() and added with writer.add(type, table).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tessera/format/generated.h"
#include "tessera/format/integrity.h"
#include "tessera/format/schema.h"

namespace tessera::testing {

struct TtnnTensor {
  uint32_t id = 0;
  std::vector<int> shape = {32, 32};
  ::tt::target::DataType type = ::tt::target::DataType::Float32;
  ::tt::target::MemorySpace space = ::tt::target::MemorySpace::System;
  bool tiled = false;

  // The same tensor id-shifted and placed elsewhere (a typical op output).
  TtnnTensor as(uint32_t new_id, ::tt::target::MemorySpace new_space, bool new_tiled,
                ::tt::target::DataType new_type) const {
    return {new_id, shape, new_type, new_space, new_tiled};
  }
};

class TtnnProgramWriter {
 public:
  flatbuffers::FlatBufferBuilder& fbb() { return fbb_; }

  flatbuffers::Offset<::tt::target::TensorRef> ref(const TtnnTensor& t) {
    namespace fb = ::tt::target;
    std::vector<int> stride(t.shape.size(), 1);
    for (int i = static_cast<int>(t.shape.size()) - 2; i >= 0; --i) {
      stride[i] = stride[i + 1] * t.shape[i + 1];
    }
    fb::Dim2d tile = t.tiled ? fb::Dim2d(32, 32) : fb::Dim2d(1, 1);
    auto memory = fb::CreateMemoryDescDirect(fbb_, &t.shape, &tile, t.type, t.space, 0);
    auto layout = fb::CreateLayoutDescDirect(fbb_, &stride, fb::OOBVal::Undef, nullptr, memory);
    auto desc = fb::CreateTensorDescDirect(fbb_, &t.shape, layout);
    return fb::CreateTensorRef(fbb_, t.id, 0, 0, desc);
  }

  void add(::tt::target::ttnn::OpType type, flatbuffers::Offset<void> table,
           const std::string& debug = "") {
    ops_.push_back(::tt::target::ttnn::CreateOperationDirect(
        fbb_, type, table, debug.empty() ? nullptr : debug.c_str()));
  }

  // Common ops.
  void to_memory(const TtnnTensor& in, const TtnnTensor& out) {
    add(::tt::target::ttnn::OpType::ToMemoryConfigOp,
        ::tt::target::ttnn::CreateToMemoryConfigOp(fbb_, ref(in), ref(out)).Union(), "move");
  }
  void eltwise(::tt::target::ttnn::EltwiseOpType type, const std::vector<TtnnTensor>& ins,
               const TtnnTensor& out) {
    std::vector<flatbuffers::Offset<::tt::target::TensorRef>> refs;
    for (const TtnnTensor& in : ins) refs.push_back(ref(in));
    add(::tt::target::ttnn::OpType::EltwiseOp,
        ::tt::target::ttnn::CreateEltwiseOpDirect(fbb_, type, &refs, ref(out)).Union(), "eltwise");
  }

  std::vector<uint8_t> build(const std::vector<TtnnTensor>& inputs,
                             const std::vector<TtnnTensor>& outputs,
                             const std::string& name = "test") {
    namespace fb = ::tt::target;
    namespace fbn = ::tt::target::ttnn;
    std::vector<flatbuffers::Offset<fb::TensorRef>> input_refs, output_refs;
    for (const TtnnTensor& t : inputs) input_refs.push_back(ref(t));
    for (const TtnnTensor& t : outputs) output_refs.push_back(ref(t));
    auto program = fbn::CreateProgramDirect(fbb_, name.c_str(), &input_refs, &output_refs, &ops_);
    std::vector<flatbuffers::Offset<fbn::Program>> programs = {program};
    fb::Version version(0, 0, 1);
    auto root = fbn::CreateTTNNBinaryDirect(fbb_, &version, "test", 0, &programs,
                                            format::schema_hash(format::BinaryKind::kTtnn).c_str(),
                                            format::kChecksumPlaceholder);
    fbn::FinishSizePrefixedTTNNBinaryBuffer(fbb_, root);
    std::vector<uint8_t> bytes(fbb_.GetBufferPointer(), fbb_.GetBufferPointer() + fbb_.GetSize());
    if (!format::seal_binary(bytes, format::BinaryKind::kTtnn).ok()) bytes.clear();
    return bytes;
  }

 private:
  flatbuffers::FlatBufferBuilder fbb_;
  std::vector<flatbuffers::Offset<::tt::target::ttnn::Operation>> ops_;
};

}  // namespace tessera::testing
