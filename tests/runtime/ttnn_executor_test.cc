// The TTNN executor beyond single ops: memory moves and conversions, hooks,
// errors that name the op, leaks and peak memory, and TTNN and TTM0 binaries
// interleaved on one device.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "../support/example_binaries.h"
#include "tessera/metal/device.h"
#include "tessera/runtime/internal/device_access.h"
#include "tessera/sim/memory/chip.h"
#include "ttnn_test_support.h"

namespace tessera::runtime::testing {
namespace {

using fbn::EltwiseOpType;
using ::testing::HasSubstr;

class TtnnExecutorTest : public TtnnTest {};

TEST_F(TtnnExecutorTest, MovesConvertLayoutTypeAndSpaceExactly) {
  TtnnProgramWriter w;
  const std::vector<int> shape = {3, 40, 70};
  TtnnTensor host{1, shape};
  TtnnTensor dram_rm = host.as(2, MemorySpace::DeviceDRAM, false, DataType::Float32);
  TtnnTensor dram_tile{3, shape, DataType::Float32, MemorySpace::DeviceDRAM, true};
  TtnnTensor l1_tile{4, shape, DataType::Float32, MemorySpace::DeviceL1, true};
  TtnnTensor l1_rm{5, shape, DataType::Float32, MemorySpace::DeviceL1, false};
  TtnnTensor back{6, shape};
  w.add(fbn::OpType::ToDeviceOp,
        fbn::CreateToDeviceOp(w.fbb(), w.ref(host), 0, w.ref(dram_rm)).Union());
  w.add(fbn::OpType::ToLayoutOp,
        fbn::CreateToLayoutOp(w.fbb(), w.ref(dram_rm), w.ref(dram_tile)).Union());
  w.to_memory(dram_tile, l1_tile);
  w.add(fbn::OpType::ToLayoutOp,
        fbn::CreateToLayoutOp(w.fbb(), w.ref(l1_tile), w.ref(l1_rm)).Union());
  w.add(fbn::OpType::FromDeviceOp,
        fbn::CreateFromDeviceOp(w.fbb(), w.ref(l1_rm), w.ref(back)).Union());
  std::vector<float> x = random_values(3 * 40 * 70, 21, -100, 100);
  auto result = run(w.build({host}, {back}), {host_tensor({shape, x}, 1)});
  ASSERT_TRUE(result.ok()) << result.error().describe();
  EXPECT_EQ(floats_of(result->outputs[0]), x);  // bit-exact
}

// Device time of a program in the compiler's shape: host to DRAM, a
// reshard into L1, a reduction there, and back to the host. Worked by hand
// from the Wormhole parameters (op_estimate.h).
TEST_F(TtnnExecutorTest, DeviceTimeEstimatesMovesAsNocTrafficAndReductionsAsMath) {
  const std::vector<int> shape = {64, 128};
  TtnnProgramWriter w;
  TtnnTensor host{1, shape};
  TtnnTensor dram{2, shape, DataType::Float32, MemorySpace::DeviceDRAM, true};
  TtnnTensor l1{3, shape, DataType::Float32, MemorySpace::DeviceL1, true};
  TtnnTensor sums{4, {64}, DataType::Float32, MemorySpace::DeviceL1, true};
  TtnnTensor back{5, {64}};
  w.add(fbn::OpType::ToDeviceOp,
        fbn::CreateToDeviceOp(w.fbb(), w.ref(host), 0, w.ref(dram)).Union());
  w.to_memory(dram, l1);
  std::vector<int32_t> dims = {1};
  w.add(fbn::OpType::ReductionOp, fbn::CreateReductionOpDirect(w.fbb(), fbn::ReductionOpType::Sum,
                                                               w.ref(l1), w.ref(sums), &dims, false)
                                      .Union());
  w.add(fbn::OpType::FromDeviceOp,
        fbn::CreateFromDeviceOp(w.fbb(), w.ref(sums), w.ref(back)).Union());
  SubmitOptions options;
  options.collect_device_time = true;
  auto result =
      run(w.build({host}, {back}), {host_tensor({shape, random_values(64 * 128, 3)}, 1)}, options);
  ASSERT_TRUE(result.ok()) << result.error().describe();
  std::vector<std::string> names;
  for (const ProgramDeviceTime& time : result->device_time) names.push_back(time.name);
  // Host transfers are the host's DMA: no program, no device time.
  EXPECT_THAT(names, ::testing::ElementsAre("ToMemoryConfigOp", "ReductionOp Sum"));
  const ProgramDeviceTime& move = result->device_time.at(0);
  // 32 KiB read from DRAM and written to L1 by 8 cores (one per tile):
  // 8 KiB each through a 32 B/cycle port = 256 cycles, against 124 for
  // DRAM at 12 x 22 B/cycle; plus one DRAM latency (300).
  EXPECT_EQ(move.cores, 8u);
  EXPECT_EQ(move.kernel_cycles, 256 + 300);
  EXPECT_EQ(move.math_utilisation, 0);
  // 8 input tiles x 4 cycles x 4 HiFi4 phases over the 2 output tiles' cores.
  const ProgramDeviceTime& sum = result->device_time.at(1);
  EXPECT_EQ(sum.cores, 2u);
  EXPECT_EQ(sum.kernel_cycles, 8 * 4 * 4 / 2);
}

TEST_F(TtnnExecutorTest, Bfp8AndTypecastRoundTrip) {
  const std::vector<int> shape = {64, 96};
  std::vector<float> x = random_values(64 * 96, 22, -4, 4);
  TtnnProgramWriter w;
  TtnnTensor host{1, shape};
  TtnnTensor bfp8{2, shape, DataType::BFP_BFloat8, MemorySpace::DeviceDRAM, true};
  TtnnTensor bf16{3, shape, DataType::BFloat16, MemorySpace::DeviceL1, true};
  TtnnTensor back{4, shape};
  w.to_memory(host, bfp8);
  w.eltwise(EltwiseOpType::Typecast, {bfp8}, bf16);
  w.to_memory(bf16, back);
  auto result = run(w.build({host}, {back}), {host_tensor({shape, x}, 1)});
  ASSERT_TRUE(result.ok()) << result.error().describe();
  std::vector<double> expected(x.begin(), x.end());
  EXPECT_GE(pcc(floats_of(result->outputs[0]), expected), 0.999);
}

TEST_F(TtnnExecutorTest, IntegerTypesMoveExactlyAndTypecastSaturates) {
  // u32 values above 2^24 survive DRAM <-> L1 moves and layout changes.
  const std::vector<int> shape = {3, 5};
  std::vector<float> small = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14};
  TtnnProgramWriter w;
  TtnnTensor in{1, shape, DataType::UInt32};
  TtnnTensor dram{2, shape, DataType::UInt32, MemorySpace::DeviceDRAM, true};
  TtnnTensor l1{3, shape, DataType::UInt32, MemorySpace::DeviceL1, false};
  TtnnTensor back{4, shape, DataType::UInt32};
  w.to_memory(in, dram);
  w.to_memory(dram, l1);
  w.to_memory(l1, back);
  TensorInfo info;
  info.global_id = 1;
  info.shape = {3, 5};
  info.data_type = runtime::DataType::kUInt32;
  info.element_size = 4;
  info.size_bytes = 60;
  std::vector<uint32_t> words(15);
  for (size_t i = 0; i < words.size(); ++i) words[i] = 0xFFFFFF00u + static_cast<uint32_t>(i);
  auto input = Tensor::create_from_bytes(info, {reinterpret_cast<const uint8_t*>(words.data()), 60},
                                         Runtime::kTtnn);
  ASSERT_TRUE(input.ok());
  auto moved = run(w.build({in}, {back}), {*input});
  ASSERT_TRUE(moved.ok()) << moved.error().describe();
  std::vector<uint32_t> out(15);
  std::memcpy(out.data(), moved->outputs[0].bytes().data(), 60);
  EXPECT_EQ(out, words);

