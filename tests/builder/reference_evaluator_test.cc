// The float64 reference evaluator against values computed by hand.
#include "tessera/builder/reference_evaluator.h"

#include <gtest/gtest.h>

#include <cmath>

namespace tessera::builder {
namespace {

namespace target = tt::target;
namespace ttnn = tt::target::ttnn;

// Builds one Operation in its own buffer.
class OpBuilder {
 public:
  flatbuffers::Offset<target::TensorRef> ref(std::vector<int> shape,
                                             target::DataType type = target::DataType::Float32) {
    std::vector<int> tile_shape = shape;
    target::Dim2d tile(1, 1);
    auto memory = target::CreateMemoryDescDirect(fbb_, &tile_shape, &tile, type,
                                                 target::MemorySpace::DeviceDRAM, 0);
    auto layout =
        target::CreateLayoutDescDirect(fbb_, nullptr, target::OOBVal::Undef, nullptr, memory);
    auto desc = target::CreateTensorDescDirect(fbb_, &shape, layout, nullptr);
    return target::CreateTensorRef(fbb_, next_id_++, 0, 0, desc);
  }
  flatbuffers::FlatBufferBuilder& fbb() { return fbb_; }
  const ttnn::Operation& finish(ttnn::OpType type, flatbuffers::Offset<void> body) {
    fbb_.Finish(ttnn::CreateOperationDirect(fbb_, type, body, "test"));
    return *flatbuffers::GetRoot<ttnn::Operation>(fbb_.GetBufferPointer());
  }

