// Kernel-API families through real TTM0 binaries (the 2024 layout: CBs
// bound to L1 buffers by CBRef, buffers at compiler addresses), submitted
// through the runtime API: each checked against a float64 reference (PCC
// >= 0.9999 fp32, >= 0.999 bf16; exact where the device is exact). The
// kernels use the conventions the issue listed one by one: the
// SFPU_OP_*_INCLUDE defines and sfpu_split_includes.h, compute_kernel_hw_
// startup, templated binary inits, get_local_cb_interface, 2024 forms (DstMode,
// 1-argument init_sfpu, matmul_init/matmul_tile, reduce_init<bool>), the
// 2-argument TensorAccessor and its helpers, and the reader helpers (the zero
// region, stateful one-packet reads, generate_reduce_scaler.hpp,
// noc_async_write_page without a size, pack_untilize.h).
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "device_matrix.h"
#include "kernel_binary.h"
#include "reference_check.h"
#include "tessera/runtime/submit.h"
#include "tessera/sim/tile/data_format.h"
#include "tessera/sim/tile/element_convert.h"

namespace tessera::runtime {
namespace {

using sim::tile::DataFormat;
using testing::BinaryCircularBuffer;
using testing::BinaryKernel;
using testing::KernelBinary;
using testing::TensorSpec;
using tt::target::DataType;
using tt::target::MemorySpace;
using SourceType = tt::target::metal::SourceType;
namespace mt = metal::testing;

BinaryKernel kernel(SourceType type, const char* source) {
  BinaryKernel k;
  k.type = type;
  k.source = source;
  return k;
}

constexpr uint64_t kDram = 0x200000;
constexpr uint64_t kL1 = 0x20000;

DataFormat format_of(DataType type) {
  return type == DataType::Float32 ? DataFormat::kFloat32 : DataFormat::kFloat16_b;
}

// A row of `tiles` tiles in DRAM, interleaved, tile-ordered.
TensorSpec dram_tiles(uint32_t id, uint32_t slot, uint32_t tiles, DataType type) {
  return {.id = id,
          .address = kDram + slot * 0x100000,
          .shape = {32, static_cast<int>(32 * tiles)},
          .type = type,
          .tiled = true,
          .shard_shape = {1, static_cast<int>(tiles)}};
}
// The L1 buffer behind a CB of `pages` tiles.
BinaryCircularBuffer cb(uint32_t port, uint32_t slot, uint32_t pages, DataType type) {
  const uint64_t tile = type == DataType::Float32 ? 4096 : 2048;
  return {.port = port,
          .tensor = {.id = 50 + port,
                     .address = kL1 + slot * 0x8000,
                     .shape = {32, static_cast<int>(32 * pages)},
                     .space = MemorySpace::DeviceL1,
                     .type = type,
                     .tiled = true,
                     .shard_shape = {1, static_cast<int>(pages)}},
          .page_size = tile};
}

// Reads tile i of each input into CB i, one page at a time. Inputs are
// TensorAccessors chained from compile-time arg 0; runtime args: the
// addresses, then the tile count. Page sizes come from the CB interface.
constexpr const char* kReader = R"(
#include "dataflow_api.h"
void kernel_main() {
  constexpr auto a_args = TensorAccessorArgs<0>();
  constexpr auto b_args = TensorAccessorArgs<a_args.next_compile_time_args_offset()>();
  constexpr uint32_t inputs = get_compile_time_arg_val(b_args.next_compile_time_args_offset());
  const auto a = TensorAccessor(a_args, get_arg_val<uint32_t>(0));
  const auto b = TensorAccessor(b_args, get_arg_val<uint32_t>(1));
  const uint32_t tiles = get_arg_val<uint32_t>(2);
  for (uint32_t i = 0; i < tiles; ++i) {
    for (uint32_t k = 0; k < inputs; ++k) {
      const uint32_t cb = tt::CBIndex::c_0 + k;
      cb_reserve_back(cb, 1);
      const uint32_t bytes = get_local_cb_interface(cb).fifo_page_size;
      noc_async_read(k == 0 ? a.get_noc_addr(i) : b.get_noc_addr(i), get_write_ptr(cb), bytes);
      noc_async_read_barrier();
      cb_push_back(cb, 1);
    }
  }
}
)";

// CB 16's pages to the output: runtime args address and page count.
constexpr const char* kWriter = R"(
#include "dataflow_api.h"
void kernel_main() {
  const auto args = make_tensor_accessor_args<0>();
  const auto out = make_tensor_accessor_from_args(args, get_arg_val<uint32_t>(0));
  const uint32_t pages = get_arg_val<uint32_t>(1);
  for (uint32_t i = 0; i < pages; ++i) {
    cb_wait_front(tt::CBIndex::c_16, 1);
    noc_async_write_page(i, out, get_read_ptr(tt::CBIndex::c_16));
    noc_async_write_barrier();
    cb_pop_front(tt::CBIndex::c_16, 1);
  }
}
)";

