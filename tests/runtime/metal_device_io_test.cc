// Program inputs and outputs in device memory, as the 2024 compiler wrote
// them: the runtime creates their buffers at the TensorRefs' addresses, fills
// the inputs, reads the outputs back and frees them; the queue's commands
// never create, write or read them. System TensorRefs stay host tensors the
// commands copy, and both conventions mix in one program.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstring>

#include "../support/metal_program_builder.h"
#include "tessera/runtime/internal/device_access.h"
#include "tessera/runtime/internal/wire_types.h"
#include "tessera/runtime/submit.h"

namespace tessera::runtime {
namespace {

using ::testing::HasSubstr;
using testing::MetalProgramBuilder;
using testing::TensorSpec;
using tt::target::MemorySpace;

constexpr uint64_t kL1Address = 0x20000;
constexpr uint64_t kDramAddress = 0x200000;

class MetalDeviceIoTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto opened = open_device({});
    ASSERT_TRUE(opened.ok()) << opened.error().describe();
    device = *opened;
  }
  void TearDown() override {
    auto report = close_device(device);
    ASSERT_TRUE(report.ok());
    EXPECT_TRUE(report->empty()) << "buffers left live: " << report->front();
  }

  static Tensor input_for(const TensorSpec& spec, uint8_t seed) {
    TensorInfo info;
    info.global_id = spec.id;
    info.shape.assign(spec.shape.begin(), spec.shape.end());
    info.data_type = *runtime::from_wire(spec.type);
    info.element_size = 4;
    info.size_bytes = spec.bytes();
    std::vector<uint8_t> bytes(spec.bytes());
    for (size_t i = 0; i < bytes.size(); ++i)
      bytes[i] = static_cast<uint8_t>(i * 7 + seed + i / 251);
    return *Tensor::create_from_bytes(info, bytes, Runtime::kTtmetal);
  }

  Result<SubmitResult> run(const std::vector<uint8_t>& bytes, std::vector<Tensor> inputs) {
    auto binary = Binary::load_memory(bytes, "io.ttm");
    if (!binary.ok()) return std::move(binary).error();
    return submit(device, *binary, 0, inputs);
  }

  size_t live_buffers() {
    auto chip = metal_device(device, 0);
    return chip.ok() ? (*chip)->chip()->buffers().live_buffers().size() : 99;
  }

  Device device;
};

// Tensors on device, each as the compiler describes one.
TensorSpec l1_one_core(uint32_t id, uint64_t address) {
  return {.id = id, .address = address, .shape = {32, 64}, .space = MemorySpace::DeviceL1};
}
TensorSpec l1_grid(uint32_t id, uint64_t address) {
  return {.id = id,
          .address = address,
          .shape = {64, 128},
          .space = MemorySpace::DeviceL1,
          .shard_shape = {32, 64},
          .grid_y = 2,
          .grid_x = 2};
}
TensorSpec l1_tiled_grid(uint32_t id, uint64_t address) {
  return {.id = id,
          .address = address,
          .shape = {64, 128},
          .space = MemorySpace::DeviceL1,
          .tiled = true,
          .shard_shape = {1, 2},
          .grid_y = 2,
          .grid_x = 2};
}
TensorSpec l1_grid_3x6(uint32_t id, uint64_t address) {
  return {.id = id,
          .address = address,
          .shape = {96, 192},
          .space = MemorySpace::DeviceL1,
          .shard_shape = {32, 32},
          .grid_y = 3,
          .grid_x = 6};
}
TensorSpec dram_rows(uint32_t id, uint64_t address) {
  return {.id = id, .address = address, .shape = {64, 128}};
}
TensorSpec dram_tiles(uint32_t id, uint64_t address) {
  return {.id = id, .address = address, .shape = {64, 128}, .tiled = true, .shard_shape = {2, 4}};
}

struct Placement {
  const char* name;
  TensorSpec (*make)(uint32_t, uint64_t);
  uint64_t address;
};

class DeviceIoPlacementTest : public MetalDeviceIoTest,
                              public ::testing::WithParamInterface<Placement> {};

