// The executor of the compiler's current TTMetal layout, through the runtime
// API, on binaries written the way tt-mlir's flatbuffer translation writes
// them: every command, every kernel argument kind, interleaved and sharded
// MetalBuffers, Return, and the errors a malformed program gets. Kernels are
// written as the compiler's kernel emitter writes them: api/ headers,
// `void kernel_main()`, arguments by index.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>
#include <cstring>
#include <numeric>

#include "../support/current_binary_builder.h"
#include "tessera/format/generated.h"
#include "tessera/runtime/internal/device_access.h"
#include "tessera/runtime/submit.h"

namespace tessera::runtime {
namespace {

using testing::buffer_arg;
using testing::CurrentArg;
using testing::CurrentArgRef;
using testing::CurrentBinaryBuilder;
using testing::CurrentBuffer;
using testing::CurrentKernel;
using testing::dram;
using testing::float_bits;
using ::testing::HasSubstr;
using testing::host;
using Kind = CurrentBuffer::Kind;

constexpr uint64_t kDramAddress = 0x200000;
constexpr uint64_t kL1Address = 0x40000;

// A reader that publishes CB pages already in place (the CB aliases its
// buffer): what the compiler emits for operands resident in L1.
constexpr const char* kPublishInputs = R"(#include "api/dataflow/dataflow_api.h"
void kernel_main() {
  uint32_t lhs = get_compile_time_arg_val(0);
  uint32_t rhs = get_compile_time_arg_val(1);
  cb_reserve_back(lhs, 1);
  cb_push_back(lhs, 1);
  cb_reserve_back(rhs, 1);
  cb_push_back(rhs, 1);
}
)";

constexpr const char* kAddTiles = R"(#include "api/compute/common.h"
#include "api/compute/eltwise_binary.h"
#include "api/compute/tile_move_copy.h"
void kernel_main() {
  uint32_t lhs = get_compile_time_arg_val(0);
  uint32_t rhs = get_compile_time_arg_val(1);
  uint32_t out = get_compile_time_arg_val(2);
  binary_op_init_common(lhs, rhs, out);
  add_tiles_init(lhs, rhs);
  cb_wait_front(lhs, 1);
  cb_wait_front(rhs, 1);
  cb_reserve_back(out, 1);
  tile_regs_acquire();
  add_tiles(lhs, rhs, 0, 0, 0);
  tile_regs_commit();
  tile_regs_wait();
  pack_tile(0, out);
  tile_regs_release();
  cb_push_back(out, 1);
  cb_pop_front(lhs, 1);
  cb_pop_front(rhs, 1);
}
)";

constexpr const char* kDrainOutput = R"(#include "api/dataflow/dataflow_api.h"
void kernel_main() {
  uint32_t out = get_compile_time_arg_val(0);
  cb_wait_front(out, 1);
  cb_pop_front(out, 1);
}
)";

// Copies pages of one DRAM tensor to another through a CB, scaling each
// float32 by a literal: TensorAccessorArgs (compile time), buffer
// addresses (runtime), a named argument (common runtime).
constexpr const char* kScaledPageCopy = R"(#include "api/dataflow/dataflow_api.h"
#include "api/tensor/tensor_accessor.h"
void kernel_main() {
  constexpr auto src_args = TensorAccessorArgs<0, 0>();
  constexpr auto dst_args = TensorAccessorArgs<src_args.next_compile_time_args_offset(), 0>();
  constexpr uint32_t cb = get_compile_time_arg_val(dst_args.next_compile_time_args_offset());
  constexpr uint32_t pages = get_compile_time_arg_val(dst_args.next_compile_time_args_offset() + 1);
  uint32_t src_address = get_arg_val<uint32_t>(0);
  uint32_t dst_address = get_arg_val<uint32_t>(1);
  uint32_t scale_bits = get_common_arg_val<uint32_t>(0);
  float scale;
  __builtin_memcpy(&scale, &scale_bits, sizeof scale);
  const uint32_t page_bytes = get_local_cb_interface(cb).fifo_page_size;
  auto src = TensorAccessor(src_args, src_address, page_bytes);
  auto dst = TensorAccessor(dst_args, dst_address, page_bytes);
  for (uint32_t page = 0; page < pages; ++page) {
    cb_reserve_back(cb, 1);
    uint32_t l1 = get_write_ptr(cb);
    noc_async_read(src.get_noc_addr(page), l1, page_bytes);
    noc_async_read_barrier();
    float* values = reinterpret_cast<float*>(l1);
    for (uint32_t i = 0; i < page_bytes / sizeof(float); ++i) values[i] *= scale;
    noc_async_write(l1, dst.get_noc_addr(page), page_bytes);
    noc_async_write_barrier();
    cb_push_back(cb, 1);
    cb_wait_front(cb, 1);
    cb_pop_front(cb, 1);
  }
}
)";

