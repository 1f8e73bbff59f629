// The current layout's checklist: one program, written as tt-mlir writes it,
// that runs every command type and passes every kernel argument kind, with
// its result checked numerically. The lists come from the schema, so a
// command or argument kind the schema gains and no program here uses fails
// the test, and so does one the executor cannot run. CpuCommand, which
// tessera refuses by design, is checked for its error.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstring>
#include <set>

#include "../support/current_binary_builder.h"
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
namespace cur = ::tt::target::current;
namespace cur_metal = ::tt::target::current::metal;

constexpr uint64_t kDramAddress = 0x200000;
constexpr uint64_t kL1Address = 0x40000;
constexpr uint64_t kGlobalSemaphoreAddress = kL1Address + 0x8000;
constexpr uint32_t kPages = 8;

// out = in * scale + scalar + local semaphore + global semaphore, page by
// page from one DRAM tensor to another, a reader and a writer sharing a CB as
// tt-metal's reader/writer pairs do. Between them every argument kind:
// TensorAccessorArgs, CB ports and a named argument (read by its position,
// as the compiler's kernels read theirs) at compile time; buffer
// addresses, both semaphores and a scalar at run time; a named common arg.
constexpr const char* kReadPages = R"(#include "api/dataflow/dataflow_api.h"
#include "api/tensor/tensor_accessor.h"
void kernel_main() {
  constexpr auto src_args = TensorAccessorArgs<0, 0>();
  constexpr uint32_t cb_in = get_compile_time_arg_val(src_args.next_compile_time_args_offset());
  constexpr uint32_t num_pages =
      get_compile_time_arg_val(src_args.next_compile_time_args_offset() + 1);
  const uint32_t src_addr = get_arg_val<uint32_t>(0);
  const auto src = TensorAccessor(src_args, src_addr, get_local_cb_interface(cb_in).fifo_page_size);
  for (uint32_t i = 0; i < num_pages; ++i) {
    cb_reserve_back(cb_in, 1);
    noc_async_read_page(i, src, get_write_ptr(cb_in));
    noc_async_read_barrier();
    cb_push_back(cb_in, 1);
  }
}
)";

constexpr const char* kScaleAndWritePages = R"(#include "api/dataflow/dataflow_api.h"
#include "api/tensor/tensor_accessor.h"
float as_float(uint32_t bits) {
  float value;
  __builtin_memcpy(&value, &bits, sizeof value);
  return value;
}
void kernel_main() {
  constexpr auto dst_args = TensorAccessorArgs<0, 0>();
  constexpr uint32_t cb_out = get_compile_time_arg_val(dst_args.next_compile_time_args_offset());
  constexpr uint32_t num_pages =
      get_compile_time_arg_val(dst_args.next_compile_time_args_offset() + 1);
  const uint32_t dst_addr = get_arg_val<uint32_t>(0);
  volatile tt_l1_ptr uint32_t* local_sem =
      reinterpret_cast<volatile tt_l1_ptr uint32_t*>(get_semaphore(get_arg_val<uint32_t>(1)));
  volatile tt_l1_ptr uint32_t* global_sem =
      reinterpret_cast<volatile tt_l1_ptr uint32_t*>(get_arg_val<uint32_t>(2));
  const float bias = as_float(get_arg_val<uint32_t>(3)) + static_cast<float>(*local_sem) +
                     static_cast<float>(*global_sem);
  const float scale = as_float(get_common_arg_val<uint32_t>(0));
  const uint32_t page_size = get_local_cb_interface(cb_out).fifo_page_size;
  const auto dst = TensorAccessor(dst_args, dst_addr, page_size);
  for (uint32_t i = 0; i < num_pages; ++i) {
    cb_wait_front(cb_out, 1);
    float* page = reinterpret_cast<float*>(get_read_ptr(cb_out));
    for (uint32_t j = 0; j < page_size / sizeof(float); ++j) page[j] = page[j] * scale + bias;
    noc_async_write_page(i, dst, get_read_ptr(cb_out));
    noc_async_write_barrier();
    cb_pop_front(cb_out, 1);
  }
}
)";

const std::vector<int> kShape = {kPages, 64};

struct Sizes {
  float scale = -2.0f, scalar = 0.5f;
  uint32_t local_initial = 3, global_initial = 100, global_reset = 4;
};