// The runtime writes the input; the queue's own read copies it to a host
// output: byte-exact.
TEST_P(DeviceIoPlacementTest, ARuntimeCreatedInputHoldsTheHostBytes) {
  TensorSpec input = GetParam().make(1, GetParam().address);
  TensorSpec out = input.host();
  out.id = 2;
  MetalProgramBuilder program;
  program.create_buffer(0, input);  // the same buffer again: a no-op
  program.read(0, input, out);
  program.finish(0);
  Tensor host = input_for(input, 5);
  auto result = run(program.build_device_io({input}, {out}), {host});
  ASSERT_TRUE(result.ok()) << result.error().describe();
  ASSERT_EQ(result->outputs.size(), 1u);
  EXPECT_TRUE(std::ranges::equal(result->outputs[0].bytes(), host.bytes()));
  EXPECT_TRUE(result->leaks.empty()) << result->leaks.front();
  EXPECT_EQ(live_buffers(), 0u);
}

// The queue's own write fills the output; the runtime reads it back.
TEST_P(DeviceIoPlacementTest, ARuntimeCreatedOutputIsReadBack) {
  TensorSpec output = GetParam().make(2, GetParam().address);
  TensorSpec in = output.host();
  in.id = 1;
  MetalProgramBuilder program;
  program.write(0, in, output);
  program.finish(0);
  Tensor host = input_for(in, 9);
  auto result = run(program.build_device_io({in}, {output}), {host});
  ASSERT_TRUE(result.ok()) << result.error().describe();
  ASSERT_EQ(result->outputs.size(), 1u);
  EXPECT_TRUE(std::ranges::equal(result->outputs[0].bytes(), host.bytes()));
  EXPECT_TRUE(result->leaks.empty()) << result->leaks.front();
  EXPECT_EQ(live_buffers(), 0u);
}

INSTANTIATE_TEST_SUITE_P(Placements, DeviceIoPlacementTest,
                         ::testing::Values(Placement{"L1OneCore", l1_one_core, kL1Address},
                                           Placement{"L1Grid2x2", l1_grid, kL1Address},
                                           Placement{"L1Grid3x6", l1_grid_3x6, kL1Address},
                                           Placement{"L1TiledGrid2x2", l1_tiled_grid, kL1Address},
                                           Placement{"DramInterleaved", dram_rows, kDramAddress},
                                           Placement{"DramTiles", dram_tiles, kDramAddress}),
                         [](const auto& info) { return std::string(info.param.name); });

// Where the runtime puts a sharded input's host bytes, seen by a kernel:
// core (y, x) of the 2x2 grid holds rows 32y..32y+31, columns 64x..64x+63.
// A 2024-style reader on core (0,0) gathers the blocks into a one-core
// output; read back, the output is the input again.
TEST_F(MetalDeviceIoTest, ShardsOfAGridHoldTheirBlockOfTheHostTensor) {
  TensorSpec input = l1_grid(0, kL1Address);
  TensorSpec output{
      .id = 1, .address = kL1Address + 0x8000, .shape = {64, 128}, .space = MemorySpace::DeviceL1};
  const std::string gather = R"(#include <cstdint>
#include "dataflow_api.h"

void kernel_main() {
  // NoC coordinates of logical cores (x, y) = (0..1, 0..1) on Wormhole.
  const uint32_t noc_x[2] = {1, 2};
  const uint32_t noc_y[2] = {1, 2};
  for (uint32_t y = 0; y < 2; ++y) {
    for (uint32_t x = 0; x < 2; ++x) {
      for (uint32_t row = 0; row < 32; ++row) {
        uint64_t block_row = get_noc_addr(noc_x[x], noc_y[y], 0x20000 + row * 256);
        uint32_t out_row = 0x28000 + ((32 * y + row) * 128 + 64 * x) * 4;
        noc_async_read(block_row, out_row, 256);
      }
    }
  }
  noc_async_read_barrier();
}
)";
  MetalProgramBuilder program;
  program.reader_program(0, gather);
  program.finish(0);
  Tensor host = input_for(input, 1);
  auto result = run(program.build_device_io({input}, {output}), {host});
  ASSERT_TRUE(result.ok()) << result.error().describe();
  EXPECT_TRUE(std::ranges::equal(result->outputs[0].bytes(), host.bytes()));
  EXPECT_EQ(live_buffers(), 0u);
}

