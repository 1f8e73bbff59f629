// Run requests on the wire: what the device process decodes of a plan, and
// the memo that lets a program run again skip decoding its plan; replies
// with the timing model's figures.
#include "../../../src/sim/isolation/device_messages.h"

#include <gtest/gtest.h>

#include <cstring>

#include "../../../src/sim/isolation/plan_memo.h"

namespace tessera::sim {
namespace {

namespace messages = device_messages;

// Two kernels over a 2x1 range with per-core runtime args, as a reader and
// a compute kernel of a small program would have them.
ProgramPlan two_kernel_plan() {
  ProgramPlan plan;
  plan.name = "eltwise";
  KernelPlan reader;
  reader.build.name = "reader_binary.cpp";
  reader.build.source = "void kernel_main() {}";  // stays on the host
  reader.build.processor = KernelProcessor::kDataMovement1;
  reader.build.noc_index = 1;
  reader.cores = {{{0, 0}, {1, 0}}};
  reader.runtime_args[{0, 0}] = {0x1000, 0x2000, 4};
  reader.runtime_args[{1, 0}] = {0x1000, 0x2000, 4, 4};
  reader.common_args = {7};
  KernelPlan compute;
  compute.build.name = "eltwise_binary.cpp";
  compute.build.processor = KernelProcessor::kCompute;
  compute.build.toolchain_defines = {{"TESSERA_MATH_FIDELITY", "HiFi4"}, {"OTHER", "1"}};
  compute.cores = reader.cores;
  compute.runtime_args[{0, 0}] = {4};
  compute.runtime_args[{1, 0}] = {4};
  compute.dst.fp32_accumulation = true;
  plan.kernels = {reader, compute};
  plan.circular_buffers.push_back({.cores = reader.cores,
                                   .address = 0x20000,
                                   .size = 4096,
                                   .indices = {{.index = 0, .page_size = 2048}}});
  plan.semaphores.push_back({.cores = reader.cores, .id = 0, .initial_value = 1});
  plan.semaphore_base = 0x100;
  return plan;
}

messages::RunRequest request_for(const ProgramPlan& plan) {
  messages::RunRequest request;
  request.plan = std::shared_ptr<const ProgramPlan>(std::shared_ptr<const ProgramPlan>(), &plan);
  request.objects = {"/kernels/reader.so", "/kernels/compute.so"};
  request.scheduler.threads = 2;
  return request;
}

TEST(RunRequestTest, ThePlanArrivesWithSlimBuilds) {
  const ProgramPlan plan = two_kernel_plan();
  auto decoded = messages::decode_run_request(messages::encode(request_for(plan)));
  ASSERT_TRUE(decoded.ok()) << decoded.error().message();
  const ProgramPlan& got = *decoded->plan;
  EXPECT_EQ(got.name, "eltwise");
  ASSERT_EQ(got.kernels.size(), 2u);
  EXPECT_EQ(got.kernels[0].build.name, "reader_binary.cpp");
  EXPECT_EQ(got.kernels[0].build.source, "");  // in the compiled object instead
  EXPECT_EQ(got.kernels[0].build.processor, KernelProcessor::kDataMovement1);
  EXPECT_EQ(got.kernels[0].build.noc_index, 1);
  EXPECT_EQ(got.kernels[0].runtime_args, plan.kernels[0].runtime_args);
  EXPECT_EQ(got.kernels[0].common_args, std::vector<uint32_t>{7});
  ASSERT_EQ(got.kernels[1].build.toolchain_defines.size(), 1u);
  EXPECT_EQ(got.kernels[1].build.toolchain_defines[0].second, "HiFi4");
  EXPECT_TRUE(got.kernels[1].dst.fp32_accumulation);
  ASSERT_EQ(got.circular_buffers.size(), 1u);
  EXPECT_EQ(got.circular_buffers[0].address, 0x20000u);
  ASSERT_EQ(got.semaphores.size(), 1u);
  EXPECT_EQ(got.semaphores[0].initial_value, 1u);
  EXPECT_EQ(got.semaphore_base, 0x100u);
  EXPECT_EQ(decoded->objects, request_for(plan).objects);
  EXPECT_EQ(decoded->scheduler.threads, 2u);
}

TEST(RunRequestTest, APlanEncodedBeforeMakesTheSameRequest) {
  const ProgramPlan plan = two_kernel_plan();
  const std::vector<uint8_t> encoded = messages::encode_plan(plan);
  messages::RunRequest request = request_for(plan);
  messages::RunRequest described = request_for(plan);
  described.plan = nullptr;
  described.encoded_plan = encoded;
  EXPECT_EQ(messages::encode(described), messages::encode(request));
}

TEST(RunRequestTest, AProgramRunAgainReusesItsDecodedPlan) {
  const ProgramPlan plan = two_kernel_plan();
  PlanMemo memo;
  auto first = messages::decode_run_request(messages::encode(request_for(plan)), &memo);
  auto again = messages::decode_run_request(messages::encode(request_for(plan)), &memo);
  ASSERT_TRUE(first.ok() && again.ok());
  EXPECT_EQ(first->plan.get(), again->plan.get());
  EXPECT_EQ(memo.size(), 1u);
}

TEST(RunRequestTest, ANewRuntimeArgIsDecodedNotTakenFromTheMemo) {
  ProgramPlan plan = two_kernel_plan();
  PlanMemo memo;
  auto first = messages::decode_run_request(messages::encode(request_for(plan)), &memo);
  plan.kernels[0].runtime_args[{1, 0}][3] = 8;
  auto changed = messages::decode_run_request(messages::encode(request_for(plan)), &memo);
  ASSERT_TRUE(first.ok() && changed.ok());
  EXPECT_NE(first->plan.get(), changed->plan.get());
  EXPECT_EQ(changed->plan->kernels[0].runtime_args.at({1, 0})[3], 8u);
  EXPECT_EQ(first->plan->kernels[0].runtime_args.at({1, 0})[3], 4u);
}

TEST(RunRequestTest, APlanSectionLongerThanTheRequestIsDataLoss) {
  std::vector<uint8_t> bytes = messages::encode(request_for(two_kernel_plan()));
  const uint32_t too_long = static_cast<uint32_t>(bytes.size());
  std::memcpy(bytes.data(), &too_long, sizeof too_long);
  PlanMemo memo;
  auto decoded = messages::decode_run_request(bytes, &memo);
  ASSERT_FALSE(decoded.ok());
  EXPECT_EQ(decoded.error().code(), ErrorCode::kDataLoss);
  EXPECT_EQ(memo.size(), 0u);
}

TEST(RunRequestTest, APlanSectionWithBytesLeftOverIsDataLoss) {
  std::vector<uint8_t> bytes = messages::encode(request_for(two_kernel_plan()));
  uint32_t length = 0;
  std::memcpy(&length, bytes.data(), sizeof length);
  // The plan claims its objects' count as its own last bytes.
  length += 4;
  std::memcpy(bytes.data(), &length, sizeof length);
  auto decoded = messages::decode_run_request(bytes);
  ASSERT_FALSE(decoded.ok());
  EXPECT_NE(decoded.error().message().find("plan"), std::string::npos) << decoded.error().message();
}

// `size` bytes that start with `key`.
std::vector<uint8_t> bytes_of(uint32_t key, size_t size = 16) {
  std::vector<uint8_t> bytes(size, 0xAB);
  std::memcpy(bytes.data(), &key, sizeof key);
  return bytes;
}

std::shared_ptr<const ProgramPlan> any_plan() {
  return std::make_shared<const ProgramPlan>();
}

TEST(RunReplyTest, DeviceTimeComesBackWithEveryKernelsZones) {
  timing::ProgramTiming timing;
  timing.arch = "wormhole_b0";
  timing.ai_clock_mhz = 1000;
  timing.kernel_cycles = 200;
  timing::KernelTiming kernel;
  kernel.kernel = "reader";
  kernel.core = {1, 0};
  kernel.start_cycle = 1000;
  kernel.end_cycle = 1200;
  // A kernel shares the device process: a name it overwrote with bytes a
  // report cannot show arrives printable.
  kernel.zones = {{"RISCV0", 1000, 1200, 0}, {std::string("in\xffner\n", 7), 1010, 1100, 1}};
  kernel.zones_dropped = 3;
  timing::KernelTiming plain;
  plain.kernel = "compute";
  timing.kernels = {kernel, plain};
  messages::RunReply reply;
  reply.device_time = timing;
  auto decoded = messages::decode_run_reply(messages::encode(reply));
  ASSERT_TRUE(decoded.ok()) << decoded.error().describe();
  ASSERT_TRUE(decoded->device_time.has_value());
  ASSERT_EQ(decoded->device_time->kernels.size(), 2u);
  const timing::KernelTiming& got = decoded->device_time->kernels[0];
  EXPECT_EQ(got.end_cycle, 1200);
  EXPECT_EQ(got.zones_dropped, 3u);
  ASSERT_EQ(got.zones.size(), 2u);
  EXPECT_EQ(got.zones[0], (timing::ZoneTiming{"RISCV0", 1000, 1200, 0}));
  EXPECT_EQ(got.zones[1], (timing::ZoneTiming{"in?ner?", 1010, 1100, 1}));
  EXPECT_TRUE(decoded->device_time->kernels[1].zones.empty());
}

TEST(PlanMemoTest, FindsOnlyThePlanOfExactlyTheSameBytes) {
  PlanMemo memo;
  auto plan = std::make_shared<const ProgramPlan>(two_kernel_plan());
  memo.remember(bytes_of(1), plan);
  EXPECT_EQ(memo.find(bytes_of(1)), plan);
  EXPECT_EQ(memo.find(bytes_of(2)), nullptr);
  EXPECT_EQ(memo.find(bytes_of(1, 15)), nullptr);
  EXPECT_EQ(memo.find(bytes_of(1, 17)), nullptr);
}

TEST(PlanMemoTest, ForgetsTheLeastRecentlyFoundPlanPastItsCount) {
  PlanMemo memo;
  for (uint32_t key = 0; key < PlanMemo::kMaxPlans; ++key) memo.remember(bytes_of(key), any_plan());
  ASSERT_NE(memo.find(bytes_of(0)), nullptr);  // now the most recent
  memo.remember(bytes_of(1000), any_plan());
  EXPECT_EQ(memo.size(), PlanMemo::kMaxPlans);
  EXPECT_NE(memo.find(bytes_of(0)), nullptr);
  EXPECT_EQ(memo.find(bytes_of(1)), nullptr);  // the least recent went
  EXPECT_NE(memo.find(bytes_of(2)), nullptr);
  EXPECT_NE(memo.find(bytes_of(1000)), nullptr);
}

TEST(PlanMemoTest, ForgetsTheLeastRecentlyFoundPlansPastItsBytes) {
  PlanMemo memo;
  constexpr size_t kLargest = PlanMemo::kMaxPlanBytes;
  constexpr uint32_t kFitting = PlanMemo::kMaxBytes / kLargest;
  for (uint32_t key = 0; key < kFitting; ++key) memo.remember(bytes_of(key, kLargest), any_plan());
  EXPECT_EQ(memo.size(), kFitting);
  memo.remember(bytes_of(kFitting, kLargest), any_plan());
  EXPECT_EQ(memo.size(), kFitting);
  EXPECT_EQ(memo.find(bytes_of(0, kLargest)), nullptr);
  EXPECT_NE(memo.find(bytes_of(1, kLargest)), nullptr);
  EXPECT_NE(memo.find(bytes_of(kFitting, kLargest)), nullptr);
}

TEST(PlanMemoTest, KeepsNoPlanLargerThanItsLimit) {
  PlanMemo memo;
  memo.remember(bytes_of(1, PlanMemo::kMaxPlanBytes + 1), any_plan());
  EXPECT_EQ(memo.size(), 0u);
}

}  // namespace
}  // namespace tessera::sim