std::vector<float> arange(size_t count, float start = 0.0f, float step = 1.0f) {
  std::vector<float> values(count);
  for (size_t i = 0; i < count; ++i) values[i] = start + step * static_cast<float>(i);
  return values;
}

std::vector<float> floats_of(const Tensor& tensor) {
  std::vector<float> values(tensor.bytes().size() / sizeof(float));
  std::memcpy(values.data(), tensor.bytes().data(), tensor.bytes().size());
  return values;
}

CurrentBuffer l1_tile(uint32_t id, uint64_t address) {
  CurrentBuffer buffer = host(id);
  buffer.kind = Kind::kL1Sharded;
  buffer.address = address;
  buffer.tiled = true;
  buffer.cb_buffers = 1;
  return buffer;
}

class CurrentExecutorTest : public ::testing::TestWithParam<DeviceIsolation> {
 protected:
  void SetUp() override {
    DeviceOptions options;
    options.isolation = GetParam();
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

  static Tensor input(const CurrentBuffer& buffer, const std::vector<float>& values) {
    TensorInfo info;
    info.global_id = buffer.id;
    info.shape.assign(buffer.shape.begin(), buffer.shape.end());
    info.data_type = runtime::DataType::kFloat32;
    info.element_size = 4;
    info.size_bytes = values.size() * sizeof(float);
    auto tensor = Tensor::create_from_bytes(
        info, {reinterpret_cast<const uint8_t*>(values.data()), info.size_bytes},
        Runtime::kTtmetal);
    EXPECT_TRUE(tensor.ok());
    return *tensor;
  }

  // After a failed program the device runs the next one (defined below,
  // with the word-storing kernels).
  void expect_next_program_runs(uint32_t answer);

  Result<SubmitResult> run(const std::vector<uint8_t>& bytes, std::vector<Tensor> inputs) {
    auto binary = Binary::load_memory(bytes, "current.ttm");
    if (!binary.ok()) return binary.error();
    return submit(device, *binary, 0, inputs);
  }

  Device device;
};

// in -> device buffer -> out, as the compiler moves a host tensor.
TEST_P(CurrentExecutorTest, HostTensorThroughAnInterleavedDramBuffer) {
  CurrentBuffer in = host(1), on_device = dram(2, kDramAddress), out = host(3);
  CurrentBinaryBuilder program;
  program.round_trip(in, on_device, out);
  std::vector<float> values = arange(1024, -3.5f, 0.25f);
  auto result = run(program.build({in}, {out}), {input(in, values)});
  ASSERT_TRUE(result.ok()) << result.error().describe();
  ASSERT_EQ(result->outputs.size(), 1u);
  EXPECT_EQ(floats_of(result->outputs[0]), values);
  EXPECT_TRUE(result->leaks.empty());
}

// CB ports as compile-time args, CBs in the L1 of sharded buffers (their
// CircularBufferConfig), a reader, a compute and a writer kernel.
TEST_P(CurrentExecutorTest, EltwiseAddThroughCircularBuffersInL1Buffers) {
  CurrentBuffer a = host(1), b = host(2), out = host(6);
  CurrentBuffer a_l1 = l1_tile(3, kL1Address), b_l1 = l1_tile(4, kL1Address + 0x1000),
                out_l1 = l1_tile(5, kL1Address + 0x2000);
  CurrentBinaryBuilder program;
  for (const CurrentBuffer& buffer : {a_l1, b_l1, out_l1}) program.create_buffer(buffer);
  program.write(a, a_l1);
  program.write(b, b_l1);
  CurrentKernel reader{kPublishInputs, CurrentKernel::Type::kNoc0Reader};
  reader.ct_args = {CurrentArg::cb_port(0), CurrentArg::cb_port(1)};
  CurrentKernel compute{kAddTiles, CurrentKernel::Type::kCompute};
  compute.ct_args = {CurrentArg::cb_port(0), CurrentArg::cb_port(1), CurrentArg::cb_port(2)};
  CurrentKernel writer{kDrainOutput, CurrentKernel::Type::kNoc1Writer};
  writer.ct_args = {CurrentArg::cb_port(2)};
  program.program({reader, compute, writer}, {}, {{0, a_l1}, {1, b_l1}, {16, out_l1}});
  program.host_alloc(out);
  program.read(out_l1, out);
  for (const CurrentBuffer& buffer : {a_l1, b_l1, out_l1}) program.deallocate(buffer);
  program.returns({out});

  std::vector<float> lhs = arange(1024, 1.0f, 0.5f), rhs = arange(1024, -7.0f, 0.125f);
  auto result = run(program.build({a, b}, {out}), {input(a, lhs), input(b, rhs)});
  ASSERT_TRUE(result.ok()) << result.error().describe();
  std::vector<float> sum = floats_of(result->outputs[0]);
  for (size_t i = 0; i < sum.size(); ++i) ASSERT_EQ(sum[i], lhs[i] + rhs[i]) << "element " << i;
}

// TensorAccessorArgs of two DRAM buffers, their addresses as runtime args,
// literals as named (compile-time) and common runtime args.
TEST_P(CurrentExecutorTest, TensorAccessorArgsBufferAddressesAndNamedArguments) {
  CurrentBuffer in = host(1, {8, 64}), out = host(5, {8, 64});
  CurrentBuffer src = dram(2, kDramAddress, {8, 64}),
                dst = dram(3, kDramAddress + 0x10000, {8, 64});
  CurrentBuffer scratch = host(4, {1, 64});
  scratch.kind = Kind::kL1Sharded;
  scratch.address = kL1Address;
  scratch.cb_buffers = 1;
  CurrentBinaryBuilder program;
  for (const CurrentBuffer& buffer : {src, dst, scratch}) program.create_buffer(buffer);
  program.write(in, src);
  CurrentKernel copy{kScaledPageCopy, CurrentKernel::Type::kNoc0Reader};
  copy.ct_args = {CurrentArg::tensor_accessor_args(0), CurrentArg::tensor_accessor_args(1),
                  CurrentArg::cb_port(0), CurrentArg::named("pages", 8)};
  copy.rt_args = {CurrentArg::buffer_address(0), CurrentArg::buffer_address(1)};
  copy.crt_args = {CurrentArg::named("scale", float_bits(-2.0f))};
  program.program({copy}, {buffer_arg(src), buffer_arg(dst)}, {{0, scratch}});
  program.host_alloc(out);
  program.read(dst, out);
  for (const CurrentBuffer& buffer : {src, dst, scratch}) program.deallocate(buffer);
  program.returns({out});

  std::vector<float> values = arange(512, 0.5f, 1.0f);
  auto result = run(program.build({in}, {out}), {input(in, values)});
  ASSERT_TRUE(result.ok()) << result.error().describe();
  std::vector<float> scaled = floats_of(result->outputs[0]);
  for (size_t i = 0; i < values.size(); ++i) ASSERT_EQ(scaled[i], -2.0f * values[i]) << i;
}

// A kernel that stores one word it was given at an L1 buffer's address
// (runtime arg 0 is the address, compile-time arg 0 the value).
constexpr const char* kStoreCompileTimeWord = R"(#include "api/dataflow/dataflow_api.h"
void kernel_main() {
  uint32_t address = get_arg_val<uint32_t>(0);
  *reinterpret_cast<volatile uint32_t*>(address) = get_compile_time_arg_val(0);
}
)";

