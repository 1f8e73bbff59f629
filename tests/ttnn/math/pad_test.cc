#include "tessera/ttnn/math/pad.h"

#include <gtest/gtest.h>

#include <vector>

namespace tessera::ttnn::math {
namespace {

TEST(TtnnMathPad, PadsEachDimBeforeAndAfter) {
  auto in = Tensor::from_values({2, 2}, std::vector<float>{1, 2, 3, 4});
  ASSERT_TRUE(in.ok());
  const std::vector<uint32_t> padding = {1, 0, 0, 2};
  auto out = pad(in->view(), padding, 9.0f);
  ASSERT_TRUE(out.ok()) << out.error().describe();
  EXPECT_EQ(out->shape(), Shape({3, 4}));
  EXPECT_EQ(out->to_vector(), (std::vector<float>{9, 9, 9, 9, 1, 2, 9, 9, 3, 4, 9, 9}));
}

TEST(TtnnMathPad, NoPaddingIsACopyAndEmptyInputsGiveOnlyTheValue) {
  auto in = Tensor::from_values({3}, std::vector<float>{5, 6, 7});
  auto same = pad(in->view(), std::vector<uint32_t>{0, 0}, 1.0f);
  EXPECT_EQ(same->to_vector(), in->to_vector());
  Tensor empty = Tensor::filled({0, 2}, 0.0f);
  auto grown = pad(empty.view(), std::vector<uint32_t>{1, 0, 0, 1}, 4.0f);
  ASSERT_TRUE(grown.ok());
  EXPECT_EQ(grown->shape(), Shape({1, 3}));
  EXPECT_EQ(grown->to_vector(), (std::vector<float>{4, 4, 4}));
}

TEST(TtnnMathPad, WrongPaddingLengthSaysWhatItNeeds) {
  Tensor in = Tensor::filled({2, 2}, 0.0f);
  auto out = pad(in.view(), std::vector<uint32_t>{1, 1}, 0.0f);
  ASSERT_FALSE(out.ok());
  EXPECT_NE(out.error().message().find("needs 4 padding values"), std::string::npos);
}

}  // namespace
}  // namespace tessera::ttnn::math
