// The TTM0 lowering in the compiler's current layout: what it writes loads
// as that layout and has the structure tt-mlir's TTMetal writer gives a
// binary (host inputs written to device buffers, outputs read into host
// buffers and returned, one BufferRef per buffer with its MetalBuffer
// config, kernel arguments that name their sources, goldens in the golden
// map), survives the JSON round trip, and what it cannot write is refused.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "tessera/builder/metal_lowering.h"
#include "tessera/format/binary.h"
#include "tessera/format/current_generated.h"
#include "tessera/format/json.h"
#include "tessera/format/schema.h"
#include "tessera/sim/arch/chip_descriptor.h"

namespace tessera::builder {
namespace {

namespace cm = tt::target::current::metal;
namespace tc = tt::target::current;
using tt::target::DataType;
using tt::target::MemorySpace;
using tt::target::ttnn::EltwiseOpType;
using Commands = flatbuffers::Vector<flatbuffers::Offset<cm::Command>>;

const sim::ChipDescriptor& chip() {
  static const sim::ChipDescriptor descriptor =
      *sim::builtin_chip_descriptor(sim::Arch::kWormholeB0);
  return descriptor;
}

Placement l1(Layout layout, int grid_y = 1, int grid_x = 1) {
  return {MemorySpace::DeviceL1, layout, grid_y, grid_x};
}

// Lowered in the current layout and loaded back (verified, layout detected).
format::Binary lower_current(const Graph& graph) {
  auto lowered = lower_to_metal(graph, chip(), {.layout = format::WireLayout::kCurrent});
  EXPECT_TRUE(lowered.ok()) << lowered.error().describe();
  if (!lowered.ok()) return *format::Binary::load_memory(std::vector<uint8_t>{});
  auto binary = format::Binary::load_memory(std::move(lowered->binary), graph.name() + ".ttm");
  EXPECT_TRUE(binary.ok()) << binary.error().describe();
  return std::move(binary).value();
}

const cm::Program& program_of(const format::Binary& binary) {
  return *binary.current_metal()->programs()->Get(0);
}

const Commands& commands_of(const format::Binary& binary) {
  return *program_of(binary).device_programs()->Get(0)->command_queues()->Get(0)->commands();
}

std::vector<cm::CommandType> types_of(const Commands& commands) {
  std::vector<cm::CommandType> types;
  for (const cm::Command* command : commands) types.push_back(command->type_type());
  return types;
}

// The i-th EnqueueProgramCommand of the queue.
const cm::EnqueueProgramCommand& program_command(const Commands& commands, int index) {
  for (const cm::Command* command : commands) {
    if (const auto* program = command->type_as_EnqueueProgramCommand()) {
      if (index-- == 0) return *program;
    }
  }
  ADD_FAILURE() << "no such program";
  return *commands.Get(0)->type_as_EnqueueProgramCommand();
}

const cm::KernelConfig* kernel_named(const cm::EnqueueProgramCommand& command,
                                     const std::string& symbol) {
  for (const cm::KernelConfig* kernel : *command.program()->kernels()) {
    if (kernel->symbol() && kernel->symbol()->str() == symbol) return kernel;
  }
  return nullptr;
}

// out = lhs * rhs, 64x128 float32 in L1 on one core.
Graph multiply() {
  Graph graph("multiply");
  TensorId a = graph.input("lhs", {64, 128}, DataType::Float32, l1(Layout::kRowMajor), {.seed = 1});
  TensorId b = graph.input("rhs", {64, 128}, DataType::Float32, l1(Layout::kRowMajor), {.seed = 2});
  graph.output(*graph.eltwise(EltwiseOpType::Multiply, {a, b}));
  return graph;
}

TEST(MetalCurrentLayout, LoadsAsTheCurrentLayoutWithTesserasSchemaHash) {
  format::Binary binary = lower_current(multiply());
  ASSERT_EQ(binary.layout(), format::WireLayout::kCurrent);
  ASSERT_NE(binary.current_metal(), nullptr);
  EXPECT_EQ(binary.metal(), nullptr);
  const auto* root = binary.current_metal();
  EXPECT_EQ(root->schema_hash()->str(),
            format::schema_hash(format::BinaryKind::kMetal, format::WireLayout::kCurrent));
  EXPECT_EQ(root->version()->major(), 0);
  EXPECT_EQ(root->version()->minor(), 1);
  ASSERT_EQ(root->programs()->size(), 1u);
  const cm::Program& program = program_of(binary);
  EXPECT_FALSE(program.private_());
  ASSERT_EQ(program.device_programs()->size(), 1u);
  ASSERT_EQ(program.device_programs()->Get(0)->command_queues()->size(), 1u);
  EXPECT_EQ(program.device_programs()->Get(0)->command_queues()->Get(0)->queue_id(), 0u);
  const auto* chip_desc = binary.current_system_desc()->chip_descs()->Get(0);
  EXPECT_EQ(chip_desc->arch(), tc::Arch::Wormhole_b0);
  EXPECT_EQ(chip_desc->l1_unreserved_base(), chip().l1_unreserved_base);
}

TEST(MetalCurrentLayout, HostInputsAreWrittenAndOutputsReadAllocatedAndReturned) {
  format::Binary binary = lower_current(multiply());
  const Commands& commands = commands_of(binary);
  using T = cm::CommandType;
  EXPECT_EQ(
      types_of(commands),
      (std::vector<T>{T::CreateBufferCommand, T::EnqueueWriteBufferCommand, T::CreateBufferCommand,
                      T::EnqueueWriteBufferCommand, T::CreateBufferCommand,
                      T::EnqueueProgramCommand, T::DeallocateBufferCommand,
                      T::DeallocateBufferCommand, T::HostAllocCommand, T::EnqueueReadBufferCommand,
                      T::FinishCommand, T::DeallocateBufferCommand, T::ReturnCommand}));
  const cm::Program& program = program_of(binary);
  const cm::DeviceProgram& device = *program.device_programs()->Get(0);
  // Program inputs: host tensors; device program inputs: SystemBuffers the
  // queue writes into the buffers it created.
  ASSERT_EQ(program.inputs()->size(), 2u);
  ASSERT_EQ(device.inputs()->size(), 2u);
  for (uint32_t i = 0; i < 2; ++i) {
    const cm::TensorRef& tensor = *program.inputs()->Get(i);
    EXPECT_EQ(tensor.size(), 64u * 128u * 4u);
    EXPECT_EQ(std::vector<int>(tensor.desc()->shape()->begin(), tensor.desc()->shape()->end()),
              (std::vector<int>{64, 128}));
    EXPECT_EQ(tensor.desc()->layout()->memory_desc()->data_type(), tc::DataType::Float32);
    const cm::BufferRef& host = *device.inputs()->Get(i);
    EXPECT_EQ(host.address(), 0u);
    ASSERT_NE(host.desc()->buffer_detail_as_SystemBuffer(), nullptr);
    EXPECT_EQ(host.desc()->host_volume(), 64u * 128u);
    const auto* write = commands.Get(1 + 2 * i)->type_as_EnqueueWriteBufferCommand();
    EXPECT_EQ(write->src()->global_id(), host.global_id());
    EXPECT_EQ(write->dst()->global_id(),
              commands.Get(2 * i)->type_as_CreateBufferCommand()->ref()->global_id());
    EXPECT_NE(write->dst()->address(), 0u);
  }
  // The output: a host buffer allocated, read into, and returned.
  ASSERT_EQ(device.outputs()->size(), 1u);
  const uint32_t host_output = device.outputs()->Get(0)->global_id();
  EXPECT_EQ(commands.Get(8)->type_as_HostAllocCommand()->dst()->global_id(), host_output);
  EXPECT_EQ(commands.Get(8)->type_as_HostAllocCommand()->data(), nullptr);
  const auto* read = commands.Get(9)->type_as_EnqueueReadBufferCommand();
  EXPECT_EQ(read->dst()->global_id(), host_output);
  EXPECT_EQ(read->src()->global_id(),
            commands.Get(4)->type_as_CreateBufferCommand()->ref()->global_id());
  EXPECT_EQ(commands.Get(11)->type_as_DeallocateBufferCommand()->ref()->global_id(),
            read->src()->global_id());
  const auto* returned = commands.Get(12)->type_as_ReturnCommand();
  ASSERT_EQ(returned->results()->size(), 1u);
  EXPECT_EQ(returned->results()->Get(0)->global_id(), host_output);
  // Host, device and semaphore ids never collide.
  std::set<uint32_t> ids = {device.inputs()->Get(0)->global_id(),
                            device.inputs()->Get(1)->global_id(), host_output};
  for (uint32_t i : {0, 2, 4})
    ids.insert(commands.Get(i)->type_as_CreateBufferCommand()->ref()->global_id());
  EXPECT_EQ(ids.size(), 6u);
}

TEST(MetalCurrentLayout, L1BuffersAreShardedWithBothSpecsAndCarryTheirCB) {
  format::Binary binary = lower_current(multiply());
  const cm::EnqueueProgramCommand& program = program_command(commands_of(binary), 0);
  ASSERT_EQ(program.cbs()->size(), 3u);
  std::vector<uint32_t> ports;
  for (const cm::CBRef* cb : *program.cbs()) {
    ports.push_back(cb->port());
    const cm::BufferDesc& desc = *cb->buffer_ref()->desc();
    EXPECT_EQ(desc.data_type(), tc::DataType::Float32);
    EXPECT_EQ(desc.element_shape()->y(), 1);
    const cm::MetalBuffer* metal = desc.buffer_detail_as_MetalBuffer();
    ASSERT_NE(metal, nullptr);
    EXPECT_EQ(metal->buffer_type(), tc::BufferType::L1);
    const auto* sharded = metal->buffer_config_as_ShardedBufferConfig();
    ASSERT_NE(sharded, nullptr);
    EXPECT_EQ(sharded->size(), 64u * 128u * 4u);
    EXPECT_EQ(sharded->page_size(), 128u * 4u);  // one row of the shard
    const cm::ShardSpecBuffer& spec = *sharded->shard_spec_buffer();
    EXPECT_EQ(spec.shard_spec()->shard_shape()->y(), 64);
    EXPECT_EQ(spec.shard_spec()->shard_shape()->x(), 128);
    EXPECT_EQ(spec.page_shape()->x(), 128);
    EXPECT_EQ(spec.tensor_shape_in_pages()->y(), 64);
    EXPECT_EQ(spec.tensor_shape_in_pages()->x(), 1);
    ASSERT_NE(sharded->buffer_distribution_spec(), nullptr);
    EXPECT_EQ(sharded->buffer_distribution_spec()->cores()->size(), 1u);
    // The CB: the whole shard in 1024-element pages, on the program's core.
    const cm::CircularBufferConfig* config = metal->circular_buffer_config();
    ASSERT_NE(config, nullptr);
    EXPECT_EQ(config->total_size(), 64u * 128u * 4u);
    EXPECT_EQ(config->page_size(), 4096u);
    EXPECT_EQ(config->core_range_set()->size(), 1u);
  }
  EXPECT_EQ(ports, (std::vector<uint32_t>{0, 1, 16}));
  ASSERT_EQ(program.arg_refs()->size(), 3u);
  for (uint32_t i = 0; i < 3; ++i) {
    EXPECT_EQ(program.arg_refs_type()->Get(i), cm::ArgRef::BufferRef);
  }
}

// DRAM rows -> L1 rows on a 2x2 grid, and back out.
Graph dram_to_l1() {
  Graph graph("dram_to_l1");
  TensorId in = graph.input("input", {64, 128}, DataType::Float32,
                            {MemorySpace::DeviceDRAM, Layout::kRowMajor, 1, 1}, {.seed = 3});
  graph.output(*graph.relayout(in, l1(Layout::kRowMajor, 2, 2)));
  return graph;
}

TEST(MetalCurrentLayout, DramBuffersAreInterleavedAndL1ShardsDealtToTheirCores) {
  format::Binary binary = lower_current(dram_to_l1());
  const cm::EnqueueProgramCommand& program = program_command(commands_of(binary), 0);
  ASSERT_EQ(program.arg_refs()->size(), 2u);
  const auto* dram = static_cast<const cm::BufferRef*>(program.arg_refs()->Get(0));
  const cm::MetalBuffer* dram_metal = dram->desc()->buffer_detail_as_MetalBuffer();
  ASSERT_NE(dram_metal, nullptr);
  EXPECT_EQ(dram_metal->buffer_type(), tc::BufferType::DRAM);
  const auto* interleaved = dram_metal->buffer_config_as_InterleavedBufferConfig();
  ASSERT_NE(interleaved, nullptr);
  EXPECT_EQ(interleaved->size(), 64u * 128u * 4u);
  EXPECT_EQ(interleaved->page_size(), 128u * 4u);
  EXPECT_EQ(dram_metal->circular_buffer_config(), nullptr);

  const auto* shards = static_cast<const cm::BufferRef*>(program.arg_refs()->Get(1));
  const auto* sharded =
      shards->desc()->buffer_detail_as_MetalBuffer()->buffer_config_as_ShardedBufferConfig();
  ASSERT_NE(sharded, nullptr);
  EXPECT_EQ(sharded->page_size(), 64u * 4u);
  const cm::ShardSpecBuffer& spec = *sharded->shard_spec_buffer();
  const tc::Dim2dRange* grid = spec.shard_spec()->core_range_set()->Get(0);
  EXPECT_EQ(grid->size().y(), 2);
  EXPECT_EQ(grid->size().x(), 2);
  EXPECT_EQ(spec.shard_spec()->shard_shape()->y(), 32);
  EXPECT_EQ(spec.shard_spec()->shard_shape()->x(), 64);
  EXPECT_EQ(spec.tensor_shape_in_pages()->y(), 64);
  EXPECT_EQ(spec.tensor_shape_in_pages()->x(), 2);
  const cm::BufferDistributionSpec& nd = *sharded->buffer_distribution_spec();
  EXPECT_EQ(
      std::vector<uint32_t>(nd.tensor_shape_in_pages()->begin(), nd.tensor_shape_in_pages()->end()),
      (std::vector<uint32_t>{64, 2}));
  EXPECT_EQ(
      std::vector<uint32_t>(nd.shard_shape_in_pages()->begin(), nd.shard_shape_in_pages()->end()),
      (std::vector<uint32_t>{32, 1}));
  ASSERT_EQ(nd.cores()->size(), 4u);
  EXPECT_EQ(nd.cores()->Get(1)->y(), 0);
  EXPECT_EQ(nd.cores()->Get(1)->x(), 1);
  EXPECT_EQ(nd.cores()->Get(2)->y(), 1);
  EXPECT_EQ(nd.cores()->Get(2)->x(), 0);
  // No CB is bound to the shards by this program.
  EXPECT_EQ(shards->desc()->buffer_detail_as_MetalBuffer()->circular_buffer_config(), nullptr);
}

TEST(MetalCurrentLayout, PerCoreArgumentsSplitTheKernelAndDefinesLeadItsSource) {
  format::Binary binary = lower_current(dram_to_l1());
  const cm::EnqueueProgramCommand& program = program_command(commands_of(binary), 0);
  ASSERT_EQ(program.program()->kernels()->size(), 4u);  // one per core: their pieces differ
  for (int y = 0; y < 2; ++y) {
    for (int x = 0; x < 2; ++x) {
      const std::string symbol = "dram_to_l1_y" + std::to_string(y) + "x" + std::to_string(x);
      const cm::KernelConfig* kernel = kernel_named(program, symbol);
      ASSERT_NE(kernel, nullptr) << symbol;
      EXPECT_EQ(kernel->debug_info()->str(), symbol);
      ASSERT_EQ(kernel->core_range_set()->size(), 1u);
      EXPECT_EQ(kernel->core_range_set()->Get(0)->loc().y(), y);
      EXPECT_EQ(kernel->core_range_set()->Get(0)->loc().x(), x);
      EXPECT_EQ(kernel->core_range_set()->Get(0)->size().y(), 1);
      const std::string source = kernel->kernel_as_KernelSource()->source()->str();
      EXPECT_EQ(source.rfind("#define TO_L1 1\n", 0), 0u) << source.substr(0, 40);
      const auto* noc = kernel->type_as_NocConfig();
      ASSERT_NE(noc, nullptr);
      // Common args: the DRAM buffer's address, its page size, the shard's address.
      const auto* common = kernel->args()->crt_args();
      ASSERT_EQ(common->size(), 3u);
      EXPECT_EQ(common->Get(0)->arg_as_KernelArgBufferAddress()->operand_idx(), 0u);
      EXPECT_EQ(common->Get(1)->arg_as_KernelArgNamedArgument()->value(), 512u);
      EXPECT_EQ(common->Get(2)->arg_as_KernelArgBufferAddress()->operand_idx(), 1u);
      // Runtime args: this core's pieces (one per shard row), all literals.
      const auto* runtime = kernel->args()->rt_args();
      ASSERT_EQ(runtime->size(), 1u + 4u * 32u);
      EXPECT_EQ(runtime->Get(0)->arg_as_KernelArgNamedArgument()->name()->str(), "pieces");
      EXPECT_EQ(runtime->Get(0)->arg_as_KernelArgNamedArgument()->value(), 32u);
      for (const cm::KernelArg* arg : *runtime) {
        EXPECT_EQ(arg->arg_type(), cm::KernelArgType::KernelArgNamedArgument);
      }
    }
  }
}

TEST(MetalCurrentLayout, CBPortsAndLiteralsAreNamedByKind) {
  format::Binary binary = lower_current(multiply());
  const cm::EnqueueProgramCommand& program = program_command(commands_of(binary), 0);
  ASSERT_EQ(program.program()->kernels()->size(), 3u);
  const cm::KernelConfig* push = kernel_named(program, "shard_push");
  ASSERT_NE(push, nullptr);
  const auto* args = push->args()->crt_args();
  ASSERT_EQ(args->size(), 5u);
  EXPECT_EQ(args->Get(0)->arg_as_KernelArgNamedArgument()->value(), 2u);
  EXPECT_EQ(args->Get(1)->arg_as_KernelArgCBPort()->operand_idx(), 0u);
  EXPECT_EQ(args->Get(2)->arg_as_KernelArgNamedArgument()->name()->str(), "pages");
  EXPECT_EQ(args->Get(3)->arg_as_KernelArgCBPort()->operand_idx(), 1u);
  // The kernel runs on the whole program grid: one range, no split.
  EXPECT_EQ(push->core_range_set()->size(), 1u);
  EXPECT_EQ(push->args()->rt_args()->size(), 0u);
  const cm::KernelConfig* wait = kernel_named(program, "shard_wait");
  ASSERT_NE(wait, nullptr);
  EXPECT_EQ(wait->args()->crt_args()->Get(0)->arg_as_KernelArgCBPort()->operand_idx(), 2u);
  const cm::KernelConfig* compute = kernel_named(program, "eltwise_binary");
  ASSERT_NE(compute, nullptr);
  const auto* config = compute->type_as_ComputeConfig();
  ASSERT_NE(config, nullptr);
  EXPECT_EQ(config->math_fidelity(), tc::MathFidelity::HiFi4);
  EXPECT_FALSE(config->fp32_dest_acc_en());
  EXPECT_EQ(compute->args()->ct_args()->Get(0)->arg_as_KernelArgNamedArgument()->value(), 8u);
  const std::string source = compute->kernel_as_KernelSource()->source()->str();
  EXPECT_NE(source.find("#define BINARY_OP mul_tiles\n"), std::string::npos);
}

TEST(MetalCurrentLayout, ProgramSemaphoresAreLocalSemaphoresCreatedBeforeTheirProgram) {
  Graph graph("matmul_2x2");
  TensorId a = graph.input("a", {128, 128}, DataType::Float32, l1(Layout::kRowMajor, 2, 2));
  TensorId b = graph.input("b", {128, 128}, DataType::Float32, l1(Layout::kRowMajor, 2, 2));
  TensorId a_tiles = *graph.relayout(a, l1(Layout::kTile, 2, 2));
  TensorId b_tiles = *graph.relayout(b, l1(Layout::kTile, 2, 2));
  graph.output(*graph.relayout(*graph.matmul(a_tiles, b_tiles), l1(Layout::kRowMajor, 2, 2)));
  format::Binary binary = lower_current(graph);
  const Commands& commands = commands_of(binary);
  // The matmul is the third program; two semaphores are created right before it.
  uint32_t at = 0;
  for (int programs = 0; at < commands.size(); ++at) {
    if (commands.Get(at)->type_type() == cm::CommandType::EnqueueProgramCommand && ++programs == 3)
      break;
  }
  ASSERT_LT(at, commands.size());
  ASSERT_GE(at, 2u);
  const auto* first = commands.Get(at - 2)->type_as_CreateLocalSemaphoreCommand();
  const auto* second = commands.Get(at - 1)->type_as_CreateLocalSemaphoreCommand();
  ASSERT_NE(first, nullptr);
  ASSERT_NE(second, nullptr);
  EXPECT_EQ(first->ref()->initial_value(), 0u);
  const cm::EnqueueProgramCommand& matmul = *commands.Get(at)->type_as_EnqueueProgramCommand();
  const uint32_t refs = matmul.arg_refs()->size();
  ASSERT_EQ(refs, 2u + 1u + 2u + 2u);  // inputs, output, two panels, two semaphores
  EXPECT_EQ(matmul.arg_refs_type()->Get(refs - 2), cm::ArgRef::LocalSemaphoreRef);
  EXPECT_EQ(
      static_cast<const cm::LocalSemaphoreRef*>(matmul.arg_refs()->Get(refs - 2))->global_id(),
      first->ref()->global_id());
  EXPECT_EQ(
      static_cast<const cm::LocalSemaphoreRef*>(matmul.arg_refs()->Get(refs - 1))->global_id(),
      second->ref()->global_id());
  // The multicast kernel has per-core arguments: four configs, each naming
  // both semaphores last among its common arguments.
  int multicast = 0;
  for (const cm::KernelConfig* kernel : *matmul.program()->kernels()) {
    if (kernel->symbol()->str().rfind("matmul_multicast_y", 0) != 0) continue;
    ++multicast;
    const auto* common = kernel->args()->crt_args();
    ASSERT_EQ(common->size(), 12u);
    EXPECT_EQ(common->Get(10)->arg_as_KernelArgLocalSemaphore()->operand_idx(), refs - 2);
    EXPECT_EQ(common->Get(11)->arg_as_KernelArgLocalSemaphore()->operand_idx(), refs - 1);
    EXPECT_EQ(common->Get(0)->arg_as_KernelArgBufferAddress()->operand_idx(), 0u);
    EXPECT_EQ(common->Get(1)->arg_as_KernelArgBufferAddress()->operand_idx(), 3u);
  }
  EXPECT_EQ(multicast, 4);
}

TEST(MetalCurrentLayout, GoldensAreInTheGoldenMap) {
  format::Binary binary = lower_current(multiply());
  const cm::Program& program = program_of(binary);
  ASSERT_NE(program.debug_info(), nullptr);
  const auto* map = program.debug_info()->golden_info()->golden_map();
  ASSERT_EQ(map->size(), 3u);
  std::vector<std::string> keys;
  for (const tc::GoldenKV* entry : *map) {
    keys.push_back(entry->key()->str());
    ASSERT_EQ(entry->value()->size(), 1u);
    EXPECT_EQ(entry->value()->Get(0)->device(), 0u);
    const tc::GoldenTensor& golden = *entry->value()->Get(0)->value();
    EXPECT_EQ(golden.dtype(), tc::DataType::Float32);
    EXPECT_EQ(std::vector<int64_t>(golden.shape()->begin(), golden.shape()->end()),
              (std::vector<int64_t>{64, 128}));
    EXPECT_EQ(std::vector<int64_t>(golden.stride()->begin(), golden.stride()->end()),
              (std::vector<int64_t>{128, 1}));
    EXPECT_EQ(golden.data()->size(), 64u * 128u * 4u);
  }
  EXPECT_EQ(keys, (std::vector<std::string>{"input_0", "input_1", "output_0"}));
  EXPECT_EQ(map->Get(0)->value()->Get(0)->value()->name()->str(), "lhs");
}

// What the builder writes is what `tessera build` writes from its JSON.
TEST(MetalCurrentLayout, JsonRoundTripIsExact) {
  for (const Graph& graph : {multiply(), dram_to_l1()}) {
    format::Binary binary = lower_current(graph);
    auto json = format::binary_to_json(binary);
    ASSERT_TRUE(json.ok()) << json.error().describe();
    auto rebuilt =
        format::json_to_binary(*json, format::BinaryKind::kMetal, format::WireLayout::kCurrent);
    ASSERT_TRUE(rebuilt.ok()) << rebuilt.error().describe();
    auto reloaded = format::Binary::load_memory(std::move(rebuilt).value(), graph.name());
    ASSERT_TRUE(reloaded.ok()) << reloaded.error().describe();
    EXPECT_EQ(reloaded->layout(), format::WireLayout::kCurrent);
    auto again = format::binary_to_json(*reloaded);
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(*json, *again) << graph.name();
  }
}

TEST(MetalCurrentLayout, RuntimeCreatedInputsAreRefused) {
  auto lowered = lower_to_metal(
      multiply(), chip(), {.io = ProgramIo::kRuntime, .layout = format::WireLayout::kCurrent});
  ASSERT_FALSE(lowered.ok());
  EXPECT_EQ(lowered.error().code(), ErrorCode::kInvalidArgument);
  EXPECT_NE(lowered.error().describe().find("2024 compiler's convention"), std::string::npos)
      << lowered.error().describe();
}

TEST(MetalCurrentLayout, GrayskullIsRefused) {
  auto grayskull = sim::builtin_chip_descriptor(sim::Arch::kGrayskull);
  ASSERT_TRUE(grayskull.ok());
  auto lowered = lower_to_metal(multiply(), *grayskull, {.layout = format::WireLayout::kCurrent});
  ASSERT_FALSE(lowered.ok());
  EXPECT_NE(lowered.error().describe().find("no Grayskull"), std::string::npos)
      << lowered.error().describe();
  EXPECT_TRUE(lower_to_metal(multiply(), *grayskull).ok());  // the 2024 layout has it
}

// Host transfers move bytes in page order: a tiled program input or output
// would arrive scrambled, in either layout and either io convention.
TEST(MetalCurrentLayout, TiledProgramInputsAndOutputsAreRefused) {
  Graph in_tiles("tiled_input");
  TensorId a = in_tiles.input("a", {32, 32}, DataType::Float32, l1(Layout::kTile));
  in_tiles.output(*in_tiles.eltwise(EltwiseOpType::Relu, {a}));
  Graph out_tiles("tiled_output");
  TensorId b = out_tiles.input("b", {32, 32}, DataType::Float32, l1(Layout::kRowMajor));
  out_tiles.output(*out_tiles.relayout(b, l1(Layout::kTile)));
  const MetalLoweringOptions options[] = {{.layout = format::WireLayout::k2024},
                                          {.io = ProgramIo::kRuntime},
                                          {.layout = format::WireLayout::kCurrent}};
  for (const MetalLoweringOptions& option : options) {
    auto input = lower_to_metal(in_tiles, chip(), option);
    ASSERT_FALSE(input.ok());
    EXPECT_EQ(input.error().code(), ErrorCode::kUnimplemented);
    EXPECT_NE(input.error().describe().find("program input 'a' is tiled"), std::string::npos)
        << input.error().describe();
    auto output = lower_to_metal(out_tiles, chip(), option);
    ASSERT_FALSE(output.ok());
    EXPECT_NE(output.error().describe().find("program output 'ToLayoutOp_0' is tiled"),
              std::string::npos)
        << output.error().describe();
  }
}

}  // namespace
}  // namespace tessera::builder
