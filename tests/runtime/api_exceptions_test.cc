// No exception crosses the runtime API: what a submit throws (here, from the
// caller's own op hook, the way a host array's allocation throws
// std::bad_alloc) comes back as an error value, and the device stays usable.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <new>
#include <stdexcept>
#include <string>
#include <vector>

#include "tessera/runtime/binary.h"
#include "tessera/runtime/device.h"
#include "tessera/runtime/submit.h"
#include "tessera/runtime/tensor.h"

namespace tessera::runtime {
namespace {

using ::testing::HasSubstr;

class ApiExceptionsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto loaded = Binary::load(std::string(TESSERA_BINARY_DIR) + "/examples/mlp.ttnn");
    ASSERT_TRUE(loaded.ok()) << loaded.error().describe();
    binary_ = std::move(loaded).value();
    auto infos = binary_->program_inputs(0);
    ASSERT_TRUE(infos.ok()) << infos.error().describe();
    for (const TensorInfo& info : *infos) {
      auto tensor = Tensor::create_owned(info, binary_->runtime());
      ASSERT_TRUE(tensor.ok()) << tensor.error().describe();
      inputs_.push_back(std::move(tensor).value());
    }
    auto opened = open_device(DeviceOptions{});
    ASSERT_TRUE(opened.ok()) << opened.error().describe();
    device_ = std::move(opened).value();
  }
  void TearDown() override {
    if (device_.valid()) (void)close_device(device_);
  }

  Result<SubmitResult> submit_with(OpHook hook) {
    SubmitOptions options;
    options.after_op = std::move(hook);
    return submit(device_, *binary_, 0, inputs_, options);
  }

  std::optional<Binary> binary_;
  std::vector<Tensor> inputs_;
  Device device_;
};

TEST_F(ApiExceptionsTest, BadAllocIsAnOutOfMemoryError) {
  auto result = submit_with([](const OpContext&) -> Status { throw std::bad_alloc(); });
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error().code(), ErrorCode::kOutOfMemory);
  EXPECT_THAT(result.error().describe(), HasSubstr("submit: out of host memory"));
}

TEST_F(ApiExceptionsTest, OtherExceptionsAreInternalErrorsWithTheirText) {
  auto result = submit_with([](const OpContext& op) -> Status {
    if (op.op_index() == 1) throw std::runtime_error("hook broke");
    return ok_status();
  });
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error().code(), ErrorCode::kInternal);
  EXPECT_THAT(result.error().describe(), HasSubstr("unexpected exception: hook broke"));
}

TEST_F(ApiExceptionsTest, TheDeviceRunsAgainAfterAThrowingSubmit) {
  auto thrown = submit_with([](const OpContext&) -> Status { throw 42; });
  ASSERT_FALSE(thrown.ok());
  EXPECT_THAT(thrown.error().describe(), HasSubstr("unknown type"));
  auto again = submit(device_, *binary_, 0, inputs_);
  ASSERT_TRUE(again.ok()) << again.error().describe();
  EXPECT_TRUE(wait(again->event, binary_->runtime()).ok());
}

}  // namespace
}  // namespace tessera::runtime
