// The TTM0 command-queue executor, through the runtime API, on binaries
// written command by command.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <functional>
#include <numeric>

#include "../support/metal_program_builder.h"
#include "tessera/runtime/internal/device_access.h"
#include "tessera/runtime/internal/wire_types.h"
#include "tessera/runtime/submit.h"

namespace tessera::runtime {
namespace {

using ::testing::HasSubstr;
using testing::MetalProgramBuilder;
using testing::TensorSpec;
using tt::target::DataType;
using tt::target::MemorySpace;

constexpr uint64_t kDramAddress = 0x200000;
constexpr uint64_t kL1Address = 0x20000;

class MetalExecutorTest : public ::testing::Test {
 protected:
  void SetUp() override {
    DeviceOptions options;
    options.num_hw_command_queues = 2;
    auto opened = open_device(options);
    ASSERT_TRUE(opened.ok()) << opened.error().describe();
    device = *opened;
  }
  void TearDown() override {
    if (device.valid() && device.num_devices() > 0) {
      auto report = close_device(device);
      ASSERT_TRUE(report.ok());
      EXPECT_TRUE(report->empty()) << "buffers left live: " << report->front();
    }
  }

  static Binary load(const std::vector<uint8_t>& bytes) {
    auto binary = Binary::load_memory(bytes, "test.ttm");
    EXPECT_TRUE(binary.ok()) << binary.error().describe();
    return *binary;
  }