 private:
  flatbuffers::FlatBufferBuilder fbb_;
  uint32_t next_id_ = 1;
};

RefTensor evaluate_one(const ttnn::Operation& op, std::vector<RefTensor> inputs) {
  auto result = evaluate_ttnn_operation(op, inputs);
  EXPECT_TRUE(result.ok()) << result.error().describe();
  if (!result.ok() || result->size() != 1) return {};
  return result->front();
}

const ttnn::Operation& eltwise(OpBuilder& b, ttnn::EltwiseOpType type, size_t inputs,
                               std::vector<int> out_shape,
                               target::DataType out_type = target::DataType::Float32) {
  std::vector<flatbuffers::Offset<target::TensorRef>> ins;
  for (size_t i = 0; i < inputs; ++i) ins.push_back(b.ref({1}));
  auto out = b.ref(out_shape, out_type);
  return b.finish(ttnn::OpType::EltwiseOp,
                  ttnn::CreateEltwiseOpDirect(b.fbb(), type, &ins, out).Union());
}

TEST(ReferenceEvaluator, AddBroadcastsLikeNumpy) {
  OpBuilder b;
  const auto& op = eltwise(b, ttnn::EltwiseOpType::Add, 2, {2, 3});
  RefTensor out = evaluate_one(op, {{{2, 1}, {10, 20}}, {{3}, {1, 2, 3}}});
  EXPECT_EQ(out.shape, (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(out.values, (std::vector<double>{11, 12, 13, 21, 22, 23}));
}

TEST(ReferenceEvaluator, IncompatibleBroadcastIsAnError) {
  OpBuilder b;
  const auto& op = eltwise(b, ttnn::EltwiseOpType::Multiply, 2, {2, 3});
  std::vector<RefTensor> ins = {{{2}, {1, 2}}, {{3}, {1, 2, 3}}};
  auto result = evaluate_ttnn_operation(op, ins);
  ASSERT_FALSE(result.ok());
  EXPECT_NE(result.error().describe().find("broadcast"), std::string::npos);
}

TEST(ReferenceEvaluator, GeluIsExact) {
  OpBuilder b;
  const auto& op = eltwise(b, ttnn::EltwiseOpType::Gelu, 1, {2}, target::DataType::Float32);
  RefTensor out = evaluate_one(op, {{{2}, {1.0, -1.0}}});
  // 0.5 * x * (1 + erf(x / sqrt 2)): 0.841344746..., -0.158655253...
  EXPECT_NEAR(out.values[0], 0.8413447460685429, 1e-7);
  EXPECT_NEAR(out.values[1], -0.15865525393145707, 1e-7);
}

TEST(ReferenceEvaluator, WhereSelectsOnNonZero) {
  OpBuilder b;
  const auto& op = eltwise(b, ttnn::EltwiseOpType::Where, 3, {3});
  RefTensor out = evaluate_one(op, {{{3}, {0, 2, -1}}, {{3}, {1, 1, 1}}, {{1}, {7}}});
  EXPECT_EQ(out.values, (std::vector<double>{7, 1, 1}));
}

TEST(ReferenceEvaluator, TypecastRoundsToBfloat16) {
  OpBuilder b;
  const auto& op = eltwise(b, ttnn::EltwiseOpType::Typecast, 1, {2}, target::DataType::BFloat16);
  RefTensor out = evaluate_one(op, {{{2}, {1.00390625, 3.14159}}});
  // bf16 keeps 8 significant bits: 1 + 2^-8 ties to even (1), pi -> 3.140625.
  EXPECT_EQ(out.values, (std::vector<double>{1.0, 3.140625}));
}

TEST(ReferenceEvaluator, ReductionsOverDims) {
  RefTensor in{{2, 3}, {1, 2, 3, 4, 5, 6}};
  {
    OpBuilder b;
    std::vector<int32_t> dims = {1};
    const auto& op =
        b.finish(ttnn::OpType::ReductionOp,
                 ttnn::CreateReductionOpDirect(b.fbb(), ttnn::ReductionOpType::Sum, b.ref({2, 3}),
                                               b.ref({2, 1}), &dims, true)
                     .Union());
    RefTensor out = evaluate_one(op, {in});
    EXPECT_EQ(out.shape, (std::vector<int64_t>{2, 1}));
    EXPECT_EQ(out.values, (std::vector<double>{6, 15}));
  }
  {
    OpBuilder b;
    std::vector<int32_t> dims = {0};
    const auto& op = b.finish(ttnn::OpType::ReductionOp,
                              ttnn::CreateReductionOpDirect(b.fbb(), ttnn::ReductionOpType::Mean,
                                                            b.ref({2, 3}), b.ref({3}), &dims, false)
                                  .Union());
    RefTensor out = evaluate_one(op, {in});
    EXPECT_EQ(out.shape, (std::vector<int64_t>{3}));
    EXPECT_EQ(out.values, (std::vector<double>{2.5, 3.5, 4.5}));
  }
  {
    OpBuilder b;  // empty dim_arg: all dims
    const auto& op =
        b.finish(ttnn::OpType::ReductionOp,
                 ttnn::CreateReductionOpDirect(b.fbb(), ttnn::ReductionOpType::Max, b.ref({2, 3}),
                                               b.ref({}), nullptr, false)
                     .Union());
    RefTensor out = evaluate_one(op, {in});
    EXPECT_TRUE(out.shape.empty());
    EXPECT_EQ(out.values, (std::vector<double>{6}));
  }
}

TEST(ReferenceEvaluator, SoftmaxOverLastDim) {
  OpBuilder b;
  const auto& op =
      b.finish(ttnn::OpType::SoftmaxOp,
               ttnn::CreateSoftmaxOp(b.fbb(), b.ref({1, 2}), b.ref({1, 2}), -1).Union());
  RefTensor out = evaluate_one(op, {{{1, 2}, {0.0, std::log(3.0)}}});
  EXPECT_NEAR(out.values[0], 0.25, 1e-7);
  EXPECT_NEAR(out.values[1], 0.75, 1e-7);
}

TEST(ReferenceEvaluator, BatchedMatmulBroadcastsBatchDims) {
  OpBuilder b;
  const auto& op = b.finish(
      ttnn::OpType::MatmulOp,
      ttnn::CreateMatmulOp(b.fbb(), b.ref({2, 1, 2}), b.ref({2, 1}), b.ref({2, 1, 1})).Union());
  RefTensor out = evaluate_one(op, {{{2, 1, 2}, {1, 2, 3, 4}}, {{2, 1}, {10, 1}}});
  EXPECT_EQ(out.shape, (std::vector<int64_t>{2, 1, 1}));
  EXPECT_EQ(out.values, (std::vector<double>{12, 34}));
}

TEST(ReferenceEvaluator, LinearAddsBias) {
  OpBuilder b;
  const auto& op = b.finish(
      ttnn::OpType::LinearOp,
      ttnn::CreateLinearOp(b.fbb(), b.ref({1, 2}), b.ref({2, 2}), b.ref({1, 2}), b.ref({1, 2}))
          .Union());
  RefTensor out = evaluate_one(op, {{{1, 2}, {1, 2}}, {{2, 2}, {1, 0, 0, 1}}, {{2}, {10, 20}}});
  EXPECT_EQ(out.values, (std::vector<double>{11, 22}));
}

TEST(ReferenceEvaluator, LinearWithoutBiasTakesTwoOperands) {
  OpBuilder b;
  const auto& op = b.finish(
      ttnn::OpType::LinearOp,
      ttnn::CreateLinearOp(b.fbb(), b.ref({1, 2}), b.ref({2, 1}), 0, b.ref({1, 1})).Union());
  RefTensor out = evaluate_one(op, {{{1, 2}, {3, 4}}, {{2, 1}, {1, 1}}});
  EXPECT_EQ(out.values, (std::vector<double>{7}));
}

TEST(ReferenceEvaluator, Conv2dOnFlattenedNhwc) {
  // One 3x3 image, one channel in, two out; 2x2 kernel, no padding -> 2x2.
  OpBuilder b;
  const auto& op = b.finish(
      ttnn::OpType::Conv2dOp,
      ttnn::CreateConv2dOp(b.fbb(), b.ref({1, 1, 9, 1}), b.ref({2, 1, 2, 2}), b.ref({1, 1, 1, 2}),
                           b.ref({1, 1, 4, 2}), 1, 2, 1, 3, 3, 2, 2, 1, 1, 0, 0, 1, 1, 1)
          .Union());
  RefTensor image{{1, 1, 9, 1}, {1, 2, 3, 4, 5, 6, 7, 8, 9}};
  RefTensor weight{{2, 1, 2, 2}, {1, 0, 0, 0, /* second filter: sum */ 1, 1, 1, 1}};
  RefTensor bias{{1, 1, 1, 2}, {0, 100}};
  RefTensor out = evaluate_one(op, {image, weight, bias});
  EXPECT_EQ(out.shape, (std::vector<int64_t>{1, 1, 4, 2}));
  EXPECT_EQ(out.values, (std::vector<double>{1, 112, 2, 116, 4, 124, 5, 128}));
}

TEST(ReferenceEvaluator, MaxPoolPadsWithNegativeInfinity) {
  OpBuilder b;
  const auto& op =
      b.finish(ttnn::OpType::MaxPool2dOp,
               ttnn::CreateMaxPool2dOp(b.fbb(), b.ref({1, 1, 4, 1}), b.ref({1, 1, 4, 1}), 1, 2, 2,
                                       1, 2, 2, 2, 2, 1, 1, 1, 1)
                   .Union());
  RefTensor out = evaluate_one(op, {{{1, 1, 4, 1}, {-5, -6, -7, -8}}});
  // Padding never wins, even against negative values.
  EXPECT_EQ(out.values, (std::vector<double>{-5, -6, -7, -8}));
}

TEST(ReferenceEvaluator, EmbeddingGathersRows) {
  OpBuilder b;
  const auto& op = b.finish(
      ttnn::OpType::EmbeddingOp,
      ttnn::CreateEmbeddingOp(b.fbb(), b.ref({1, 2}), b.ref({3, 2}), b.ref({1, 2, 2})).Union());
  RefTensor out = evaluate_one(op, {{{1, 2}, {2, 0}}, {{3, 2}, {1, 2, 3, 4, 5, 6}}});
  EXPECT_EQ(out.shape, (std::vector<int64_t>{1, 2, 2}));
  EXPECT_EQ(out.values, (std::vector<double>{5, 6, 1, 2}));
}

TEST(ReferenceEvaluator, DataMovement) {
  RefTensor in{{2, 3}, {1, 2, 3, 4, 5, 6}};
  {
    OpBuilder b;
    std::vector<int64_t> permutation = {1, 0};
    const auto& op = b.finish(
        ttnn::OpType::PermuteOp,
        ttnn::CreatePermuteOpDirect(b.fbb(), b.ref({2, 3}), b.ref({3, 2}), &permutation).Union());
    EXPECT_EQ(evaluate_one(op, {in}).values, (std::vector<double>{1, 4, 2, 5, 3, 6}));
  }
  {
    OpBuilder b;
    const auto& op =
        b.finish(ttnn::OpType::TransposeOp,
                 ttnn::CreateTransposeOp(b.fbb(), b.ref({2, 3}), b.ref({3, 2}), 0, -1).Union());
    EXPECT_EQ(evaluate_one(op, {in}).values, (std::vector<double>{1, 4, 2, 5, 3, 6}));
  }
  {
    OpBuilder b;
    std::vector<int64_t> begins = {0, 0}, ends = {2, 3}, step = {1, 2};
    const auto& op = b.finish(
        ttnn::OpType::SliceOp,
        ttnn::CreateSliceOpDirect(b.fbb(), b.ref({2, 3}), b.ref({2, 2}), &begins, &ends, &step)
            .Union());
    RefTensor out = evaluate_one(op, {in});
    EXPECT_EQ(out.shape, (std::vector<int64_t>{2, 2}));
    EXPECT_EQ(out.values, (std::vector<double>{1, 3, 4, 6}));
  }
  {
    OpBuilder b;
    std::vector<flatbuffers::Offset<target::TensorRef>> ins = {b.ref({2, 3}), b.ref({2, 1})};
    const auto& op = b.finish(ttnn::OpType::ConcatOp,
                              ttnn::CreateConcatOpDirect(b.fbb(), &ins, b.ref({2, 4}), 1).Union());
    RefTensor out = evaluate_one(op, {in, {{2, 1}, {7, 8}}});
    EXPECT_EQ(out.values, (std::vector<double>{1, 2, 3, 7, 4, 5, 6, 8}));
  }
  {
    OpBuilder b;
    std::vector<int32_t> shape = {3, -1};
    const auto& op = b.finish(
        ttnn::OpType::ReshapeOp,
        ttnn::CreateReshapeOpDirect(b.fbb(), b.ref({2, 3}), b.ref({3, 2}), &shape).Union());
    EXPECT_EQ(evaluate_one(op, {in}).shape, (std::vector<int64_t>{3, 2}));
  }
}

TEST(ReferenceEvaluator, FullAndDeviceOps) {
  {
    OpBuilder b;
    auto device = target::CreateDeviceRef(b.fbb(), 0);
    const auto& op = b.finish(ttnn::OpType::FullOp,
                              ttnn::CreateFullOp(b.fbb(), device, 2.5f, b.ref({2, 2})).Union());
    RefTensor out = evaluate_one(op, {});
    EXPECT_EQ(out.values, (std::vector<double>{2.5, 2.5, 2.5, 2.5}));
  }
  {
    OpBuilder b;
    auto device = target::CreateDeviceRef(b.fbb(), 0);
    const auto& op =
        b.finish(ttnn::OpType::CloseDeviceOp, ttnn::CreateCloseDeviceOp(b.fbb(), device).Union());
    auto result = evaluate_ttnn_operation(op, {});
    ASSERT_TRUE(result.ok());
    EXPECT_TRUE(result->empty());
  }
}

TEST(ReferenceEvaluator, WrongOperandCountIsAnError) {
  OpBuilder b;
  const auto& op =
      b.finish(ttnn::OpType::MatmulOp,
               ttnn::CreateMatmulOp(b.fbb(), b.ref({1, 1}), b.ref({1, 1}), b.ref({1, 1})).Union());
  std::vector<RefTensor> ins = {{{1, 1}, {1}}};
  auto result = evaluate_ttnn_operation(op, ins);
  ASSERT_FALSE(result.ok());
  EXPECT_NE(result.error().describe().find("takes 2 tensor operands"), std::string::npos);
}

}  // namespace
}  // namespace tessera::builder