// tt-metal's eltwise binary kernel shape: the op and its type are defines.
constexpr const char* kEltwiseBinary = R"(
#include <cstdint>
#include "compute_kernel_api/eltwise_binary.h"
#include "compute_kernel_api/tile_move_copy.h"
namespace NAMESPACE {
void MAIN {
  const uint32_t tiles = get_arg_val<uint32_t>(0);
  binary_op_init_common(tt::CB::c_in0, tt::CB::c_in1, tt::CB::c_out0);
#ifdef FULL_INIT
  binary_tiles_init<true, ELTWISE_OP_TYPE>(tt::CB::c_in0, tt::CB::c_in1);
#else
  binary_op_specific_init<false, ELTWISE_OP_TYPE>();
#endif
  for (uint32_t t = 0; t < tiles; ++t) {
    cb_wait_front(tt::CB::c_in0, 1);
    cb_wait_front(tt::CB::c_in1, 1);
    cb_reserve_back(tt::CB::c_out0, 1);
    tile_regs_acquire();
    ELTWISE_OP(tt::CB::c_in0, tt::CB::c_in1, 0, 0, 0);
    tile_regs_commit();
    tile_regs_wait();
    pack_tile(0, tt::CB::c_out0);
    tile_regs_release();
    cb_pop_front(tt::CB::c_in0, 1);
    cb_pop_front(tt::CB::c_in1, 1);
    cb_push_back(tt::CB::c_out0, 1);
  }
}
}  // namespace NAMESPACE
)";

// tt-metal's eltwise SFPU kernel in its 2024 form: hw startup, one-argument
// init_sfpu, DstMode acquire/release, the op chain a define.
constexpr const char* kEltwiseSfpu = R"(
#include <cstdint>
#include "compute_kernel_api/common.h"
#include "compute_kernel_api/compute_kernel_hw_startup.h"
#include "compute_kernel_api/eltwise_unary/eltwise_unary.h"
#include "compute_kernel_api/eltwise_unary/sfpu_split_includes.h"
#include "compute_kernel_api/tile_move_copy.h"
namespace NAMESPACE {
void MAIN {
  const uint32_t tiles = get_arg_val<uint32_t>(0);
  compute_kernel_hw_startup(tt::CB::c_in0, tt::CB::c_out0);
  init_sfpu(tt::CB::c_in0);
  for (uint32_t t = 0; t < tiles; ++t) {
    cb_reserve_back(tt::CB::c_out0, 1);
    acquire_dst(tt::DstMode::Half);
    cb_wait_front(tt::CB::c_in0, 1);
    copy_tile(tt::CB::c_in0, 0, 0);
    SFPU_OP_CHAIN_0
    pack_tile(0, tt::CB::c_out0);
    cb_pop_front(tt::CB::c_in0, 1);
    release_dst(tt::DstMode::Half);
    cb_push_back(tt::CB::c_out0, 1);
  }
}
}  // namespace NAMESPACE
)";

// A reduce reader as TTNN writes one: the scaler tile from
// generate_reduce_scaler.hpp (cleared from the zero region), then each
// input page through the stateful one-packet reads.
constexpr const char* kReduceReader = R"(
#include "dataflow_api.h"
#include "ttnn/deprecated/tt_dnn/kernels/dataflow/generate_reduce_scaler.hpp"
void kernel_main() {
  constexpr auto args = TensorAccessorArgs<0>();
  const auto src = TensorAccessor(args, get_arg_val<uint32_t>(0));
  const uint32_t tiles = get_arg_val<uint32_t>(2);
  generate_reduce_scaler(tt::CB::c_in2, 0x3f803f80u);  // 1.0
  const uint32_t bytes = get_tile_size(tt::CB::c_in0);
  for (uint32_t i = 0; i < tiles; ++i) {
    const uint64_t page = src.get_noc_addr(i);
    noc_async_read_one_packet_set_state(page, bytes);
    cb_reserve_back(tt::CB::c_in0, 1);
    noc_async_read_one_packet_with_state(static_cast<uint32_t>(page), get_write_ptr(tt::CB::c_in0));
    noc_async_read_barrier();
    cb_push_back(tt::CB::c_in0, 1);
  }
}
)";