// One program, both conventions: input 0 and output 1 are runtime-created,
// input 1 and output 0 are host tensors the commands copy through a DRAM
// buffer the program creates and frees.
TEST_F(MetalDeviceIoTest, BothConventionsInOneProgram) {
  TensorSpec device_in = l1_grid(1, kL1Address);
  TensorSpec host_in{.id = 2, .shape = {64, 128}, .space = MemorySpace::System};
  TensorSpec host_out{.id = 3, .shape = {64, 128}, .space = MemorySpace::System};
  TensorSpec device_out = dram_rows(4, kDramAddress);
  TensorSpec scratch = dram_rows(5, kDramAddress + 0x100000);
  MetalProgramBuilder program;
  program.read(0, device_in, host_out);
  program.create_buffer(0, scratch);
  program.write(0, host_in, scratch);
  program.read(0, scratch, host_in);  // host tensor 2 is a fine destination too
  program.write(0, host_in, device_out);
  program.deallocate(0, scratch);
  program.finish(0);
  Tensor a = input_for(device_in, 3), b = input_for(host_in, 4);
  auto result = run(program.build_device_io({device_in, host_in}, {host_out, device_out}), {a, b});
  ASSERT_TRUE(result.ok()) << result.error().describe();
  ASSERT_EQ(result->outputs.size(), 2u);
  EXPECT_TRUE(std::ranges::equal(result->outputs[0].bytes(), a.bytes()));
  EXPECT_TRUE(std::ranges::equal(result->outputs[1].bytes(), b.bytes()));
  EXPECT_TRUE(result->leaks.empty()) << result->leaks.front();
  EXPECT_EQ(live_buffers(), 0u);
}

TEST_F(MetalDeviceIoTest, AnOutputThatIsAlsoAnInputSharesItsBuffer) {
  TensorSpec tensor = l1_one_core(7, kL1Address);
  MetalProgramBuilder program;
  program.finish(0);
  Tensor host = input_for(tensor, 2);
  auto result = run(program.build_device_io({tensor}, {tensor}), {host});
  ASSERT_TRUE(result.ok()) << result.error().describe();
  EXPECT_TRUE(std::ranges::equal(result->outputs[0].bytes(), host.bytes()));
  EXPECT_EQ(live_buffers(), 0u);
}

TEST_F(MetalDeviceIoTest, ACreateAskingForAnotherBufferUnderTheIdIsAConflict) {
  TensorSpec input = l1_one_core(1, kL1Address);
  TensorSpec other = input;
  other.address = kL1Address + 0x4000;
  MetalProgramBuilder program;
  program.create_buffer(0, other);
  Tensor host = input_for(input, 1);
  auto result = run(program.build_device_io({input}, {}), {host});
  ASSERT_FALSE(result.ok());
  std::string message = result.error().describe();
  EXPECT_THAT(message, HasSubstr("command 0 (CreateBufferCommand)"));
  EXPECT_THAT(message, HasSubstr("buffer 1 is already live as L1 block-sharded 8192 bytes"));
  EXPECT_THAT(message, HasSubstr("at 0x20000; this command asks for"));
  EXPECT_THAT(message, HasSubstr("at 0x24000"));
  EXPECT_EQ(live_buffers(), 0u);
}

TEST_F(MetalDeviceIoTest, AProgramMayFreeARuntimeCreatedInputButNotAnOutput) {
  TensorSpec input = l1_one_core(1, kL1Address);
  TensorSpec output = l1_one_core(2, kL1Address + 0x4000);
  Tensor host = input_for(input, 1);
  {
    MetalProgramBuilder program;
    program.deallocate(0, input);
    program.finish(0);
    auto result = run(program.build_device_io({input}, {output}), {host});
    ASSERT_TRUE(result.ok()) << result.error().describe();
    EXPECT_TRUE(result->leaks.empty());
  }
  MetalProgramBuilder program;
  program.deallocate(0, output);
  auto result = run(program.build_device_io({input}, {output}), {host});
  ASSERT_FALSE(result.ok());
  EXPECT_THAT(result.error().describe(),
              HasSubstr("io.ttm: program 0 'test': device program 0: output 0 (global id 2, L1 "
                        "block-sharded 8192 bytes (page 256) at 0x24000, [0x24000, 0x26000) of the "
                        "L1 of each core in (0, 0)-(0, 0)): the program deallocated its buffer "
                        "before the runtime could read it back"));
  EXPECT_EQ(live_buffers(), 0u);
}

