// TTM0 binaries whose EnqueueProgram commands run real kernels: the example
// eltwise multiply (baseline fields only) through the runtime API.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstring>

#include "../support/example_binaries.h"
#include "tessera/runtime/internal/binary_access.h"
#include "tessera/runtime/internal/device_access.h"
#include "tessera/runtime/submit.h"

namespace tessera::runtime {
namespace {

using ::testing::HasSubstr;

std::vector<float> values(size_t count, float scale, float offset) {
  std::vector<float> data(count);
  for (size_t i = 0; i < count; ++i) data[i] = scale * static_cast<float>(i % 97) + offset;
  return data;
}

Tensor host_tensor(const TensorInfo& info, const std::vector<float>& data) {
  std::span<const uint8_t> bytes(reinterpret_cast<const uint8_t*>(data.data()),
                                 data.size() * sizeof(float));
  auto tensor = Tensor::create_from_bytes(info, bytes, Runtime::kTtmetal);
  EXPECT_TRUE(tensor.ok()) << tensor.error().describe();
  return *tensor;
}

class MetalKernelProgramTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto opened = open_device({});
    ASSERT_TRUE(opened.ok()) << opened.error().describe();
    device = *opened;
    auto loaded = Binary::load_memory(
        testing::example_binary("eltwise_multiply.ttm.json", format::BinaryKind::kMetal,
                                format::SchemaHashStamp::kLeaveAsIs),
        "eltwise_multiply.ttm");
    ASSERT_TRUE(loaded.ok()) << loaded.error().describe();
    binary = *loaded;
  }
  void TearDown() override {
    auto report = close_device(device);
    ASSERT_TRUE(report.ok());
    EXPECT_TRUE(report->empty());
  }

  Device device;
  Binary binary = *Binary::load_memory(
      testing::example_binary("eltwise_multiply.ttm.json", format::BinaryKind::kMetal));
};

TEST_F(MetalKernelProgramTest, BaselineEltwiseMultiplyRunsItsKernels) {
  auto inputs = binary.program_inputs(0);
  ASSERT_TRUE(inputs.ok());
  ASSERT_EQ(inputs->size(), 2u);
  std::vector<float> lhs = values(1024, 0.25f, -3.0f);
  std::vector<float> rhs = values(1024, -0.5f, 7.0f);
  std::vector<Tensor> tensors = {host_tensor((*inputs)[0], lhs), host_tensor((*inputs)[1], rhs)};
  // Several submits: compiled kernels are reused, nothing leaks.
  for (int submit_index = 0; submit_index < 3; ++submit_index) {
    auto result = submit(device, binary, 0, tensors);
    ASSERT_TRUE(result.ok()) << result.error().describe();
    EXPECT_TRUE(result->leaks.empty());
    ASSERT_EQ(result->outputs.size(), 1u);
    std::vector<float> out(1024);
    std::memcpy(out.data(), result->outputs[0].bytes().data(), 4096);
    for (size_t i = 0; i < out.size(); ++i) {
      ASSERT_EQ(out[i], lhs[i] * rhs[i]) << "element " << i;
    }
  }
}

// The program a binary's EnqueueProgramCommand builds is kept by the device
// after its first run and run again from there, on each submit's data.
TEST_F(MetalKernelProgramTest, LaterSubmitsRunTheProgramTheDeviceKept) {
  auto metal = metal_device(device, 0);
  ASSERT_TRUE(metal.ok());
  metal::ProgramCache& cache = (*metal)->program_cache();
  const std::size_t hits = cache.hits();
  auto inputs = binary.program_inputs(0);
  ASSERT_TRUE(inputs.ok());
  for (int submit_index = 0; submit_index < 3; ++submit_index) {
    std::vector<float> lhs = values(1024, 0.5f * submit_index, 1.0f);
    std::vector<float> rhs = values(1024, -0.25f, 2.0f + submit_index);
    std::vector<Tensor> tensors = {host_tensor((*inputs)[0], lhs), host_tensor((*inputs)[1], rhs)};
    auto result = submit(device, binary, 0, tensors);
    ASSERT_TRUE(result.ok()) << result.error().describe();
    std::vector<float> out(1024);
    std::memcpy(out.data(), result->outputs[0].bytes().data(), 4096);
    for (size_t i = 0; i < out.size(); ++i) {
      ASSERT_EQ(out[i], lhs[i] * rhs[i]) << "submit " << submit_index << ", element " << i;
    }
  }
  EXPECT_EQ(cache.size(), 1u);
  EXPECT_EQ(cache.hits(), hits + 2);
}