  // f32 -> u8 / u16 typecasts round to nearest even and saturate.
  for (DataType type : {DataType::UInt8, DataType::UInt16}) {
    std::vector<float> values = {-3.0f, 0.5f, 1.5f, 2.5f, 254.6f, 300.0f, 70000.0f};
    const std::vector<int> row = {7};
    auto cast = run_op(
        {{row, values}}, row, {MemorySpace::DeviceDRAM, false, DataType::Float32, "dram"},
        [&](TtnnProgramWriter& writer, const auto& ins, const TtnnTensor& o) {
          writer.eltwise(EltwiseOpType::Typecast, ins, o);
        },
        type);
    const float max = type == DataType::UInt8 ? 255.0f : 65535.0f;
    EXPECT_EQ(cast, (std::vector<float>{0, 0, 2, 2, 255, std::min(300.0f, max), max}));
  }
}

TEST_F(TtnnExecutorTest, Bf16RoundsTheFp32ResultToNearestEven) {
  // 1 + 2^-8 is halfway between two bf16 values: nearest even gives 1.0;
  // 1 + 3 * 2^-8 gives 1 + 2^-6 (the even neighbour above).
  TtnnProgramWriter w;
  TtnnTensor a{1, {1, 2}}, b{2, {1, 2}};
  TtnnTensor da{3, {1, 2}, DataType::Float32, MemorySpace::DeviceDRAM, false};
  TtnnTensor db{4, {1, 2}, DataType::Float32, MemorySpace::DeviceDRAM, false};
  TtnnTensor sum{5, {1, 2}, DataType::BFloat16, MemorySpace::DeviceDRAM, false};
  TtnnTensor back{6, {1, 2}};
  w.to_memory(a, da);
  w.to_memory(b, db);
  w.eltwise(EltwiseOpType::Add, {da, db}, sum);
  w.to_memory(sum, back);
  const float h = 1.0f / 256;
  auto result = run(w.build({a, b}, {back}),
                    {host_tensor({{1, 2}, {1.0f, 1.0f}}, 1), host_tensor({{1, 2}, {h, 3 * h}}, 2)});
  ASSERT_TRUE(result.ok()) << result.error().describe();
  EXPECT_EQ(floats_of(result->outputs[0]), (std::vector<float>{1.0f, 1.0f + 4 * h}));
}

TEST_F(TtnnExecutorTest, HooksSeeEveryOpWithItsTensors) {
  TtnnProgramWriter w;
  TtnnTensor a{1, {2, 3}}, d{2, {2, 3}, DataType::Float32, MemorySpace::DeviceDRAM, true};
  TtnnTensor e{3, {2, 3}, DataType::Float32, MemorySpace::DeviceDRAM, true}, back{4, {2, 3}};
  w.to_memory(a, d);
  w.eltwise(EltwiseOpType::Exp, {d}, e);
  w.to_memory(e, back);
  std::vector<std::string> seen;
  std::vector<float> exp_input, exp_output;
  SubmitOptions options;
  options.collect_trace = true;
  options.before_op = [&](const OpContext& op) {
    seen.push_back("before " + std::to_string(op.op_index()) + " " + std::string(op.op_name()));
    return ok_status();
  };
  options.after_op = [&](const OpContext& op) {
    seen.push_back("after " + std::to_string(op.op_index()));
    if (op.op_name() == "EltwiseOp Exp") {
      EXPECT_EQ(op.num_inputs(), 1u);
      EXPECT_EQ(op.num_outputs(), 1u);
      exp_input = floats_of(*op.input(0));
      exp_output = floats_of(*op.output(0));
    }
    return ok_status();
  };
  std::vector<float> x = {0, 1, -1, 2, 0.5f, -3};
  auto result = run(w.build({a}, {back}), {host_tensor({{2, 3}, x}, 1)}, options);
  ASSERT_TRUE(result.ok()) << result.error().describe();
  EXPECT_THAT(
      seen, ::testing::ElementsAre("before 0 ToMemoryConfigOp", "after 0", "before 1 EltwiseOp Exp",
                                   "after 1", "before 2 ToMemoryConfigOp", "after 2"));
  EXPECT_EQ(exp_input, x);
  ASSERT_EQ(exp_output.size(), 6u);
  EXPECT_FLOAT_EQ(exp_output[1], std::exp(1.0f));
  // One program span and one span per op, inside it.
  ASSERT_EQ(result->spans.size(), 4u);
  EXPECT_EQ(result->spans[0].category, "program");
  for (size_t i = 1; i < 4; ++i) {
    EXPECT_EQ(result->spans[i].category, "op");
    EXPECT_GE(result->spans[i].start_ns, result->spans[0].start_ns);
  }
  // A hook's error stops the program and names the op.
  options.after_op = [](const OpContext& op) -> Status {
    if (op.op_index() == 1) return make_error(ErrorCode::kFailedPrecondition, "golden mismatch");
    return ok_status();
  };
  auto stopped = run(w.build({a}, {back}), {host_tensor({{2, 3}, x}, 1)}, options);
  ASSERT_FALSE(stopped.ok());
  EXPECT_THAT(stopped.error().describe(), HasSubstr("op 1 (EltwiseOp Exp"));
  EXPECT_THAT(stopped.error().describe(), HasSubstr("golden mismatch"));
}

TEST_F(TtnnExecutorTest, ErrorsNameOpIndexTypeAndOperand) {
  const std::vector<int> shape = {4, 4};
  TtnnTensor a{1, shape}, d{2, shape, DataType::Float32, MemorySpace::DeviceDRAM, false};
  TtnnTensor good_out{3, shape, DataType::Float32, MemorySpace::DeviceDRAM, false};
  TtnnTensor back{4, shape};
  std::vector<Tensor> inputs = {host_tensor({shape, std::vector<float>(16, 1.0f)}, 1)};

  {  // Output declared with the wrong shape.
    TtnnProgramWriter w;
    TtnnTensor wrong{3, {4, 5}, DataType::Float32, MemorySpace::DeviceDRAM, false};
    w.to_memory(a, d);
    w.eltwise(EltwiseOpType::Add, {d, d}, wrong);
    auto result = run(w.build({a}, {wrong}), inputs);
    ASSERT_FALSE(result.ok());
    const std::string message = result.error().describe();
    EXPECT_THAT(message, HasSubstr("test.ttnn"));
    EXPECT_THAT(message, HasSubstr("op 1 (EltwiseOp Add"));
    EXPECT_THAT(message, HasSubstr("shape mismatch"));
    EXPECT_THAT(message, HasSubstr("[4, 5]"));
  }
  {  // Block floats exist only in tile layout.
    TtnnProgramWriter w;
    TtnnTensor bfp8_rm{2, shape, DataType::BFP_BFloat8, MemorySpace::DeviceDRAM, false};
    w.to_memory(a, bfp8_rm);
    auto result = run(w.build({a}, {bfp8_rm}), inputs);
    ASSERT_FALSE(result.ok());
    EXPECT_THAT(result.error().describe(), HasSubstr("op 0 (ToMemoryConfigOp"));
    EXPECT_THAT(result.error().describe(), HasSubstr("unsupported data type / layout"));
  }
  {  // Use after deallocation.
    TtnnProgramWriter w;
    w.to_memory(a, d);
    w.add(fbn::OpType::DeallocateOp, fbn::CreateDeallocateOp(w.fbb(), w.ref(d)).Union());
    w.eltwise(EltwiseOpType::Relu, {d}, good_out);
    auto result = run(w.build({a}, {good_out}), inputs);
    ASSERT_FALSE(result.ok());
    const std::string message = result.error().describe();
    EXPECT_THAT(message, HasSubstr("op 2 (EltwiseOp Relu"));
    EXPECT_THAT(message, HasSubstr("ins[0]"));
    EXPECT_THAT(message, HasSubstr("deallocated by op 1"));
  }
  {  // Wrong operand count.
    TtnnProgramWriter w;
    w.to_memory(a, d);
    w.eltwise(EltwiseOpType::Multiply, {d}, good_out);
    auto result = run(w.build({a}, {good_out}), inputs);
    ASSERT_FALSE(result.ok());
    EXPECT_THAT(result.error().describe(), HasSubstr("takes 2 input(s)"));
  }
  // After all that the device is usable and holds nothing.
  TtnnProgramWriter w;
  w.to_memory(a, d);
  w.eltwise(EltwiseOpType::Add, {d, d}, good_out);
  w.to_memory(good_out, back);
  auto result = run(w.build({a}, {back}), inputs);
  ASSERT_TRUE(result.ok()) << result.error().describe();
  EXPECT_EQ(floats_of(result->outputs[0]), std::vector<float>(16, 2.0f));
}

// A [n, 1, 1] tensor holds n values but, tiled, n whole 32x32 tiles: here
// 256 KiB of values and 262 MiB of tiles, past the default host limit of 256
// MiB per tensor. The padded size is what is checked, before anything is
// allocated, and the device stays usable.
TEST_F(TtnnExecutorTest, TilePaddingCountsAgainstTheTensorLimit) {
  const std::vector<int> shape = {65600, 1, 1};
  TtnnTensor host{1, shape};
  TtnnTensor tiled{2, shape, DataType::Float32, MemorySpace::DeviceDRAM, true};
  TtnnProgramWriter w;
  w.to_memory(host, tiled);
  auto result =
      run(w.build({host}, {tiled}), {host_tensor({shape, std::vector<float>(65600, 1.0f)}, 1)});
  ASSERT_FALSE(result.ok());
  const std::string message = result.error().describe();
  EXPECT_THAT(message, HasSubstr("op 0 (ToMemoryConfigOp"));
  EXPECT_THAT(message, HasSubstr("tensor [65600, 1, 1] Float32 tile DRAM needs 268697600 bytes"));
  EXPECT_THAT(message, HasSubstr("past the limit of 268435456 bytes per tensor"));

  TtnnProgramWriter small;
  TtnnTensor fits{2, {64, 1, 1}, DataType::Float32, MemorySpace::DeviceDRAM, true};
  TtnnTensor back{3, {64, 1, 1}};
  small.to_memory(TtnnTensor{1, {64, 1, 1}}, fits);
  small.to_memory(fits, back);
  auto again = run(small.build({TtnnTensor{1, {64, 1, 1}}}, {back}),
                   {host_tensor({{64, 1, 1}, std::vector<float>(64, 2.0f)}, 1)});
  ASSERT_TRUE(again.ok()) << again.error().describe();
  EXPECT_EQ(floats_of(again->outputs[0]), std::vector<float>(64, 2.0f));
}

TEST_F(TtnnExecutorTest, WrongRuntimeHandleNamesBothRuntimes) {
  TtnnProgramWriter w;
  TtnnTensor a{1, {2, 2}}, d{2, {2, 2}, DataType::Float32, MemorySpace::DeviceDRAM, false};
  w.to_memory(a, d);
  Tensor metal_tensor = host_tensor({{2, 2}, {1, 2, 3, 4}}, 1);
  TensorInfo info = metal_tensor.info();
  auto wrong = Tensor::create_from_bytes(info, metal_tensor.bytes(), Runtime::kTtmetal);
  ASSERT_TRUE(wrong.ok());
  auto result = run(w.build({a}, {d}), {*wrong});
  ASSERT_FALSE(result.ok());
  EXPECT_THAT(result.error().describe(), HasSubstr("TTMetal"));
  EXPECT_THAT(result.error().describe(), HasSubstr("TTNN"));
  EXPECT_FALSE(
      wait(result.ok() ? result->event : Event::completed(Runtime::kTtnn), Runtime::kTtmetal).ok());
}

TEST_F(TtnnExecutorTest, NeverFreedTensorsAreReportedAndPeakMemoryShows) {
  TtnnProgramWriter w;
  const std::vector<int> shape = {64, 64};
  TtnnTensor a{1, shape}, d{2, shape, DataType::Float32, MemorySpace::DeviceDRAM, true};
  TtnnTensor e{3, shape, DataType::Float32, MemorySpace::DeviceDRAM, true};
  TtnnTensor back{4, shape};
  w.to_memory(a, d);
  w.eltwise(EltwiseOpType::Neg, {d}, e);
  w.add(fbn::OpType::DeallocateOp, fbn::CreateDeallocateOp(w.fbb(), w.ref(e)).Union());
  w.eltwise(EltwiseOpType::Abs, {d}, e);
  w.to_memory(e, back);
  auto chip = metal_device(device, 0);
  ASSERT_TRUE(chip.ok());
  auto& buffers = (*chip)->chip()->buffers();
  buffers.reset_peak_statistics();
  auto result = run(w.build({a}, {back}), {host_tensor({shape, random_values(4096, 3)}, 1)});
  ASSERT_TRUE(result.ok()) << result.error().describe();
  // Tensor 2 was never deallocated; tensor 3 is freed as an unused result too.
  ASSERT_EQ(result->leaks.size(), 2u);
  EXPECT_THAT(result->leaks[0], HasSubstr("tensor 2"));
  EXPECT_THAT(result->leaks[0], HasSubstr("never deallocated"));
  auto stats = buffers.statistics(sim::MemoryType::kDram);
  EXPECT_EQ(stats.allocated_bytes, 0u);
  EXPECT_GT(stats.peak_allocated_bytes, 0u);
}

TEST_F(TtnnExecutorTest, TtnnAndTtmetalBinariesAlternateOnOneDevice) {
  auto ttnn_binary = Binary::load_memory(
      tessera::testing::example_binary("eltwise_add.ttnn.json", format::BinaryKind::kTtnn),
      "eltwise_add.ttnn");
  auto metal_binary = Binary::load_memory(
      tessera::testing::example_binary("eltwise_multiply.ttm.json", format::BinaryKind::kMetal),
      "eltwise_multiply.ttm");
  ASSERT_TRUE(ttnn_binary.ok() && metal_binary.ok());
  std::vector<float> lhs = random_values(1024, 31), rhs = random_values(1024, 32);
  auto inputs_for = [&](const Binary& binary, Runtime runtime) {
    std::vector<Tensor> inputs;
    auto infos = binary.program_inputs(0);
    for (size_t i = 0; i < infos->size(); ++i) {
      const std::vector<float>& values = i == 0 ? lhs : rhs;
      inputs.push_back(*Tensor::create_from_bytes(
          (*infos)[i], {reinterpret_cast<const uint8_t*>(values.data()), values.size() * 4},
          runtime));
    }
    return inputs;
  };
  auto ttnn_inputs = inputs_for(*ttnn_binary, Runtime::kTtnn);
  auto metal_inputs = inputs_for(*metal_binary, Runtime::kTtmetal);
  for (int round = 0; round < 5; ++round) {
    auto added = submit(device, *ttnn_binary, 0, ttnn_inputs);
    ASSERT_TRUE(added.ok()) << added.error().describe();
    EXPECT_TRUE(wait(added->event, Runtime::kTtnn).ok());
    std::vector<float> sum = floats_of(added->outputs[0]);
    auto multiplied = submit(device, *metal_binary, 0, metal_inputs);
    ASSERT_TRUE(multiplied.ok()) << multiplied.error().describe();
    EXPECT_TRUE(wait(multiplied->event, Runtime::kTtmetal).ok());
    std::vector<float> product = floats_of(multiplied->outputs[0]);
    for (size_t i = 0; i < 1024; ++i) {
      ASSERT_EQ(sum[i], lhs[i] + rhs[i]);
      ASSERT_EQ(product[i], lhs[i] * rhs[i]);
    }
    // Each runtime's event refuses the other runtime.
    EXPECT_THAT(wait(added->event, Runtime::kTtmetal).error().describe(), HasSubstr("TTNN"));
  }
}

}  // namespace
}  // namespace tessera::runtime::testing