// tt-metal's 2024 reduce kernel: reduce_init<true>(op, dim, ...), the op
// and dimension defines, DstMode.
constexpr const char* kReduce2024 = R"(
#include <cstdint>
#include "compute_kernel_api/reduce.h"
namespace NAMESPACE {
void MAIN {
  const uint32_t Wt = get_arg_val<uint32_t>(0);
  reduce_init<true>(REDUCE_OP, REDUCE_DIM, tt::CB::c_in0, tt::CB::c_in2);
  cb_wait_front(tt::CB::c_in2, 1);
  acquire_dst(tt::DstMode::Half);
  for (uint32_t wt = 0; wt < Wt; ++wt) {
    cb_wait_front(tt::CB::c_in0, 1);
    reduce_tile(tt::CB::c_in0, tt::CB::c_in2, 0, 0, 0);
    cb_pop_front(tt::CB::c_in0, 1);
  }
  cb_reserve_back(tt::CB::c_out0, 1);
  pack_tile(0, tt::CB::c_out0);
  cb_push_back(tt::CB::c_out0, 1);
  release_dst(tt::DstMode::Half);
}
}  // namespace NAMESPACE
)";

// tt-metal's 2024 single-tile matmul: matmul_init, matmul_tile over K.
constexpr const char* kMatmul2024 = R"(
#include <cstdint>
#include "compute_kernel_api/matmul.h"
namespace NAMESPACE {
void MAIN {
  const uint32_t Kt = get_arg_val<uint32_t>(0);
  matmul_init(tt::CB::c_in0, tt::CB::c_in1);
  acquire_dst(tt::DstMode::Full);
  for (uint32_t kt = 0; kt < Kt; ++kt) {
    cb_wait_front(tt::CB::c_in0, 1);
    cb_wait_front(tt::CB::c_in1, 1);
    matmul_tile(tt::CB::c_in0, tt::CB::c_in1, 0, 0, 0, false);
    cb_pop_front(tt::CB::c_in0, 1);
    cb_pop_front(tt::CB::c_in1, 1);
  }
  cb_reserve_back(tt::CB::c_out0, 1);
  pack_tile(0, tt::CB::c_out0);
  cb_push_back(tt::CB::c_out0, 1);
  release_dst(tt::DstMode::Full);
}
}  // namespace NAMESPACE
)";

// pack_untilize.h: a row of Wt tiles (compile-time arg) to row-major rows.
constexpr const char* kPackUntilize = R"(
#include <cstdint>
#include "api/compute/pack_untilize.h"
void kernel_main() {
  constexpr uint32_t Wt = get_compile_time_arg_val(0);
  pack_untilize_init<Wt>(tt::CB::c_in0, tt::CB::c_out0);
  cb_wait_front(tt::CB::c_in0, Wt);
  cb_reserve_back(tt::CB::c_out0, Wt);
  pack_untilize_block<Wt>(tt::CB::c_in0, 1, tt::CB::c_out0);
  cb_push_back(tt::CB::c_out0, Wt);
  cb_pop_front(tt::CB::c_in0, Wt);
  pack_untilize_uninit(tt::CB::c_out0);
}
)";

class KernelApiBinaryTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto opened = open_device({});
    ASSERT_TRUE(opened.ok()) << opened.error().describe();
    device_ = *opened;
  }
  void TearDown() override {
    auto report = close_device(device_);
    ASSERT_TRUE(report.ok());
    EXPECT_TRUE(report->empty());
  }

  // Runs `bytes` with one host tensor per input (tile bytes of `inputs`);
  // returns output 0's bytes.
  std::vector<uint8_t> run(const std::vector<uint8_t>& bytes,
                           const std::vector<std::vector<uint8_t>>& inputs) {
    auto binary = Binary::load_memory(bytes, "kernel_api.ttm");
    EXPECT_TRUE(binary.ok()) << binary.error().describe();
    if (!binary.ok()) return {};
    auto infos = binary->program_inputs(0);
    EXPECT_TRUE(infos.ok() && infos->size() == inputs.size());
    std::vector<Tensor> tensors;
    for (size_t i = 0; i < inputs.size(); ++i) {
      auto tensor = Tensor::create_from_bytes((*infos)[i], inputs[i], Runtime::kTtmetal);
      EXPECT_TRUE(tensor.ok()) << tensor.error().describe();
      if (!tensor.ok()) return {};
      tensors.push_back(*tensor);
    }
    auto result = submit(device_, *binary, 0, tensors);
    EXPECT_TRUE(result.ok()) << result.error().describe();
    if (!result.ok() || result->outputs.empty()) return {};
    EXPECT_TRUE(result->leaks.empty());
    const auto out = result->outputs[0].bytes();
    return std::vector<uint8_t>(out.begin(), out.end());
  }

  // Reader, `compute` and writer over `tiles` tiles of each input.
  // `inputs` are host matrices of `tiles` tiles each (rows x 32 * tiles /
  // rows); the output has `out_tiles` tiles.
  std::vector<float> run_eltwise(const BinaryKernel& compute, DataType type, uint32_t tiles,
                                 const std::vector<std::vector<float>>& inputs,
                                 uint32_t cb_pages = 2, uint32_t out_tiles = 0,
                                 const BinaryKernel* custom_reader = nullptr) {
    if (out_tiles == 0) out_tiles = tiles;
    std::vector<uint8_t> raw =
        run_raw(compute, type, tiles, inputs, cb_pages, out_tiles, custom_reader);
    if (raw.empty()) return {};
    return mt::from_device_tiles(format_of(type), raw, 32, 32 * out_tiles);
  }

  std::vector<uint8_t> run_raw(const BinaryKernel& compute, DataType type, uint32_t tiles,
                               const std::vector<std::vector<float>>& inputs, uint32_t cb_pages,
                               uint32_t out_tiles, const BinaryKernel* custom_reader = nullptr) {
    std::vector<TensorSpec> in;
    std::vector<std::vector<uint8_t>> bytes;
    for (uint32_t k = 0; k < inputs.size(); ++k) {
      in.push_back(dram_tiles(k + 1, k, tiles, type));
      bytes.push_back(mt::to_device_tiles(format_of(type), inputs[k], 32, 32 * tiles));
    }
    const TensorSpec out = dram_tiles(9, 3, out_tiles, type);
    const uint32_t tile_bytes = type == DataType::Float32 ? 4096 : 2048;
    BinaryKernel reader = custom_reader ? *custom_reader : kernel(SourceType::Noc0, kReader);
    reader.compile_args = {2, tile_bytes, 2, tile_bytes, static_cast<uint32_t>(inputs.size())};
    reader.runtime_args = {static_cast<uint32_t>(in[0].address),
                           static_cast<uint32_t>(in.size() > 1 ? in[1].address : in[0].address),
                           tiles};
    BinaryKernel writer = kernel(SourceType::Noc1, kWriter);
    writer.compile_args = {2, reader.compile_args[1]};
    writer.runtime_args = {static_cast<uint32_t>(out.address), out_tiles};
    BinaryKernel math = compute;
    math.runtime_args = {tiles};
    for (uint32_t k = 0; k < inputs.size(); ++k) reader.cbs.push_back(cb(k, k, cb_pages, type));
    if (custom_reader) reader.cbs.push_back(cb(2, 2, 1, DataType::BFloat16));  // the scaler
    math.cbs.push_back(cb(16, 4, cb_pages, type));
    return run(KernelBinary().build(in, {out}, {reader, math, writer}), bytes);
  }

  Device device_;
};

void expect_pcc(const std::vector<float>& actual, const std::vector<double>& expected,
                DataType type) {
  ASSERT_EQ(actual.size(), expected.size());
  const mt::ReferenceCheck check = mt::check_against(actual, expected);
  EXPECT_GE(check.pcc, type == DataType::Float32 ? 0.9999 : 0.999)
      << "max abs error " << check.max_abs_error;
}