constexpr const char* kStoreRuntimeWord = R"(#include "api/dataflow/dataflow_api.h"
void kernel_main() {
  uint32_t address = get_arg_val<uint32_t>(0);
  *reinterpret_cast<volatile uint32_t*>(address) = get_arg_val<uint32_t>(1);
}
)";

// A one-word L1 output the kernels above write into.
CurrentBuffer word_buffer(uint32_t id, uint64_t address) {
  CurrentBuffer buffer = host(id, {1, 4});
  buffer.type = tt::target::current::DataType::UInt32;
  buffer.kind = Kind::kL1Sharded;
  buffer.address = address;
  return buffer;
}

CurrentBuffer words_out(uint32_t id) {
  CurrentBuffer buffer = host(id, {1, 4});
  buffer.type = tt::target::current::DataType::UInt32;
  return buffer;
}

std::vector<uint32_t> words_of(const Tensor& tensor) {
  std::vector<uint32_t> words(tensor.bytes().size() / 4);
  std::memcpy(words.data(), tensor.bytes().data(), tensor.bytes().size());
  return words;
}

// A program that runs `kernel` on core (0, 0) with `rt_args` and `refs`, and
// returns the first word of an L1 buffer the kernel can write to (arg_refs[0]).
std::vector<uint8_t> word_program(CurrentBinaryBuilder& program, CurrentKernel kernel,
                                  std::vector<CurrentArgRef> refs,
                                  const std::vector<CurrentBuffer>& inputs = {}) {
  CurrentBuffer word = word_buffer(10, kL1Address), out = words_out(11);
  refs.insert(refs.begin(), buffer_arg(word));
  program.create_buffer(word);
  program.program({kernel}, refs);
  program.host_alloc(out);
  program.read(word, out);
  program.deallocate(word);
  program.returns({out});
  return program.build(inputs, {out}, "word");
}

TEST_P(CurrentExecutorTest, ScalarArgumentComesFromAHostBuffer) {
  CurrentBinaryBuilder program;
  CurrentBuffer scalar = words_out(20);
  scalar.shape = {1};
  std::vector<uint8_t> data = {0x78, 0x56, 0x34, 0x12};
  program.host_alloc(scalar, &data);
  CurrentKernel kernel{kStoreRuntimeWord};
  kernel.rt_args = {CurrentArg::buffer_address(0), CurrentArg::scalar(1)};
  auto result = run(word_program(program, kernel, {buffer_arg(scalar)}), {});
  ASSERT_TRUE(result.ok()) << result.error().describe();
  EXPECT_EQ(words_of(result->outputs[0])[0], 0x12345678u);
}