// The program: every command but CpuCommand, in an order a compiler could
// emit. Inputs: buffer 1; output: buffer 9.
std::vector<uint8_t> every_command_program(const Sizes& sizes) {
  CurrentBuffer in = host(1, kShape), src = dram(2, kDramAddress, kShape),
                dst = dram(3, kDramAddress + 0x10000, kShape);
  CurrentBuffer scratch = host(4, {1, 64});
  scratch.kind = CurrentBuffer::Kind::kL1Sharded;
  scratch.address = kL1Address;
  scratch.cb_buffers = 1;
  CurrentBuffer scalar = host(5, {1});
  scalar.type = cur::DataType::UInt32;
  CurrentBuffer read_back = host(6, kShape), copied = host(7, kShape), out = host(9, kShape);

  CurrentArgRef local;
  local.kind = CurrentArgRef::Kind::kLocalSemaphore;
  local.id = 1;
  local.initial = sizes.local_initial;
  CurrentArgRef global;
  global.kind = CurrentArgRef::Kind::kGlobalSemaphore;
  global.id = 2;
  global.address = kGlobalSemaphoreAddress;

  CurrentKernel reader{kReadPages, CurrentKernel::Type::kNoc0Reader};
  reader.ct_args = {CurrentArg::tensor_accessor_args(0), CurrentArg::cb_port(0),
                    CurrentArg::named("num_pages", kPages)};
  reader.rt_args = {CurrentArg::buffer_address(0)};
  CurrentKernel writer{kScaleAndWritePages, CurrentKernel::Type::kNoc1Writer};
  writer.ct_args = {CurrentArg::tensor_accessor_args(1), CurrentArg::cb_port(0),
                    CurrentArg::named("num_pages", kPages)};
  writer.rt_args = {CurrentArg::buffer_address(1), CurrentArg::local_semaphore(2),
                    CurrentArg::global_semaphore(3), CurrentArg::scalar(4)};
  writer.crt_args = {CurrentArg::named("scale", float_bits(sizes.scale))};

  CurrentBinaryBuilder program;
  const uint32_t bits = float_bits(sizes.scalar);
  std::vector<uint8_t> scalar_bytes(4);
  std::memcpy(scalar_bytes.data(), &bits, 4);
  program.host_alloc(scalar, &scalar_bytes);
  for (const CurrentBuffer& buffer : {src, dst, scratch}) program.create_buffer(buffer);
  program.write(in, src);
  program.create_local_semaphore(local.id, local.initial);
  program.create_global_semaphore(global.id, global.address, sizes.global_initial, 0, 0, 1, 1);
  program.reset_global_semaphore(global.id, global.address, sizes.global_reset);
  program.program({reader, writer},
                  {buffer_arg(src), buffer_arg(dst), local, global, buffer_arg(scalar)},
                  {{0, scratch}});
  program.record_event(1);
  program.wait_for_event(1);
  program.host_alloc(read_back);
  program.read(dst, read_back);
  program.record_event(2);
  program.event_synchronize(2);
  program.finish();
  program.host_alloc(copied);
  program.memref_copy(read_back, copied);
  program.mesh_shard(copied, out, cur::MeshShardType::Replicate,
                     cur::MeshShardDirection::FullToShardShape, {1});
  for (const CurrentBuffer& buffer : {src, dst, scratch}) program.deallocate(buffer);
  program.returns({out});
  return program.build({in}, {out}, "every_command");
}

// The commands of the binary's one program (one device program, one queue).
const flatbuffers::Vector<flatbuffers::Offset<cur_metal::Command>>& commands_of(
    const std::vector<uint8_t>& bytes) {
  const cur_metal::Program& program =
      *cur_metal::GetSizePrefixedTTMetalBinary(bytes.data())->programs()->Get(0);
  return *program.device_programs()->Get(0)->command_queues()->Get(0)->commands();
}

std::set<std::string> command_types_in(const std::vector<uint8_t>& bytes) {
  std::set<std::string> types;
  for (const cur_metal::Command* command : commands_of(bytes)) {
    types.insert(cur_metal::EnumNameCommandType(command->type_type()));
  }
  return types;
}

std::set<std::string> argument_kinds_in(const std::vector<uint8_t>& bytes) {
  std::set<std::string> kinds;
  auto add = [&](const auto* args) {
    if (args == nullptr) return;
    for (const cur_metal::KernelArg* arg : *args) {
      kinds.insert(cur_metal::EnumNameKernelArgType(arg->arg_type()));
    }
  };
  for (const cur_metal::Command* command : commands_of(bytes)) {
    const auto* enqueue = command->type_as_EnqueueProgramCommand();
    if (enqueue == nullptr) continue;
    for (const cur_metal::KernelConfig* kernel : *enqueue->program()->kernels()) {
      add(kernel->args()->ct_args());
      add(kernel->args()->rt_args());
      add(kernel->args()->crt_args());
    }
  }
  return kinds;
}