// Issue item 6: binary_op_specific_init<bool, EltwiseBinaryType> and
// binary_tiles_init<bool, T>, the op a define (tt-metal's ELTWISE_OP).
TEST_F(KernelApiBinaryTest, TemplatedBinaryInitsWithOpDefines) {
  constexpr uint32_t kTiles = 3;
  const auto a = mt::random_values(DataFormat::kFloat16_b, 1024 * kTiles, 1, -4, 4);
  const auto b = mt::random_values(DataFormat::kFloat16_b, 1024 * kTiles, 2, -4, 4);
  for (bool full_init : {false, true}) {
    BinaryKernel math = kernel(SourceType::Tensix, kEltwiseBinary);
    math.defines = {{"ELTWISE_OP", full_init ? "mul_tiles" : "add_tiles"},
                    {"ELTWISE_OP_TYPE", full_init ? "EltwiseBinaryType::ELWMUL" : "ELWADD"}};
    if (full_init) math.defines.push_back({"FULL_INIT", "1"});
    const auto actual = run_eltwise(math, DataType::BFloat16, kTiles, {a, b});
    std::vector<double> expected(a.size());
    for (size_t i = 0; i < a.size(); ++i) {
      expected[i] = full_init ? double{a[i]} * b[i] : double{a[i]} + b[i];
    }
    expect_pcc(actual, expected, DataType::BFloat16);
  }
}

// Issue items 2, 5 and 9: SFPU_OP_*_INCLUDE defines with
// sfpu_split_includes.h, compute_kernel_hw_startup, init_sfpu(cb),
// acquire_dst(DstMode); and item 1's sfpu_reduce through the same chain.
TEST_F(KernelApiBinaryTest, EltwiseSfpuKernelIn2024Form) {
  constexpr uint32_t kTiles = 2;
  struct Case {
    std::string chain, include;
    DataType type;
    double (*reference)(double);
  };
  const Case cases[] = {
      {"exp_tile_init(); exp_tile(0);", "SFPU_OP_EXP_INCLUDE", DataType::Float32,
       [](double x) { return std::exp(x); }},
      {"sigmoid_tile_init(); sigmoid_tile(0);", "SFPU_OP_COMPUTE_KERNEL_API_INCLUDE",
       DataType::BFloat16, [](double x) { return 1 / (1 + std::exp(-x)); }},
      {"rsqrt_tile_init(); rsqrt_tile(0);", "SFPU_OP_RSQRT_INCLUDE", DataType::Float32,
       [](double x) { return 1 / std::sqrt(std::fabs(x) + 0.5); }},
  };
  for (const Case& test : cases) {
    SCOPED_TRACE(test.chain);
    auto a = mt::random_values(format_of(test.type), 1024 * kTiles, 3, -3, 3);
    if (test.include == "SFPU_OP_RSQRT_INCLUDE") {
      for (float& v : a) v = std::fabs(v) + 0.5f;
      EXPECT_TRUE(sim::tile::round_to_format(format_of(test.type), a).ok());
    }
    BinaryKernel math = kernel(SourceType::Tensix, kEltwiseSfpu);
    math.defines = {{"SFPU_OP_CHAIN_0", test.chain}, {test.include, "1"}};
    math.fp32_dest_acc_en = test.type == DataType::Float32;
    const auto actual = run_eltwise(math, test.type, kTiles, {a});
    std::vector<double> expected(a.size());
    for (size_t i = 0; i < a.size(); ++i) {
      expected[i] = test.include == "SFPU_OP_RSQRT_INCLUDE" ? 1 / std::sqrt(double{a[i]})
                                                            : test.reference(a[i]);
    }
    expect_pcc(actual, expected, test.type);
  }
  // sfpu_reduce (compute_kernel_api.h) through the include define: column maxima in row 0.
  auto a = mt::random_values(DataFormat::kFloat32, 1024, 4, -3, 3);
  BinaryKernel math = kernel(SourceType::Tensix, kEltwiseSfpu);
  math.defines = {{"SFPU_OP_CHAIN_0",
                   "sfpu_reduce_init<PoolType::MAX, DataFormat::Float32>(); "
                   "sfpu_reduce<PoolType::MAX, DataFormat::Float32>(0);"},
                  {"SFPU_OP_COMPUTE_KERNEL_API_INCLUDE", "1"}};
  math.fp32_dest_acc_en = true;
  const auto actual = run_eltwise(math, DataType::Float32, 1, {a});
  ASSERT_EQ(actual.size(), 1024u);
  for (uint32_t c = 0; c < 32; ++c) {
    float high = a[c];
    for (uint32_t r = 0; r < 32; ++r) high = std::max(high, a[r * 32 + c]);
    EXPECT_EQ(actual[c], high) << "column " << c;
  }
}

