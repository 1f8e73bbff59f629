// Soak: many submits of one TTM0 binary (kernels, buffers, transfers) on
// one device. Nothing may accumulate: every submit frees its buffers, and
// the process's resident memory stays flat once warm.
//
// Built twice: TESSERA_SOAK_SUBMITS=10000 (label `long`) and a 300-submit
// variant in the unit suite.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>

#include "../support/address_sanitizer.h"
#include "../support/example_binaries.h"
#include "tessera/format/json.h"
#include "tessera/runtime/internal/device_access.h"
#include "tessera/runtime/submit.h"

#ifndef TESSERA_SOAK_SUBMITS
#define TESSERA_SOAK_SUBMITS 10000
#endif

namespace tessera::runtime {
namespace {

constexpr int kSubmits = TESSERA_SOAK_SUBMITS;
// Submits before the baseline: kernel cache, allocator and queue buffers
// are warm by then.
constexpr int kWarmSubmits = kSubmits < 1000 ? kSubmits / 3 : 500;
// Growth allowed after warm-up: measured at +64 KiB over 9,500 submits;
// the bound leaves room for malloc's arenas to vary.
constexpr int64_t kMaxGrowthBytes = 1 << 20;

// AddressSanitizer keeps freed memory in quarantine: resident memory grows
// by design there, so only the buffer checks apply.
constexpr bool kCheckResidentMemory = !tessera::testing::kAddressSanitizer;

int64_t resident_bytes() {
  std::FILE* statm = std::fopen("/proc/self/statm", "r");
  if (!statm) return -1;
  long long size = 0, resident = 0;
  int read = std::fscanf(statm, "%lld %lld", &size, &resident);
  std::fclose(statm);
  return read == 2 ? resident * sysconf(_SC_PAGESIZE) : -1;
}

Tensor float_input(const TensorInfo& info, float scale) {
  std::vector<float> data(info.size_bytes / sizeof(float));
  for (size_t i = 0; i < data.size(); ++i) data[i] = scale * static_cast<float>(i % 61);
  std::span<const uint8_t> bytes(reinterpret_cast<const uint8_t*>(data.data()),
                                 data.size() * sizeof(float));
  return *Tensor::create_from_bytes(info, bytes, Runtime::kTtmetal);
}

TEST(MetalSoakTest, RepeatedSubmitsLeakNeitherBuffersNorMemory) {
  auto opened = open_device({});
  ASSERT_TRUE(opened.ok()) << opened.error().describe();
  Device device = *opened;
  auto chip = metal_device(device, 0);
  ASSERT_TRUE(chip.ok());
  auto binary = Binary::load_memory(
      testing::example_binary("eltwise_multiply.ttm.json", format::BinaryKind::kMetal),
      "eltwise_multiply.ttm");
  ASSERT_TRUE(binary.ok()) << binary.error().describe();
  auto infos = binary->program_inputs(0);
  ASSERT_TRUE(infos.ok());
  std::vector<Tensor> inputs = {float_input((*infos)[0], 0.5f), float_input((*infos)[1], -2.0f)};
  std::vector<float> expected(inputs[0].bytes().size() / sizeof(float));
  for (size_t i = 0; i < expected.size(); ++i) {
    expected[i] = (0.5f * static_cast<float>(i % 61)) * (-2.0f * static_cast<float>(i % 61));
  }

  int64_t warm_rss = 0;
  for (int index = 0; index < kSubmits; ++index) {
    auto result = submit(device, *binary, 0, inputs);
    ASSERT_TRUE(result.ok()) << "submit " << index << ": " << result.error().describe();
    ASSERT_TRUE(wait(result->event, Runtime::kTtmetal).ok());
    ASSERT_TRUE(result->leaks.empty()) << "submit " << index << ": " << result->leaks.front();
    ASSERT_EQ((*chip)->chip()->buffers().live_buffers().size(), 0u) << "after submit " << index;
    if (index % 100 == 0) {
      ASSERT_EQ(result->outputs.size(), 1u);
      ASSERT_EQ(std::memcmp(result->outputs[0].bytes().data(), expected.data(),
                            expected.size() * sizeof(float)),
                0)
          << "wrong output at submit " << index;
    }
    if (index + 1 == kWarmSubmits) warm_rss = resident_bytes();
  }
  int64_t final_rss = resident_bytes();
  ASSERT_GT(warm_rss, 0);
  std::printf("resident after %d submits: %lld KiB; after %d: %lld KiB (%+lld KiB)\n", kWarmSubmits,
              static_cast<long long>(warm_rss >> 10), kSubmits,
              static_cast<long long>(final_rss >> 10),
              static_cast<long long>((final_rss - warm_rss) / 1024));
  if (kCheckResidentMemory) {
    EXPECT_LE(final_rss - warm_rss, kMaxGrowthBytes);
  }
  auto closed = close_device(device);
  ASSERT_TRUE(closed.ok());
  EXPECT_TRUE(closed->empty());
}

// The conformance corpus's add_l1, as the 2024 compiler wrote it: every
// submit creates its inputs and output at their addresses, fills, reads back
// and frees them. At least 1,000 submits.
TEST(MetalSoakTest, RuntimeCreatedInputsAndOutputsLeaveNothingBehind) {
  constexpr int kConformanceSubmits = kSubmits < 1000 ? 1000 : kSubmits;
  constexpr int kConformanceWarm = kConformanceSubmits / 4;
  auto opened = open_device({});
  ASSERT_TRUE(opened.ok()) << opened.error().describe();
  Device device = *opened;
  auto chip = metal_device(device, 0);
  ASSERT_TRUE(chip.ok());
  std::string json =
      testing::read_text_file(std::string(TESSERA_CONFORMANCE_DIR) + "/add_l1/add_l1.ttm.json");
  auto bytes =
      format::json_to_binary(json, format::BinaryKind::kMetal, format::SchemaHashStamp::kLeaveAsIs);
  ASSERT_TRUE(bytes.ok()) << bytes.error().describe();
  auto binary = Binary::load_memory(*bytes, "add_l1.ttm");
  ASSERT_TRUE(binary.ok()) << binary.error().describe();
  auto infos = binary->program_inputs(0);
  ASSERT_TRUE(infos.ok());
  std::vector<Tensor> inputs = {float_input((*infos)[0], 0.25f), float_input((*infos)[1], 3.0f)};
  int64_t warm_rss = 0;
  for (int index = 0; index < kConformanceSubmits; ++index) {
    auto result = submit(device, *binary, 0, inputs);
    ASSERT_TRUE(result.ok()) << "submit " << index << ": " << result.error().describe();
    ASSERT_TRUE(result->leaks.empty()) << "submit " << index << ": " << result->leaks.front();
    ASSERT_EQ((*chip)->chip()->buffers().live_buffers().size(), 0u) << "after submit " << index;
    if (index % 250 == 0) {
      std::vector<float> sum(result->outputs[0].bytes().size() / sizeof(float));
      std::memcpy(sum.data(), result->outputs[0].bytes().data(), sum.size() * sizeof(float));
      for (size_t i = 0; i < sum.size(); ++i) {
        const float want = 0.25f * static_cast<float>(i % 61) + 3.0f * static_cast<float>(i % 61);
        if (sum[i] != want) {
          FAIL() << "element " << i << " at submit " << index << ": " << sum[i] << " != " << want;
        }
      }
    }
    if (index + 1 == kConformanceWarm) warm_rss = resident_bytes();
  }
  int64_t final_rss = resident_bytes();
  std::printf("add_l1: resident after %d submits: %lld KiB; after %d: %+lld KiB\n",
              kConformanceWarm, static_cast<long long>(warm_rss >> 10), kConformanceSubmits,
              static_cast<long long>((final_rss - warm_rss) / 1024));
  if (kCheckResidentMemory) {
    EXPECT_LE(final_rss - warm_rss, kMaxGrowthBytes);
  }
  auto closed = close_device(device);
  ASSERT_TRUE(closed.ok());
  EXPECT_TRUE(closed->empty());
}

}  // namespace
}  // namespace tessera::runtime