// The device keeps a program after its first run, but only for the words
// its arguments resolved to: a scalar that is a program input makes each
// new value build the program again, and a repeated one run the kept one.
TEST_P(CurrentExecutorTest, AKeptProgramRunsOnlyWithTheArgumentsItWasBuiltWith) {
  CurrentBinaryBuilder program;
  CurrentBuffer scalar = words_out(20);
  scalar.shape = {1};
  CurrentKernel kernel{kStoreRuntimeWord};
  kernel.rt_args = {CurrentArg::buffer_address(0), CurrentArg::scalar(1)};
  auto binary = Binary::load_memory(word_program(program, kernel, {buffer_arg(scalar)}, {scalar}),
                                    "scalar_input.ttm");
  ASSERT_TRUE(binary.ok()) << binary.error().describe();
  auto metal = metal_device(device, 0);
  ASSERT_TRUE(metal.ok());
  const std::size_t hits = (*metal)->program_cache().hits();
  for (uint32_t value : {0x11111111u, 0x22222222u, 0x22222222u, 0x11111111u}) {
    TensorInfo info;
    info.global_id = scalar.id;
    info.shape = {1};
    info.data_type = runtime::DataType::kUInt32;
    info.element_size = 4;
    info.size_bytes = 4;
    auto tensor = Tensor::create_from_bytes(
        info, {reinterpret_cast<const uint8_t*>(&value), sizeof value}, Runtime::kTtmetal);
    ASSERT_TRUE(tensor.ok()) << tensor.error().describe();
    std::vector<Tensor> inputs = {*tensor};
    auto result = submit(device, *binary, 0, inputs);
    ASSERT_TRUE(result.ok()) << result.error().describe();
    EXPECT_EQ(words_of(result->outputs[0])[0], value);
  }
  EXPECT_EQ((*metal)->program_cache().hits(), hits + 2);
  EXPECT_EQ((*metal)->program_cache().size(), 2u);
}

// A local semaphore's id reaches the kernel; get_semaphore gives its L1
// word, which holds the initial value the CreateLocalSemaphoreCommand set.
TEST_P(CurrentExecutorTest, LocalSemaphoreStartsAtItsInitialValue) {
  constexpr const char* kReadSemaphore = R"(#include "api/dataflow/dataflow_api.h"
void kernel_main() {
  uint32_t address = get_arg_val<uint32_t>(0);
  uint32_t semaphore = get_semaphore(get_arg_val<uint32_t>(1));
  *reinterpret_cast<volatile uint32_t*>(address) =
      *reinterpret_cast<volatile uint32_t*>(semaphore);
}
)";
  CurrentBinaryBuilder program;
  program.create_local_semaphore(7, 41);
  CurrentKernel kernel{kReadSemaphore};
  kernel.rt_args = {CurrentArg::buffer_address(0), CurrentArg::local_semaphore(1)};
  CurrentArgRef semaphore;
  semaphore.kind = CurrentArgRef::Kind::kLocalSemaphore;
  semaphore.id = 7;
  semaphore.initial = 41;
  auto result = run(word_program(program, kernel, {semaphore}), {});
  ASSERT_TRUE(result.ok()) << result.error().describe();
  EXPECT_EQ(words_of(result->outputs[0])[0], 41u);
}

// Core (0,0) increments the global semaphore on core (0,1), found through
// the compiler's logical-to-virtual coordinate tables; (0,1) waits for it
// and records what it saw. A reset sets it back for a second run.
TEST_P(CurrentExecutorTest, GlobalSemaphoreSignalsAcrossCoresAndResets) {
  constexpr uint64_t kSemaphore = kL1Address + 0x8000;
  constexpr const char* kSignal = R"(#include "api/dataflow/dataflow_api.h"
void kernel_main() {
  uint32_t semaphore = get_arg_val<uint32_t>(0);
  uint64_t remote = get_noc_addr(worker_logical_col_to_virtual_col[1],
                                 worker_logical_row_to_virtual_row[0], semaphore);
  noc_semaphore_inc(remote, 5);
}
)";
  constexpr const char* kWaitAndRecord = R"(#include "api/dataflow/dataflow_api.h"
