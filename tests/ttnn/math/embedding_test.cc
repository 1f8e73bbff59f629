#include "tessera/ttnn/math/embedding.h"

#include <gtest/gtest.h>

#include <cmath>

#include "reference.h"

namespace tessera::ttnn::math {
namespace {

TEST(TtnnMathEmbedding, GathersRows) {
  const Tensor weight = testing::random_tensor({50, 37}, 71);
  std::vector<float> ids;
  for (int i = 0; i < 2 * 33; ++i) ids.push_back(static_cast<float>((i * 7) % 50));
  const Tensor indices = testing::tensor_of({2, 33}, ids);
  auto out = embedding(indices.view(), weight.view());
  ASSERT_TRUE(out.ok()) << out.error().describe();
  ASSERT_EQ(out->shape(), (Shape{2, 33, 37}));
  for (int64_t i = 0; i < 66; ++i) {
    for (int64_t j = 0; j < 37; ++j) {
      ASSERT_EQ(out->data()[i * 37 + j], weight.data()[static_cast<int64_t>(ids[i]) * 37 + j]);
    }
  }
}

TEST(TtnnMathEmbedding, Errors) {
  const Tensor weight = testing::random_tensor({10, 4}, 72);
  EXPECT_ERROR_CONTAINS(embedding(testing::tensor_of({3}, {1, 10, 2}).view(), weight.view()),
                        "embedding: index 10 at flat position 1 of indices [3] is out of range: "
                        "the weight has 10 rows (valid 0..9)");
  EXPECT_ERROR_CONTAINS(embedding(testing::tensor_of({2}, {-1, 0}).view(), weight.view()),
                        "index -1 at flat position 0");
  EXPECT_ERROR_CONTAINS(embedding(testing::tensor_of({2}, {0, 2.5f}).view(), weight.view()),
                        "embedding: index 2.5 at flat position 1 of indices [2] is not an integer");
  EXPECT_ERROR_CONTAINS(embedding(testing::tensor_of({1}, {NAN}).view(), weight.view()),
                        "is not an integer");
  const Tensor flat = testing::random_tensor({10}, 73);
  EXPECT_ERROR_CONTAINS(embedding(testing::tensor_of({1}, {0}).view(), flat.view()),
                        "embedding: weight must be 2-D [num_embeddings, dim], got shape [10]");
}

}  // namespace
}  // namespace tessera::ttnn::math