// Issue items 9 and 12: reduce_init<bool> with REDUCE_OP / REDUCE_DIM,
// generate_reduce_scaler.hpp over the zero region, and the stateful
// one-packet reads: row sums over three tiles.
TEST_F(KernelApiBinaryTest, ReduceWithGeneratedScalerAndStatefulReads) {
  constexpr uint32_t kTiles = 3;
  const auto a = mt::random_values(DataFormat::kFloat16_b, 1024 * kTiles, 5, -2, 2);
  BinaryKernel reader = kernel(SourceType::Noc0, kReduceReader);
  BinaryKernel math = kernel(SourceType::Tensix, kReduce2024);
  math.defines = {{"REDUCE_OP", "PoolType::SUM"}, {"REDUCE_DIM", "ReduceDim::REDUCE_ROW"}};
  const auto actual = run_eltwise(math, DataType::BFloat16, kTiles, {a}, 2, 1, &reader);
  ASSERT_EQ(actual.size(), 1024u);
  std::vector<float> sums(32);
  std::vector<double> expected(32);
  for (uint32_t r = 0; r < 32; ++r) {
    for (uint32_t c = 0; c < 32 * kTiles; ++c) expected[r] += a[r * 32 * kTiles + c];
    sums[r] = actual[r * 32];
  }
  expect_pcc(sums, expected, DataType::BFloat16);
}

// Issue item 9: matmul_init / matmul_tile, C = A (32 x 128) B (128 x 32).
TEST_F(KernelApiBinaryTest, Matmul2024Forms) {
  constexpr uint32_t kKt = 4;
  const auto a = mt::random_values(DataFormat::kFloat16_b, 1024 * kKt, 6, -1, 1);
  const auto b = mt::random_values(DataFormat::kFloat16_b, 1024 * kKt, 7, -1, 1);
  // B's tile k (rows 32k..) as tile k of a row of tiles, the order the reader reads.
  std::vector<float> b_tiles(b.size());
  for (uint32_t k = 0; k < kKt; ++k) {
    for (uint32_t r = 0; r < 32; ++r) {
      for (uint32_t c = 0; c < 32; ++c)
        b_tiles[r * 32 * kKt + k * 32 + c] = b[(k * 32 + r) * 32 + c];
    }
  }
  BinaryKernel math = kernel(SourceType::Tensix, kMatmul2024);
  const auto actual = run_eltwise(math, DataType::BFloat16, kKt, {a, b_tiles}, 2, 1);
  std::vector<double> expected(1024);
  for (uint32_t i = 0; i < 32; ++i) {
    for (uint32_t j = 0; j < 32; ++j) {
      for (uint32_t k = 0; k < 32 * kKt; ++k) {
        expected[i * 32 + j] += double{a[i * 32 * kKt + k]} * b[k * 32 + j];
      }
    }
  }
  expect_pcc(actual, expected, DataType::BFloat16);
}

// Issue item 12: pack_untilize.h's three functions, bit-exact rows.
TEST_F(KernelApiBinaryTest, PackUntilizeGivesRowMajorRows) {
  constexpr uint32_t kTiles = 3;
  const auto a = mt::random_values(DataFormat::kFloat16_b, 1024 * kTiles, 8, -9, 9);
  BinaryKernel math = kernel(SourceType::Tensix, kPackUntilize);
  math.compile_args = {kTiles};
  const std::vector<uint8_t> rows = run_raw(math, DataType::BFloat16, kTiles, {a}, kTiles, kTiles);
  ASSERT_EQ(rows.size(), a.size() * 2);
  for (size_t i = 0; i < a.size(); ++i) {
    uint32_t bits;
    std::memcpy(&bits, &a[i], 4);
    uint16_t got;
    std::memcpy(&got, rows.data() + 2 * i, 2);
    ASSERT_EQ(got, bits >> 16) << "element " << i;
  }
}

}  // namespace
}  // namespace tessera::runtime