void kernel_main() {
  uint32_t semaphore = get_arg_val<uint32_t>(0);
  uint32_t address = get_arg_val<uint32_t>(1);
  volatile uint32_t* word = reinterpret_cast<volatile uint32_t*>(semaphore);
  noc_semaphore_wait(word, 8);
  *reinterpret_cast<volatile uint32_t*>(address) = *word;
}
)";
  // Four words on each of cores (0,0) and (0,1); (0,1) holds words 4..7.
  CurrentBuffer words = word_buffer(10, kL1Address);
  words.shape = {1, 8};
  words.grid_x = 2;
  CurrentArgRef semaphore;
  semaphore.kind = CurrentArgRef::Kind::kGlobalSemaphore;
  semaphore.id = 3;
  semaphore.address = kSemaphore;
  CurrentKernel signal{kSignal};
  signal.rt_args = {CurrentArg::global_semaphore(1)};
  CurrentKernel wait{kWaitAndRecord, CurrentKernel::Type::kNoc0Reader, 0, 1};
  wait.rt_args = {CurrentArg::global_semaphore(1), CurrentArg::buffer_address(0)};

  CurrentBinaryBuilder program;
  program.create_global_semaphore(3, kSemaphore, 3, 0, 0, 1, 2);
  program.create_buffer(words);
  std::vector<CurrentBuffer> outputs;
  for (uint32_t run = 0; run < 2; ++run) {
    program.program({signal, wait}, {buffer_arg(words), semaphore});
    CurrentBuffer out = words_out(11 + run);
    out.shape = {1, 8};
    program.host_alloc(out);
    program.read(words, out);
    program.reset_global_semaphore(3, kSemaphore, 3);
    outputs.push_back(out);
  }
  program.deallocate(words);
  program.returns(outputs);
  auto result = run(program.build({}, outputs), {});
  ASSERT_TRUE(result.ok()) << result.error().describe();
  EXPECT_EQ(words_of(result->outputs[0])[4], 8u);
  EXPECT_EQ(words_of(result->outputs[1])[4], 8u);
}

TEST_P(CurrentExecutorTest, EventsAreRecordedWaitedForAndSynchronized) {
  CurrentBuffer in = host(1), on_device = dram(2, kDramAddress), out = host(3);
  CurrentBinaryBuilder program;
  program.create_buffer(on_device);
  program.write(in, on_device);
  program.record_event(9);
  program.wait_for_event(9);
  program.host_alloc(out);
  program.read(on_device, out);
  program.record_event(10);
  program.event_synchronize(10);
  program.finish();
  program.deallocate(on_device);
  program.returns({out});
  std::vector<float> values = arange(1024);
  auto result = run(program.build({in}, {out}), {input(in, values)});
  ASSERT_TRUE(result.ok()) << result.error().describe();
  EXPECT_EQ(floats_of(result->outputs[0]), values);
}

TEST_P(CurrentExecutorTest, WaitingForAnEventNeverRecordedIsAnError) {
  CurrentBuffer out = host(3);
  CurrentBinaryBuilder program;
  program.wait_for_event(4);
  program.host_alloc(out);
  program.returns({out});
  auto result = run(program.build({}, {out}), {});
  ASSERT_FALSE(result.ok());
  EXPECT_THAT(result.error().describe(),
              HasSubstr("command 0 (EnqueueWaitForEventCommand) at loc(\"test.mlir\":1): event 4 "
                        "was never recorded"));
}

TEST_P(CurrentExecutorTest, MemrefCopyDenseAndThroughPaddedStrides) {
  CurrentBuffer in = host(1, {4, 8});
  CurrentBuffer padded = host(2, {4, 8});
  padded.host_strides = {16, 1};  // rows 16 elements apart
  padded.host_volume = 64;
  CurrentBuffer back = host(3, {4, 8}), flat = host(4, {32});
  CurrentBinaryBuilder program;
  program.host_alloc(padded);
  program.memref_copy(in, padded);
  program.host_alloc(back);
  program.memref_copy(padded, back);
  program.host_alloc(flat);
  program.memref_copy(back, flat);  // a reshape: ranks differ, bytes equal
  program.returns({flat, padded});
  CurrentBuffer padded_out = host(2, {4, 16});
  std::vector<float> values = arange(32, 1.0f);
  auto result = run(program.build({in}, {flat, padded_out}), {input(in, values)});
  ASSERT_TRUE(result.ok()) << result.error().describe();
  EXPECT_EQ(floats_of(result->outputs[0]), values);
  std::vector<float> strided = floats_of(result->outputs[1]);
  for (int row = 0; row < 4; ++row) {
    for (int col = 0; col < 8; ++col) {
      ASSERT_EQ(strided[row * 16 + col], values[row * 8 + col]) << row << "," << col;
    }
  }
}

TEST_P(CurrentExecutorTest, MeshShardOnOneDeviceIsTheIdentity) {
  CurrentBuffer in = host(1), shard = host(2), full = host(3);
  CurrentBinaryBuilder program;
  program.mesh_shard(in, shard, tt::target::current::MeshShardType::Replicate,
                     tt::target::current::MeshShardDirection::FullToShardShape, {1});
  program.mesh_shard(shard, full, tt::target::current::MeshShardType::Devices,
                     tt::target::current::MeshShardDirection::ShardToFullShape, {1, 1});
  program.returns({full});
  std::vector<float> values = arange(1024, 2.0f);
  auto result = run(program.build({in}, {full}), {input(in, values)});
  ASSERT_TRUE(result.ok()) << result.error().describe();
  EXPECT_EQ(floats_of(result->outputs[0]), values);
}

