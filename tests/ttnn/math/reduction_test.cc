#include "tessera/ttnn/math/reduction.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "reference.h"

namespace tessera::ttnn::math {
namespace {

using testing::expect_matches;
using testing::random_tensor;
using testing::unravel;

// Naive float64 reduction: every input element folds into its output slot.
std::vector<double> reference(ReduceOp op, const Tensor& in, std::vector<int64_t> dims) {
  const int rank = in.shape().rank();
  std::vector<bool> reduced(rank, dims.empty());
  for (int64_t d : dims) reduced[d < 0 ? d + rank : d] = true;
  std::vector<int64_t> out_dims;
  for (int d = 0; d < rank; ++d) out_dims.push_back(reduced[d] ? 1 : in.shape()[d]);
  const Shape out_shape(out_dims);
  const double init = op == ReduceOp::kMax ? -INFINITY : 0.0;
  std::vector<double> acc(out_shape.numel(), init);
  int64_t count = 1;
  for (int d = 0; d < rank; ++d) count *= reduced[d] ? in.shape()[d] : 1;
  for (int64_t i = 0; i < in.numel(); ++i) {
    auto index = unravel(i, in.shape());
    int64_t o = 0;
    for (int d = 0; d < rank; ++d) o = o * out_shape[d] + (reduced[d] ? 0 : index[d]);
    const double v = in.data()[i];
    acc[o] = op == ReduceOp::kMax ? std::max(acc[o], v) : acc[o] + v;
  }
  if (op == ReduceOp::kMean) {
    for (double& v : acc) v /= count;
  }
  return acc;
}

TEST(TtnnMathReduce, MatchesFloat64ReferenceOverDimLists) {
  const Tensor in = random_tensor({3, 37, 5, 33}, 11);
  const std::vector<std::vector<int64_t>> dim_lists = {{},       {0}, {-1},         {1, 3}, {0, 2},
                                                       {-1, -3}, {2}, {0, 1, 2, 3}, {3, 0}, {1, 2}};
  for (ReduceOp op : {ReduceOp::kSum, ReduceOp::kMean, ReduceOp::kMax}) {
    for (const auto& dims : dim_lists) {
      for (bool keep_dim : {false, true}) {
        SCOPED_TRACE(std::string(reduce_op_name(op)) + " dims " + Shape(dims).to_string() +
                     (keep_dim ? " keep" : ""));
        auto out = reduce(op, in.view(), dims, keep_dim);
        ASSERT_TRUE(out.ok()) << out.error().describe();
        const auto expected = reference(op, in, dims);
        ASSERT_EQ(out->numel(), static_cast<int64_t>(expected.size()));
        expect_matches(out->span(), expected, op == ReduceOp::kSum ? 2e-5 : 1e-6, 1e-6);
      }
    }
  }
}

TEST(TtnnMathReduce, OutputShapes) {
  const Shape in{2, 3, 4};
  const std::vector<int64_t> last{-1};
  const std::vector<int64_t> ends{0, 2};
  EXPECT_EQ(*reduce_output_shape(ReduceOp::kSum, in, last, false), (Shape{2, 3}));
  EXPECT_EQ(*reduce_output_shape(ReduceOp::kSum, in, last, true), (Shape{2, 3, 1}));
  EXPECT_EQ(*reduce_output_shape(ReduceOp::kMean, in, ends, false), (Shape{3}));
  EXPECT_EQ(*reduce_output_shape(ReduceOp::kMax, in, {}, false), (Shape{}));
  EXPECT_EQ(*reduce_output_shape(ReduceOp::kMax, in, {}, true), (Shape{1, 1, 1}));
}

TEST(TtnnMathReduce, LargeRowsAndColumns) {
  const Tensor in = random_tensor({1000, 1031}, 12);
  for (int64_t dim : {0, 1}) {
    const std::vector<int64_t> dims{dim};
    auto out = reduce(ReduceOp::kSum, in.view(), dims, false);
    ASSERT_TRUE(out.ok());
    expect_matches(out->span(), reference(ReduceOp::kSum, in, dims), 1e-4, 1e-5);
  }
}

TEST(TtnnMathReduce, EmptyReductions) {
  const Tensor in = Tensor::uninitialized({3, 0});
  const std::vector<int64_t> dims{1};
  auto sum = reduce(ReduceOp::kSum, in.view(), dims, false);
  ASSERT_TRUE(sum.ok());
  EXPECT_EQ(sum->to_vector(), (std::vector<float>{0, 0, 0}));
  auto mean = reduce(ReduceOp::kMean, in.view(), dims, false);
  EXPECT_TRUE(std::isnan(mean->data()[0]));
  EXPECT_ERROR_CONTAINS(reduce(ReduceOp::kMax, in.view(), dims, false),
                        "max: cannot reduce over an empty dim: dim 1 of shape [3, 0] has size 0");
}

TEST(TtnnMathReduce, MaxPropagatesNan) {
  const Tensor in = testing::tensor_of({2, 9}, {1, 2, 3, 4, 5, 6, 7, 8, 9,  //
                                                1, 2, NAN, 4, 5, 6, 7, 8, 9});
  const std::vector<int64_t> dims{1};
  auto out = reduce(ReduceOp::kMax, in.view(), dims, false);
  EXPECT_EQ(out->data()[0], 9.0f);
  EXPECT_TRUE(std::isnan(out->data()[1]));
}

TEST(TtnnMathReduce, DimErrors) {
  const Tensor in = random_tensor({2, 3}, 1);
  const std::vector<int64_t> repeated{1, -1};
  EXPECT_ERROR_CONTAINS(reduce(ReduceOp::kSum, in.view(), repeated, false),
                        "sum: dim 1 is listed more than once");
  const std::vector<int64_t> out_of_range{2};
  EXPECT_ERROR_CONTAINS(reduce(ReduceOp::kMean, in.view(), out_of_range, false),
                        "mean: dim 2 is out of range for a tensor of rank 2");
}

}  // namespace
}  // namespace tessera::ttnn::math