template <typename Enum, size_t N>
std::set<std::string> schema_names(const Enum (&values)[N], const char* (*name)(Enum)) {
  std::set<std::string> names;
  for (Enum value : values) {
    if (static_cast<int>(value) != 0) names.insert(name(value));  // 0 is NONE
  }
  return names;
}

class CurrentChecklistTest : public ::testing::TestWithParam<DeviceIsolation> {
 protected:
  void SetUp() override {
    DeviceOptions options;
    options.isolation = GetParam();
    auto opened = open_device(options);
    ASSERT_TRUE(opened.ok()) << opened.error().describe();
    device = *opened;
  }
  void TearDown() override {
    if (!device.valid()) return;
    auto report = close_device(device);
    ASSERT_TRUE(report.ok());
    EXPECT_TRUE(report->empty()) << "buffers left live: " << report->front();
  }

  Result<SubmitResult> run(const std::vector<uint8_t>& bytes, const std::vector<float>& values) {
    auto binary = Binary::load_memory(bytes, "checklist.ttm");
    if (!binary.ok()) return binary.error();
    std::vector<Tensor> inputs;
    if (!values.empty()) {
      auto info = binary->program_inputs(0);
      if (!info.ok()) return info.error();
      auto tensor = Tensor::create_from_bytes(
          info->at(0),
          {reinterpret_cast<const uint8_t*>(values.data()), values.size() * sizeof(float)},
          Runtime::kTtmetal);
      if (!tensor.ok()) return tensor.error();
      inputs.push_back(*tensor);
    }
    return submit(device, *binary, 0, inputs);
  }

  Device device;
};

TEST_P(CurrentChecklistTest, OneProgramRunsEveryCommandAndPassesEveryArgumentKind) {
  const Sizes sizes;
  const std::vector<uint8_t> bytes = every_command_program(sizes);

  std::set<std::string> commands =
      schema_names(cur_metal::EnumValuesCommandType(), cur_metal::EnumNameCommandType);
  commands.erase("CpuCommand");  // refused by design, checked below
  EXPECT_EQ(command_types_in(bytes), commands);
  EXPECT_EQ(argument_kinds_in(bytes),
            schema_names(cur_metal::EnumValuesKernelArgType(), cur_metal::EnumNameKernelArgType));

  std::vector<float> values(kPages * 64);
  for (size_t i = 0; i < values.size(); ++i) values[i] = 0.25f * static_cast<float>(i) - 9.0f;
  auto result = run(bytes, values);
  ASSERT_TRUE(result.ok()) << result.error().describe();
  ASSERT_EQ(result->outputs.size(), 1u);
  ASSERT_EQ(result->outputs[0].bytes().size(), values.size() * sizeof(float));
  std::vector<float> out(values.size());
  std::memcpy(out.data(), result->outputs[0].bytes().data(), result->outputs[0].bytes().size());
  const float offset = sizes.scalar + static_cast<float>(sizes.local_initial + sizes.global_reset);
  for (size_t i = 0; i < values.size(); ++i) {
    ASSERT_EQ(out[i], values[i] * sizes.scale + offset) << "element " << i;
  }
  EXPECT_TRUE(result->leaks.empty());
}

TEST_P(CurrentChecklistTest, CpuCommandIsRefusedNamingItsFunctionAndTheDeviceStaysUsable) {
  CurrentBuffer in = host(1, kShape), out = host(2, kShape);
  CurrentBinaryBuilder program;
  program.cpu({in}, {out}, "hoisted_forward_const_eval_0", 0);
  program.returns({out});
  const std::vector<float> values(kPages * 64, 1.0f);
  auto refused = run(program.build({in}, {out}), values);
  ASSERT_FALSE(refused.ok());
  EXPECT_THAT(refused.error().describe(), HasSubstr("'hoisted_forward_const_eval_0'"));

  auto after = run(every_command_program(Sizes{}), values);
  EXPECT_TRUE(after.ok()) << after.error().describe();
}

INSTANTIATE_TEST_SUITE_P(Devices, CurrentChecklistTest,
                         ::testing::Values(DeviceIsolation::kInProcess, DeviceIsolation::kIsolated),
                         [](const ::testing::TestParamInfo<DeviceIsolation>& info) {
                           return info.param == DeviceIsolation::kIsolated ? "Isolated"
                                                                           : "InProcess";
                         });

}  // namespace
}  // namespace tessera::runtime