// Every failure names the binary, program, input or output, global id,
// address and range, says why, and leaves the device usable.
TEST_F(MetalDeviceIoTest, PlacementErrorsNameWhatWhereAndWhy) {
  struct Case {
    const char* what;
    std::vector<TensorSpec> inputs;
    std::vector<std::string> expected;
  };
  TensorSpec grid_too_large = l1_grid(4, kL1Address);
  grid_too_large.grid_y = 9;  // Wormhole has 8 rows of workers
  grid_too_large.shape = {9 * 32, 128};
  TensorSpec grid_mismatch = l1_grid(5, kL1Address);
  grid_mismatch.shape = {96, 128};  // 3 rows of 32-row shards on a 2-row grid
  std::vector<Case> cases = {
      {"out of range",
       {l1_one_core(1, 0x16F000)},
       {"input 0 (global id 1, L1 block-sharded 8192 bytes (page 256) at 0x16f000",
        "[0x16f000, 0x171000) of the L1 of each core in (0, 0)-(0, 0)", "runs past the end"}},
      {"misaligned",
       {l1_one_core(2, kL1Address + 4)},
       {"input 0 (global id 2", "at 0x20004", "not aligned to"}},
      {"in the reserved range",
       {l1_one_core(3, 0x100)},
       {"input 0 (global id 3", "at 0x100", "below the unreserved base"}},
      {"overlapping",
       {l1_one_core(1, kL1Address), l1_one_core(2, kL1Address + 0x1000)},
       {"input 1 (global id 2", "[0x21000, 0x23000)", "overlaps the live allocation"}},
      {"grid larger than the chip",
       {grid_too_large},
       {"input 0 (global id 4", "(0, 0)-(1, 8)", "outside the worker grid"}},
      {"shape not fitting its grid",
       {grid_mismatch},
       {"input 0 (global id 5", "at 0x20000", "does not fit"}},
  };
  for (const Case& test : cases) {
    MetalProgramBuilder program;
    program.finish(0);
    std::vector<Tensor> hosts;
    for (const TensorSpec& spec : test.inputs) hosts.push_back(input_for(spec, 0));
    auto result = run(program.build_device_io(test.inputs, {}), hosts);
    ASSERT_FALSE(result.ok()) << test.what;
    std::string message = result.error().describe();
    EXPECT_THAT(message, HasSubstr("io.ttm: program 0 'test': device program 0: ")) << test.what;
    for (const std::string& text : test.expected) {
      EXPECT_THAT(message, HasSubstr(text)) << test.what;
    }
    EXPECT_EQ(live_buffers(), 0u) << test.what;
  }
  // Wrong host bytes for an input.
  TensorSpec input = l1_one_core(6, kL1Address);
  TensorSpec smaller = input;
  smaller.shape = {16, 64};
  MetalProgramBuilder program;
  auto result = run(program.build_device_io({input}, {}), {input_for(smaller, 0)});
  ASSERT_FALSE(result.ok());
  EXPECT_THAT(result.error().describe(), HasSubstr("io.ttm: program 0 'test': input 0 (global id "
                                                   "6, DeviceL1 at 0x20000, 8192 bytes): the host "
                                                   "tensor has 4096 bytes"));
  // The device still runs a good program.
  MetalProgramBuilder good;
  good.finish(0);
  Tensor host = input_for(input, 1);
  auto ran = run(good.build_device_io({input}, {input}), {host});
  ASSERT_TRUE(ran.ok()) << ran.error().describe();
  EXPECT_TRUE(std::ranges::equal(ran->outputs[0].bytes(), host.bytes()));
}

}  // namespace
}  // namespace tessera::runtime
