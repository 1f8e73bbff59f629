#include "tessera/format/ttnn_operands.h"

#include <gtest/gtest.h>

#include "tessera/format/generated.h"

namespace tessera::format {
namespace {

namespace fb = tt::target;
namespace fbn = tt::target::ttnn;

// A schema op without an op-list entry would have no operands, no handler
// and no reference semantics.
TEST(TtnnOperandsTest, EverySchemaOpTypeIsListed) {
  for (fbn::OpType type : fbn::EnumValuesOpType()) {
    if (type == fbn::OpType::NONE) continue;
    EXPECT_TRUE(is_listed_ttnn_op(type)) << fbn::EnumNameOpType(type);
  }
  EXPECT_FALSE(is_listed_ttnn_op(fbn::OpType::NONE));
}

flatbuffers::Offset<fb::TensorRef> ref(flatbuffers::FlatBufferBuilder& fbb, uint32_t id) {
  return fb::CreateTensorRef(fbb, id);
}

const fbn::Operation& finish(flatbuffers::FlatBufferBuilder& fbb, fbn::OpType type,
                             flatbuffers::Offset<void> body) {
  fbb.Finish(fbn::CreateOperation(fbb, type, body));
  return *flatbuffers::GetRoot<fbn::Operation>(fbb.GetBufferPointer());
}

std::vector<uint32_t> ids(const std::vector<const fb::TensorRef*>& refs) {
  std::vector<uint32_t> out;
  for (const fb::TensorRef* r : refs) out.push_back(r->global_id());
  return out;
}

TEST(TtnnOperandsTest, InputsInFieldOrderWithAbsentBiasSkipped) {
  flatbuffers::FlatBufferBuilder fbb;
  auto body = fbn::CreateLinearOp(fbb, ref(fbb, 1), ref(fbb, 2), 0, ref(fbb, 3));
  const TtnnOperands operands = ttnn_operands(finish(fbb, fbn::OpType::LinearOp, body.Union()));
  EXPECT_EQ(ids(operands.inputs), (std::vector<uint32_t>{1, 2}));
  EXPECT_EQ(ids(operands.outputs), (std::vector<uint32_t>{3}));
}

TEST(TtnnOperandsTest, ListOperandsAreExpanded) {
  flatbuffers::FlatBufferBuilder fbb;
  std::vector<flatbuffers::Offset<fb::TensorRef>> ins = {ref(fbb, 4), ref(fbb, 5), ref(fbb, 6)};
  auto body = fbn::CreateConcatOpDirect(fbb, &ins, ref(fbb, 7), 1);
  const TtnnOperands operands = ttnn_operands(finish(fbb, fbn::OpType::ConcatOp, body.Union()));
  EXPECT_EQ(ids(operands.inputs), (std::vector<uint32_t>{4, 5, 6}));
  EXPECT_EQ(ids(operands.outputs), (std::vector<uint32_t>{7}));
}

TEST(TtnnOperandsTest, DeallocateHasAnInputAndNoOutput) {
  flatbuffers::FlatBufferBuilder fbb;
  auto body = fbn::CreateDeallocateOp(fbb, ref(fbb, 9));
  const TtnnOperands operands = ttnn_operands(finish(fbb, fbn::OpType::DeallocateOp, body.Union()));
  EXPECT_EQ(ids(operands.inputs), (std::vector<uint32_t>{9}));
  EXPECT_TRUE(operands.outputs.empty());
}

TEST(TtnnOperandsTest, MissingTableGivesNoOperands) {
  flatbuffers::FlatBufferBuilder fbb;
  const TtnnOperands operands = ttnn_operands(finish(fbb, fbn::OpType::MatmulOp, 0));
  EXPECT_TRUE(operands.inputs.empty());
  EXPECT_TRUE(operands.outputs.empty());
}

}  // namespace
}  // namespace tessera::format