// A program is kept for its binary, not for the bytes it came from: a
// binary loaded again (perhaps where a freed one was) builds its own.
TEST_F(MetalKernelProgramTest, EachLoadedBinaryKeepsItsOwnPrograms) {
  auto again = Binary::load_memory(
      testing::example_binary("eltwise_multiply.ttm.json", format::BinaryKind::kMetal,
                              format::SchemaHashStamp::kLeaveAsIs),
      "eltwise_multiply.ttm");
  ASSERT_TRUE(again.ok());
  EXPECT_NE(BinaryAccess::serial(binary), BinaryAccess::serial(*again));
  Binary copy = binary;
  EXPECT_EQ(BinaryAccess::serial(binary), BinaryAccess::serial(copy));
  auto inputs = binary.program_inputs(0);
  std::vector<Tensor> tensors = {host_tensor((*inputs)[0], values(1024, 1, 0)),
                                 host_tensor((*inputs)[1], values(1024, 1, 0))};
  ASSERT_TRUE(submit(device, binary, 0, tensors).ok());
  ASSERT_TRUE(submit(device, *again, 0, tensors).ok());
  ASSERT_TRUE(submit(device, copy, 0, tensors).ok());
  auto metal = metal_device(device, 0);
  ASSERT_TRUE(metal.ok());
  EXPECT_EQ((*metal)->program_cache().size(), 2u);
}

TEST_F(MetalKernelProgramTest, KernelErrorsNameTheCommandAndTheDeviceStaysUsable) {
  // The same binary with the reader's read pointed at an address no buffer covers.
  std::string json = testing::example_json("eltwise_multiply.ttm.json");
  std::string from = "constexpr uint32_t lhs_address = 0x40000;";
  size_t at = json.find(from);
  ASSERT_NE(at, std::string::npos);
  json.replace(at, from.size(), "constexpr uint32_t lhs_address = 0x90000;");
  auto bytes = format::json_to_binary(json, format::BinaryKind::kMetal);
  ASSERT_TRUE(bytes.ok());
  auto broken = Binary::load_memory(*bytes, "broken.ttm");
  ASSERT_TRUE(broken.ok());
  auto inputs = binary.program_inputs(0);
  std::vector<Tensor> tensors = {host_tensor((*inputs)[0], values(1024, 1, 0)),
                                 host_tensor((*inputs)[1], values(1024, 1, 0))};
  auto failed = submit(device, *broken, 0, tensors);
  ASSERT_FALSE(failed.ok());
  std::string message = failed.error().describe();
  EXPECT_THAT(message, HasSubstr("broken.ttm: program 0 'eltwise_multiply'"));
  EXPECT_THAT(message, HasSubstr("0x90000"));
  // Every level names itself: device program, queue, the binary's command,
  // the hardware queue's command it became, and the kernel.
  EXPECT_THAT(message, HasSubstr("program 0 'eltwise_multiply': device program 0: queue 0 'cq0': "
                                 "command 8 (EnqueueProgramCommand): device 0: command queue 0: "));
  EXPECT_THAT(message, HasSubstr("(EnqueueProgram cq0_program) for command 8 "
                                 "(EnqueueProgramCommand)"));
  EXPECT_THAT(message, HasSubstr("program 'cq0_program'"));
  // The device is still usable: the good binary runs next.
  auto result = submit(device, binary, 0, tensors);
  EXPECT_TRUE(result.ok()) << result.error().describe();
}

}  // namespace
}  // namespace tessera::runtime