TEST_P(CurrentExecutorTest, MeshShardThatSplitsAcrossDevicesIsAnError) {
  CurrentBuffer in = host(1), shard = host(2, {16, 32});
  CurrentBinaryBuilder program;
  program.mesh_shard(in, shard, tt::target::current::MeshShardType::Devices,
                     tt::target::current::MeshShardDirection::FullToShardShape, {2, 1});
  program.returns({shard});
  auto result = run(program.build({in}, {shard}), {input(in, arange(1024))});
  ASSERT_FALSE(result.ok());
  EXPECT_THAT(result.error().describe(), HasSubstr("splits a dim in 2 parts across devices"));
}

TEST_P(CurrentExecutorTest, CpuCommandIsAClearErrorNamingTheFunction) {
  CurrentBuffer in = host(1), out = host(2);
  CurrentBinaryBuilder program;
  program.cpu({in}, {out}, "hoisted_const_eval_0", 0);
  program.returns({out});
  auto result = run(program.build({in}, {out}), {input(in, arange(1024))});
  ASSERT_FALSE(result.ok());
  EXPECT_THAT(result.error().describe(), HasSubstr("CpuCommand"));
  EXPECT_THAT(result.error().describe(), HasSubstr("CPU function 'hoisted_const_eval_0'"));
}

TEST_P(CurrentExecutorTest, KernelBinaryIsAClearError) {
  CurrentBinaryBuilder program;
  CurrentKernel kernel{kStoreRuntimeWord};
  kernel.precompiled = true;
  kernel.symbol = "datamovement_kernel0";
  auto result = run(word_program(program, kernel, {}), {});
  ASSERT_FALSE(result.ok());
  EXPECT_THAT(result.error().describe(),
              HasSubstr("kernel 0 'datamovement_kernel0': precompiled kernel binaries "
                        "(KernelBinary, RISC-V machine code) are not supported"));
}

// Return may name a device buffer: it is read back after the queue.
TEST_P(CurrentExecutorTest, ReturnDefinesTheOutputsAndMayNameADeviceBuffer) {
  CurrentBuffer in = host(1), on_device = dram(2, kDramAddress);
  CurrentBinaryBuilder program;
  program.create_buffer(on_device);
  program.write(in, on_device);
  program.returns({on_device});
  std::vector<float> values = arange(1024, 5.0f);
  auto result = run(program.build({in}, {host(2)}), {input(in, values)});
  ASSERT_TRUE(result.ok()) << result.error().describe();
  EXPECT_EQ(floats_of(result->outputs[0]), values);
  // The program left its buffer live: reported and freed.
  ASSERT_EQ(result->leaks.size(), 1u);
  EXPECT_THAT(result->leaks[0], HasSubstr("buffer 2"));
}

TEST_P(CurrentExecutorTest, AProgramWithOutputsButNoReturnIsAnError) {
  CurrentBuffer out = host(3);
  CurrentBinaryBuilder program;
  program.host_alloc(out);
  auto result = run(program.build({}, {out}), {});
  ASSERT_FALSE(result.ok());
  EXPECT_THAT(result.error().describe(), HasSubstr("no ReturnCommand named them"));
}

// Each shard of a block-distributed L1 tensor sits on its own core: core
// (y=1, x=0) holds rows 32..63, columns 0..31 of a 64x64 tensor.
TEST_P(CurrentExecutorTest, DistributionSpecPlacesEachShardOnItsCore) {
  constexpr const char* kFirstOfShard = R"(#include "api/dataflow/dataflow_api.h"
void kernel_main() {
  uint32_t shard = get_arg_val<uint32_t>(0);
  uint32_t word = get_arg_val<uint32_t>(1);
  *reinterpret_cast<volatile uint32_t*>(word) = *reinterpret_cast<volatile uint32_t*>(shard);
}
)";
  CurrentBuffer in = host(1, {64, 64});
  CurrentBuffer sharded = in;
  sharded.id = 2;
  sharded.kind = Kind::kL1Sharded;
  sharded.address = kL1Address;
  sharded.grid_y = sharded.grid_x = 2;
  CurrentBuffer word = word_buffer(3, kL1Address + 0x8000);
  word.shape = {2, 8};
  word.grid_y = word.grid_x = 2;  // one word per core at (0..1, 0..1)
  CurrentBuffer out = words_out(4);
  out.shape = {2, 8};
  CurrentKernel kernel{kFirstOfShard, CurrentKernel::Type::kNoc0Reader, 1, 0};
  kernel.rt_args = {CurrentArg::buffer_address(0), CurrentArg::buffer_address(1)};
  CurrentBinaryBuilder program;
  program.create_buffer(sharded);
  program.create_buffer(word);
  program.write(in, sharded);
  program.program({kernel}, {buffer_arg(sharded), buffer_arg(word)});
  program.host_alloc(out);
  program.read(word, out);
  program.deallocate(sharded);
  program.deallocate(word);
  program.returns({out});
  std::vector<float> values = arange(64 * 64);
  auto result = run(program.build({in}, {out}), {input(in, values)});
  ASSERT_TRUE(result.ok()) << result.error().describe();
  // Core (1, 0) is the third shard: words 8..11 of the word buffer.
  float first;
  uint32_t bits = words_of(result->outputs[0])[8];
  std::memcpy(&first, &bits, sizeof first);
  EXPECT_EQ(first, values[32 * 64]);
}