  static Tensor input_for(const TensorSpec& spec, uint8_t seed) {
    auto info = tensor_info_of(spec);
    std::vector<uint8_t> bytes(spec.bytes());
    for (size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<uint8_t>(i * 7 + seed);
    auto tensor = Tensor::create_from_bytes(info, bytes, Runtime::kTtmetal);
    EXPECT_TRUE(tensor.ok());
    return *tensor;
  }

  static TensorInfo tensor_info_of(const TensorSpec& spec) {
    TensorInfo info;
    info.global_id = spec.id;
    info.shape.assign(spec.shape.begin(), spec.shape.end());
    info.data_type = *runtime::from_wire(spec.type);
    info.element_size = 4;
    info.size_bytes = spec.bytes();
    return info;
  }

  Result<SubmitResult> run(const std::vector<uint8_t>& bytes, std::vector<Tensor> inputs) {
    return submit(device, load(bytes), 0, inputs);
  }

  // in -> device buffer -> out, with the device tensor described by `on_device`.
  void expect_round_trip(TensorSpec on_device) {
    TensorSpec in{.id = 1}, out{.id = 2};
    in.shape = out.shape = on_device.shape;
    MetalProgramBuilder program;
    program.create_buffer(0, on_device);
    program.write(0, in.host(), on_device);
    program.read(0, on_device, out.host());
    program.deallocate(0, on_device);
    program.finish(0);
    Tensor input = input_for(in, 3);
    auto result = run(program.build({in}, {out}), {input});
    ASSERT_TRUE(result.ok()) << result.error().describe();
    ASSERT_EQ(result->outputs.size(), 1u);
    EXPECT_TRUE(std::ranges::equal(result->outputs[0].bytes(), input.bytes()));
    EXPECT_TRUE(result->leaks.empty());
  }

  Device device;
};

TEST_F(MetalExecutorTest, DramInterleavedRoundTrip) {
  expect_round_trip({.id = 10, .address = kDramAddress, .shape = {64, 128}});
}

TEST_F(MetalExecutorTest, DramTiledRoundTrip) {
  expect_round_trip({.id = 10,
                     .address = kDramAddress,
                     .shape = {64, 128},
                     .tiled = true,
                     .shard_shape = {2, 4}});
}

TEST_F(MetalExecutorTest, L1SingleCoreRoundTrip) {
  expect_round_trip(
      {.id = 10, .address = kL1Address, .shape = {64, 128}, .space = MemorySpace::DeviceL1});
}

TEST_F(MetalExecutorTest, L1ShardedOverAGridRoundTrip) {
  // 64x128 f32 in tiles over 2x2 cores: one 1x2-tile shard per core.
  expect_round_trip({.id = 10,
                     .address = kL1Address,
                     .shape = {64, 128},
                     .space = MemorySpace::DeviceL1,
                     .tiled = true,
                     .shard_shape = {1, 2},
                     .grid_y = 2,
                     .grid_x = 2});
}

TEST_F(MetalExecutorTest, ConstantDataIsWritten) {
  TensorSpec constant{.id = 5, .shape = {8, 8}};
  constant.constant_data.resize(constant.bytes());
  std::iota(constant.constant_data.begin(), constant.constant_data.end(), 0);
  TensorSpec buffer{.id = 6, .address = kDramAddress, .shape = {8, 8}};
  TensorSpec out{.id = 7, .shape = {8, 8}};
  MetalProgramBuilder program;
  program.create_buffer(0, buffer);
  program.write(0, constant.host(), buffer);
  program.read(0, buffer, out.host());
  program.deallocate(0, buffer);
  auto result = run(program.build({}, {out}), {});
  ASSERT_TRUE(result.ok()) << result.error().describe();
  EXPECT_TRUE(std::ranges::equal(result->outputs[0].bytes(), constant.constant_data));
}

TEST_F(MetalExecutorTest, DuplicateIdenticalCreateIsANoOp) {
  TensorSpec buffer{.id = 3, .address = kDramAddress};
  MetalProgramBuilder program;
  program.create_buffer(0, buffer);
  program.create_buffer(0, buffer);
  program.deallocate(0, buffer);
  auto result = run(program.build({}, {}), {});
  ASSERT_TRUE(result.ok()) << result.error().describe();
}

TEST_F(MetalExecutorTest, DuplicateCreateWithAnotherDescriptorIsAnError) {
  TensorSpec buffer{.id = 3, .address = kDramAddress};
  TensorSpec other = buffer;
  other.address = kDramAddress + 0x10000;
  MetalProgramBuilder program;
  program.create_buffer(0, buffer);
  program.create_buffer(0, other);
  auto result = run(program.build({}, {}), {});
  ASSERT_FALSE(result.ok());
  std::string message = result.error().describe();
  EXPECT_THAT(message, HasSubstr("test.ttm: program 0 'test': device program 0: queue 0 'cq0': "
                                 "command 1 (CreateBufferCommand)"));
  EXPECT_THAT(message, HasSubstr("buffer 3 is already live as DRAM"));
  EXPECT_THAT(message, HasSubstr("at 0x210000"));
}

TEST_F(MetalExecutorTest, DeallocateThenCreateAgainAtTheSameAddress) {
  TensorSpec first{.id = 1, .address = kL1Address, .space = MemorySpace::DeviceL1};
  TensorSpec second{.id = 2, .address = kL1Address, .space = MemorySpace::DeviceL1};
  MetalProgramBuilder program;
  program.create_buffer(0, first);
  program.deallocate(0, first);
  program.create_buffer(0, second);
  program.deallocate(0, second);
  auto result = run(program.build({}, {}), {});
  ASSERT_TRUE(result.ok()) << result.error().describe();
}

TEST_F(MetalExecutorTest, DeallocatingUnknownOrFreedIdsIsAnError) {
  TensorSpec buffer{.id = 4, .address = kDramAddress};
  MetalProgramBuilder program;
  program.create_buffer(0, buffer);
  program.deallocate(0, buffer);
  program.deallocate(0, buffer);
  auto result = run(program.build({}, {}), {});
  ASSERT_FALSE(result.ok());
  EXPECT_THAT(result.error().describe(), HasSubstr("command 2 (DeallocateBufferCommand)"));
  EXPECT_THAT(result.error().describe(), HasSubstr("buffer 4 is not live"));
}

TEST_F(MetalExecutorTest, LeakedBuffersAreReportedAndFreed) {
  TensorSpec buffer{.id = 9, .address = kDramAddress};
  MetalProgramBuilder program;
  program.create_buffer(0, buffer);
  auto bytes = program.build({}, {});
  for (int submit_index = 0; submit_index < 3; ++submit_index) {
    auto result = run(bytes, {});
    ASSERT_TRUE(result.ok()) << result.error().describe();
    ASSERT_EQ(result->leaks.size(), 1u);
    EXPECT_THAT(result->leaks[0], HasSubstr("buffer 9 (DRAM interleaved 4096 bytes"));
  }
}

TEST_F(MetalExecutorTest, AddressValidationFailuresSayWhichCheckFailed) {
  struct Case {
    TensorSpec tensor;
    const char* expected;
  };
  std::vector<Case> cases = {
      {{.id = 1, .address = kL1Address + 4, .space = MemorySpace::DeviceL1}, "align"},
      {{.id = 1, .address = 0x100, .space = MemorySpace::DeviceL1}, "unreserved base"},
      {{.id = 1, .address = 0x16F000, .space = MemorySpace::DeviceL1}, "bank"},
  };
  for (const Case& test : cases) {
    MetalProgramBuilder program;
    program.create_buffer(0, test.tensor);
    auto result = run(program.build({}, {}), {});
    ASSERT_FALSE(result.ok()) << test.expected;
    EXPECT_THAT(result.error().describe(), HasSubstr(test.expected));
    EXPECT_THAT(result.error().describe(), HasSubstr("CreateBufferCommand"));
  }
  // Overlap with a live buffer.
  MetalProgramBuilder program;
  program.create_buffer(0, {.id = 1, .address = kL1Address, .space = MemorySpace::DeviceL1});
  program.create_buffer(0,
                        {.id = 2, .address = kL1Address + 0x800, .space = MemorySpace::DeviceL1});
  auto result = run(program.build({}, {}), {});
  ASSERT_FALSE(result.ok());
  EXPECT_THAT(result.error().describe(), HasSubstr("overlap"));
}

// A hostile binary is refused by a limit before anything runs.
TEST_F(MetalExecutorTest, HugeProgramsAreRefusedByClearLimits) {
  {
    MetalProgramBuilder program;
    for (int i = 0; i < 1'000'000; ++i) program.finish(0);
    auto result = run(program.build({}, {}), {});
    ASSERT_FALSE(result.ok());
    EXPECT_THAT(result.error().describe(),
                HasSubstr("device program 0: has more than 100000 commands, the most tessera runs "
                          "in one device program"));
  }
  const std::string empty = "#include \"dataflow_api.h\"\nvoid kernel_main() {}\n";
  {
    MetalProgramBuilder program;
    for (int i = 0; i < 10'000; ++i) program.reader_program(0, empty);
    auto result = run(program.build({}, {}), {});
    ASSERT_FALSE(result.ok());
    EXPECT_THAT(result.error().describe(),
                HasSubstr("device program 0: enqueues 10000 kernels; tessera runs at most 4096"));
  }
  MetalProgramBuilder program;
  program.reader_program(0, empty, 0, 0, 193);
  auto result = run(program.build({}, {}), {});
  ASSERT_FALSE(result.ok());
  EXPECT_THAT(result.error().describe(),
              HasSubstr("command 0 (EnqueueProgramCommand): has 193 kernels, more than the 192 "
                        "processors of the device's 64 worker cores"));
}

TEST_F(MetalExecutorTest, TwoQueuesOrderedByAnEvent) {
  TensorSpec in{.id = 1, .shape = {64, 64}};
  TensorSpec buffer{.id = 2, .address = kDramAddress, .shape = {64, 64}};
  TensorSpec out{.id = 3, .shape = {64, 64}};
  MetalProgramBuilder program;
  // Queue 1 reads what queue 0 writes, after queue 0 records event 7.
  program.wait_for_event(1, 7);
  program.read(1, buffer, out.host());
  program.finish(1);
  program.create_event(0, 7);
  program.create_buffer(0, buffer);
  program.write(0, in.host(), buffer);
  program.record_event(0, 7);
  program.event_synchronize(0, 7);
  program.event_query(0, 7);
  program.finish(0);
  Tensor input = input_for(in, 11);
  for (int repeat = 0; repeat < 20; ++repeat) {
    auto result = run(program.build({in}, {out}), {input});
    ASSERT_TRUE(result.ok()) << result.error().describe();
    EXPECT_TRUE(std::ranges::equal(result->outputs[0].bytes(), input.bytes()));
    ASSERT_EQ(result->event_queries.size(), 1u);
    EXPECT_EQ(result->event_queries[0], "queue 0: EventQuery event 7: complete");
    ASSERT_EQ(result->leaks.size(), 1u);  // the buffer is never deallocated
  }
}

TEST_F(MetalExecutorTest, WaitingForAnEventNobodyRecordsIsAnError) {
  MetalProgramBuilder program;
  program.create_event(0, 1);
  program.wait_for_event(0, 1);
  auto result = run(program.build({}, {}), {});
  ASSERT_FALSE(result.ok());
  EXPECT_THAT(result.error().describe(), HasSubstr("event 1 is never recorded"));
}

TEST_F(MetalExecutorTest, InputOfTheOtherRuntimeIsAnErrorNamingBoth) {
  TensorSpec in{.id = 1};
  MetalProgramBuilder program;
  auto info = tensor_info_of(in);
  auto ttnn_tensor = Tensor::create_owned(info, Runtime::kTtnn);
  ASSERT_TRUE(ttnn_tensor.ok());
  auto result = run(program.build({in}, {}), {*ttnn_tensor});
  ASSERT_FALSE(result.ok());
  EXPECT_THAT(result.error().describe(),
              HasSubstr("input 0 (global id 1, host, 4096 bytes) belongs to the TTNN runtime but "
                        "is used with the TTMetal runtime"));
  EXPECT_THAT(wait(Event::completed(Runtime::kTtnn), Runtime::kTtmetal).error().describe(),
              HasSubstr("event belongs to the TTNN runtime"));
}

TEST_F(MetalExecutorTest, WrongInputCountOrSize) {
  TensorSpec in{.id = 1};
  MetalProgramBuilder program;
  auto bytes = program.build({in}, {});
  EXPECT_THAT(run(bytes, {}).error().describe(), HasSubstr("takes 1 input(s), 0 given"));
  TensorSpec small{.id = 1, .shape = {4, 4}};
  EXPECT_THAT(run(bytes, {input_for(small, 0)}).error().describe(), HasSubstr("has 64 bytes"));
}

// Host-side failures of each command type: the message names the binary,
// program, device program, queue, command index and type, then the ids or
// addresses at fault.
TEST_F(MetalExecutorTest, ErrorsNameEveryLevelAndTheOffendingIds) {
  TensorSpec buffer{.id = 4, .address = kDramAddress, .shape = {8, 8}};
  TensorSpec host{.id = 9, .shape = {8, 8}};
  TensorSpec small_host{.id = 10, .shape = {4, 4}};
  struct Case {
    std::function<void(MetalProgramBuilder&)> build;
    std::string where;
    std::string what;
  };
  const std::string prefix = "test.ttm: program 0 'test': device program 0: ";
  std::vector<Case> cases = {
      {[&](MetalProgramBuilder& p) {
         p.create_buffer(0, buffer);
         p.write(0, TensorSpec{.id = 11, .shape = {8, 8}}.host(), buffer);
       },
       "queue 0 'cq0': command 1 (EnqueueWriteBufferCommand)",
       "host tensor 11 is neither a program input nor written by an earlier read"},
      {[&](MetalProgramBuilder& p) {
         p.create_buffer(0, buffer);
         p.read(0, buffer, small_host.host());
       },
       "queue 0 'cq0': command 1 (EnqueueReadBufferCommand)",
       "buffer 4 holds 256 bytes but host tensor 10 has 64"},
      {[&](MetalProgramBuilder& p) { p.read(0, buffer, host.host()); },
       "queue 0 'cq0': command 0 (EnqueueReadBufferCommand)", "buffer 4 is not live"},
      {[&](MetalProgramBuilder& p) {
         p.finish(0);
         p.record_event(1, 3);
       },
       "queue 1 'cq1': command 0 (EnqueueRecordEventCommand)", "event 3 was never created"},
      {[&](MetalProgramBuilder& p) {
         p.finish(0);
         p.create_event(1, 5);
         p.event_synchronize(1, 5);
       },
       "queue 1 'cq1': command 1 (EventSynchronizeCommand)", "event 5 is never recorded"},
      {[&](MetalProgramBuilder& p) {
         p.create_event(0, 6);
         p.create_event(0, 6);
       },
       "queue 0 'cq0': command 1 (CreateEventCommand)", "event 6 already exists"},
      {[&](MetalProgramBuilder& p) { p.create_buffer(0, {.id = 7, .address = 0x90000000}); },
       "queue 0 'cq0': command 0 (CreateBufferCommand)", "0x90000000"},
  };
  for (const Case& test : cases) {
    MetalProgramBuilder program;
    test.build(program);
    auto result = run(program.build({}, {host}), {});
    ASSERT_FALSE(result.ok()) << test.where;
    std::string message = result.error().describe();
    EXPECT_THAT(message, HasSubstr(prefix + test.where + ": ")) << message;
    EXPECT_THAT(message, HasSubstr(test.what)) << message;
  }
}

TEST_F(MetalExecutorTest, ClosingWithLiveBuffersReportsThem) {
  auto chip = metal_device(device, 0);
  ASSERT_TRUE(chip.ok());
  auto buffer = metal::create_buffer_at(
      **chip, metal::BufferConfig::interleaved(sim::MemoryType::kDram, 4096, 1024), kDramAddress);
  ASSERT_TRUE(buffer.ok()) << buffer.error().describe();
  auto report = close_device(device);
  ASSERT_TRUE(report.ok());
  ASSERT_EQ(report->size(), 1u);
  EXPECT_THAT(report->front(), HasSubstr("freed live DRAM"));
  EXPECT_FALSE(buffer->is_alive());
  EXPECT_FALSE(close_device(device).ok());  // twice is an error, not a crash
}

}  // namespace
}  // namespace tessera::runtime
