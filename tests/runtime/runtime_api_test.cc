// The runtime API's small pieces: runtime selection, host copies, and
// tensor handles that carry their runtime.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "../support/example_binaries.h"
#include "tessera/format/generated.h"
#include "tessera/runtime/binary.h"
#include "tessera/runtime/tensor.h"

namespace tessera::runtime {
namespace {

using ::testing::HasSubstr;

TensorInfo four_floats() {
  TensorInfo info;
  info.global_id = 1;
  info.shape = {4};
  info.data_type = runtime::DataType::kFloat32;
  info.element_size = 4;
  info.size_bytes = 16;
  return info;
}

TEST(RuntimeApiTest, SetCompatibleRuntimeFollowsTheBinary) {
  auto ttnn = Binary::load_memory(
      testing::example_binary("eltwise_add.ttnn.json", format::BinaryKind::kTtnn), "a.ttnn");
  auto metal = Binary::load_memory(
      testing::example_binary("eltwise_multiply.ttm.json", format::BinaryKind::kMetal), "m.ttm");
  ASSERT_TRUE(ttnn.ok() && metal.ok());
  set_compatible_runtime(*ttnn);
  EXPECT_EQ(current_runtime(), Runtime::kTtnn);
  set_compatible_runtime(*metal);
  EXPECT_EQ(current_runtime(), Runtime::kTtmetal);
  EXPECT_EQ(available_runtimes().size(), 2u);
}

TEST(RuntimeApiTest, ToHostDetachesBorrowedMemory) {
  std::vector<uint8_t> memory(16, 7);
  auto borrowed = Tensor::create_borrowed(four_floats(), memory, Runtime::kTtnn);
  ASSERT_TRUE(borrowed.ok());
  auto copy = to_host(*borrowed, Runtime::kTtnn);
  ASSERT_TRUE(copy.ok());
  memory[0] = 9;
  EXPECT_EQ(copy->bytes()[0], 7);
  auto wrong = to_host(*borrowed, Runtime::kTtmetal);
  ASSERT_FALSE(wrong.ok());
  EXPECT_THAT(wrong.error().describe(), HasSubstr("TTNN"));
  EXPECT_THAT(wrong.error().describe(), HasSubstr("TTMetal"));
}

TEST(RuntimeApiTest, CopyTensorChecksRuntimeAndSize) {
  std::vector<uint8_t> bytes(16, 3);
  auto src = Tensor::create_from_bytes(four_floats(), bytes, Runtime::kTtmetal);
  auto dst = Tensor::create_owned(four_floats(), Runtime::kTtmetal);
  ASSERT_TRUE(src.ok() && dst.ok());
  ASSERT_TRUE(copy_tensor(*src, *dst).ok());
  EXPECT_EQ(dst->bytes()[15], 3);
  auto other = Tensor::create_owned(four_floats(), Runtime::kTtnn);
  EXPECT_THAT(copy_tensor(*src, *other).error().describe(), HasSubstr("TTNN"));
  TensorInfo small = four_floats();
  small.shape = {2};
  small.size_bytes = 8;
  auto little = Tensor::create_owned(small, Runtime::kTtmetal);
  EXPECT_THAT(copy_tensor(*src, *little).error().describe(), HasSubstr("sizes differ"));
}

}  // namespace
}  // namespace tessera::runtime