// DRAM shards of a 4x4 shard grid dealt round-robin to 3 banks survive a
// round trip (shards 0, 3, 6, ... share bank 0).
TEST_P(CurrentExecutorTest, DramShardsDealtRoundRobinToBanksRoundTrip) {
  CurrentBuffer in = host(1, {128, 128}), out = host(3, {128, 128});
  CurrentBuffer sharded = in;
  sharded.id = 2;
  sharded.kind = Kind::kDramSharded;
  sharded.address = kDramAddress;
  sharded.grid_y = sharded.grid_x = 4;
  sharded.dram_banks = 3;
  CurrentBinaryBuilder program;
  program.round_trip(in, sharded, out);
  std::vector<float> values = arange(128 * 128, -100.0f, 0.5f);
  auto result = run(program.build({in}, {out}), {input(in, values)});
  ASSERT_TRUE(result.ok()) << result.error().describe();
  EXPECT_EQ(floats_of(result->outputs[0]), values);
}

// A kernel walks the pages of a DRAM tensor sharded round-robin over three
// banks through its TensorAccessor (tt-metal's sharded accessor args) and
// copies them to an interleaved one: the kernel's page lookup and the
// buffer's placement agree.
TEST_P(CurrentExecutorTest, TensorAccessorReadsNdShardedDramPages) {
  constexpr const char* kCopyPages = R"(#include "api/dataflow/dataflow_api.h"
#include "api/tensor/tensor_accessor.h"
void kernel_main() {
  constexpr auto src_args = TensorAccessorArgs<0, 0>();
  constexpr auto dst_args = TensorAccessorArgs<src_args.next_compile_time_args_offset(), 0>();
  constexpr uint32_t cb = get_compile_time_arg_val(dst_args.next_compile_time_args_offset());
  constexpr uint32_t pages = get_compile_time_arg_val(dst_args.next_compile_time_args_offset() + 1);
  const uint32_t page_bytes = get_local_cb_interface(cb).fifo_page_size;
  auto src = TensorAccessor(src_args, get_arg_val<uint32_t>(0), page_bytes);
  auto dst = TensorAccessor(dst_args, get_arg_val<uint32_t>(1), page_bytes);
  for (uint32_t page = 0; page < pages; ++page) {
    cb_reserve_back(cb, 1);
    uint32_t l1 = get_write_ptr(cb);
    noc_async_read(src.get_noc_addr(page), l1, page_bytes);
    noc_async_read_barrier();
    noc_async_write(l1, dst.get_noc_addr(page), page_bytes);
    noc_async_write_barrier();
    cb_push_back(cb, 1);
    cb_wait_front(cb, 1);
    cb_pop_front(cb, 1);
  }
}
)";
  CurrentBuffer in = host(1, {128, 128}), out = host(5, {128, 128});
  CurrentBuffer sharded = in;
  sharded.id = 2;
  sharded.kind = Kind::kDramSharded;
  sharded.address = kDramAddress;
  sharded.grid_y = sharded.grid_x = 4;
  sharded.dram_banks = 3;
  CurrentBuffer flat = dram(3, kDramAddress + 0x100000, {128, 128});
  flat.interleaved_page = 128;  // one shard row: the sharded buffer's page
  CurrentBuffer scratch = host(4, {1, 32});
  scratch.kind = Kind::kL1Sharded;
  scratch.address = kL1Address;
  scratch.cb_buffers = 1;
  CurrentBinaryBuilder program;
  for (const CurrentBuffer& buffer : {sharded, flat, scratch}) program.create_buffer(buffer);
  program.write(in, sharded);
  CurrentKernel copy{kCopyPages};
  copy.ct_args = {CurrentArg::tensor_accessor_args(0), CurrentArg::tensor_accessor_args(1),
                  CurrentArg::cb_port(0), CurrentArg::named("pages", 512)};
  copy.rt_args = {CurrentArg::buffer_address(0), CurrentArg::buffer_address(1)};
  program.program({copy}, {buffer_arg(sharded), buffer_arg(flat)}, {{0, scratch}});
  program.host_alloc(out);
  program.read(flat, out);
  for (const CurrentBuffer& buffer : {sharded, flat, scratch}) program.deallocate(buffer);
  program.returns({out});
  // Row-major pages of the sharded tensor are shard rows: 4 per tensor row.
  std::vector<float> values = arange(128 * 128, 1.0f);
  auto result = run(program.build({in}, {out}), {input(in, values)});
  ASSERT_TRUE(result.ok()) << result.error().describe();
  EXPECT_EQ(floats_of(result->outputs[0]), values);
}

// A kernel stores its compile-time `answer` in an L1 word that is read back.
void CurrentExecutorTest::expect_next_program_runs(uint32_t answer) {
  CurrentBinaryBuilder program;
  CurrentKernel kernel{kStoreCompileTimeWord};
  kernel.ct_args = {CurrentArg::named("answer", answer)};
  kernel.rt_args = {CurrentArg::buffer_address(0)};
  auto result = run(word_program(program, kernel, {}), {});
  ASSERT_TRUE(result.ok()) << result.error().describe();
  EXPECT_EQ(words_of(result->outputs[0])[0], answer);
}

TEST_P(CurrentExecutorTest, ArgumentErrorsNameTheKernelArgAndStayRecoverable) {
  {
    // A buffer address of a buffer that was never created.
    CurrentBinaryBuilder program;
    CurrentKernel kernel{kStoreRuntimeWord};
    kernel.rt_args = {CurrentArg::buffer_address(1), CurrentArg::named("value", 1)};
    auto result = run(word_program(program, kernel, {buffer_arg(dram(30, kDramAddress))}), {});
    ASSERT_FALSE(result.ok());
    EXPECT_THAT(result.error().describe(),
                HasSubstr("runtime arg 0 (KernelArgBufferAddress): buffer 30 is not a live device "
                          "buffer"));
  }
  {
    // An operand past the command's arg_refs.
    CurrentBinaryBuilder program;
    CurrentKernel kernel{kStoreRuntimeWord};
    kernel.rt_args = {CurrentArg::buffer_address(5)};
    auto result = run(word_program(program, kernel, {}), {});
    ASSERT_FALSE(result.ok());
    EXPECT_THAT(result.error().describe(), HasSubstr("operand_idx 5 is past the 1 arg_refs"));
  }
  {
    // TensorAccessorArgs are compile-time only.
    CurrentBinaryBuilder program;
    CurrentKernel kernel{kStoreRuntimeWord};
    kernel.rt_args = {CurrentArg::tensor_accessor_args(0)};
    auto result = run(word_program(program, kernel, {}), {});
    ASSERT_FALSE(result.ok());
    EXPECT_THAT(result.error().describe(),
                HasSubstr("TensorAccessorArgs are compile-time arguments only"));
  }
  // The device still runs the next program.
  expect_next_program_runs(42);
}

// The device's kernel stall limit stops a kernel that polls L1 by hand
// for a word nobody writes, and names it; the device runs the next program.
TEST_P(CurrentExecutorTest, DeviceStallLimitStopsAKernelThatNeverWaits) {
  ASSERT_TRUE(close_device(device).ok());
  DeviceOptions options;
  options.isolation = GetParam();
  options.kernel_stall_limit = std::chrono::milliseconds(250);
  auto reopened = open_device(options);
  ASSERT_TRUE(reopened.ok()) << reopened.error().describe();
  device = *reopened;
  {
    CurrentBinaryBuilder program;
    CurrentKernel kernel{R"(#include "api/dataflow/dataflow_api.h"
void kernel_main() {
  volatile uint32_t* flag = reinterpret_cast<volatile uint32_t*>(get_arg_val<uint32_t>(0));
  *flag = 0;
  while (*flag == 0) {
  }
}
)"};
    kernel.rt_args = {CurrentArg::buffer_address(0)};
    auto result = run(word_program(program, kernel, {}), {});
    ASSERT_FALSE(result.ok());
    EXPECT_THAT(result.error().describe(),
                HasSubstr("stalled: ran 0.25 s without waiting or finishing"));
  }
  expect_next_program_runs(7);
}

TEST_P(CurrentExecutorTest, ANegativeStallLimitIsRefusedAtOpen) {
  DeviceOptions options;
  options.device_ids = {5};
  options.isolation = GetParam();
  options.kernel_stall_limit = std::chrono::milliseconds(-1);
  auto opened = open_device(options);
  ASSERT_FALSE(opened.ok());
  EXPECT_THAT(opened.error().describe(),
              HasSubstr("kernel_stall_limit is -1 ms; it must be 0 (off) or positive"));
}

TEST_P(CurrentExecutorTest, APrivateProgramIsMarkedForTheRunTool) {
  CurrentBuffer out = host(3);
  CurrentBinaryBuilder program;
  program.host_alloc(out);
  program.returns({out});
  program.set_private(true);
  auto binary = Binary::load_memory(program.build({}, {out}), "private.ttm");
  ASSERT_TRUE(binary.ok()) << binary.error().describe();
  auto is_private = binary->is_private_program(0);
  ASSERT_TRUE(is_private.ok());
  EXPECT_TRUE(*is_private);
}

INSTANTIATE_TEST_SUITE_P(Devices, CurrentExecutorTest,
                         ::testing::Values(DeviceIsolation::kInProcess, DeviceIsolation::kIsolated),
                         [](const auto& info) {
                           return info.param == DeviceIsolation::kInProcess ? "InProcess"
                                                                            : "Isolated";
                         });

}  // namespace
}  // namespace tessera::runtime
