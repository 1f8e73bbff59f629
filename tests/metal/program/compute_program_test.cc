// Compute kernels end to end: reader -> compute -> writer on several cores,
// checked against float64 references.
#include <gmock/gmock.h>

#include <cmath>
#include <random>
#include <string>

#include "program_test_support.h"
#include "tessera/base/bfloat16.h"
#include "tessera/sim/tile/tilize.h"

namespace tessera::metal {
namespace {

using tessera::bfloat16_bits_to_float;
using tessera::float_to_bfloat16_bits;
using testing::ProgramTest;
constexpr uint32_t kTileBytes = 2048;  // bfloat16 32x32

// Pushes tile i of each input into CB 0 / CB 1 (tiles [first, first + n)).
constexpr const char* kBinaryReader = R"(
#include "dataflow_api.h"
void kernel_main() {
  const uint32_t a = get_arg_val<uint32_t>(0), b = get_arg_val<uint32_t>(1);
  const uint32_t first = get_arg_val<uint32_t>(2), count = get_arg_val<uint32_t>(3);
  const InterleavedAddrGenFast<true> in0{a, get_tile_size(0), DataFormat::Float16_b};
  const InterleavedAddrGenFast<true> in1{b, get_tile_size(1), DataFormat::Float16_b};
  for (uint32_t i = first; i < first + count; ++i) {
    cb_reserve_back(0, 1);
    cb_reserve_back(1, 1);
    noc_async_read_tile(i, in0, get_write_ptr(0));
    noc_async_read_tile(i, in1, get_write_ptr(1));
    noc_async_read_barrier();
    cb_push_back(0, 1);
    cb_push_back(1, 1);
  }
}
)";

constexpr const char* kTileWriter = R"(
#include "dataflow_api.h"
void kernel_main() {
  const uint32_t dst = get_arg_val<uint32_t>(0);
  const uint32_t first = get_arg_val<uint32_t>(1), count = get_arg_val<uint32_t>(2);
  const InterleavedAddrGenFast<true> out{dst, get_tile_size(16), DataFormat::Float16_b};
  for (uint32_t i = first; i < first + count; ++i) {
    cb_wait_front(16, 1);
    noc_async_write_tile(i, out, get_read_ptr(16));
    noc_async_write_barrier();
    cb_pop_front(16, 1);
  }
}
)";

// 2024 spelling on purpose (NAMESPACE/MAIN, tt::CB names).
constexpr const char* kEltwiseCompute = R"(
#include "compute_kernel_api/eltwise_binary.h"
#include "compute_kernel_api/tile_move_copy.h"
namespace NAMESPACE {
void MAIN {
  const uint32_t count = get_arg_val<uint32_t>(0);
  binary_op_init_common(tt::CB::c_in0, tt::CB::c_in1, tt::CB::c_out0);
  ELTWISE_OP_INIT(tt::CB::c_in0, tt::CB::c_in1);
  for (uint32_t i = 0; i < count; ++i) {
    cb_wait_front(tt::CB::c_in0, 1);
    cb_wait_front(tt::CB::c_in1, 1);
    tile_regs_acquire();
    ELTWISE_OP(tt::CB::c_in0, tt::CB::c_in1, 0, 0, 0);
    tile_regs_commit();
    tile_regs_wait();
    cb_reserve_back(tt::CB::c_out0, 1);
    pack_tile(0, tt::CB::c_out0);
    cb_push_back(tt::CB::c_out0, 1);
    tile_regs_release();
    cb_pop_front(tt::CB::c_in0, 1);
    cb_pop_front(tt::CB::c_in1, 1);
  }
}
}  // namespace NAMESPACE
)";

std::vector<uint16_t> random_bf16(uint64_t count, uint32_t seed) {
  std::mt19937 generator(seed);
  std::uniform_real_distribution<float> value(-4.0f, 4.0f);
  std::vector<uint16_t> out(count);
  for (uint16_t& bits : out) bits = float_to_bfloat16_bits(value(generator));
  return out;
}

std::span<const uint8_t> bytes_of(const std::vector<uint16_t>& values) {
  return {reinterpret_cast<const uint8_t*>(values.data()), values.size() * 2};
}

std::vector<float> bf16_floats(const std::vector<uint8_t>& bytes) {
  std::vector<float> out(bytes.size() / 2);
  for (std::size_t i = 0; i < out.size(); ++i) {
    uint16_t bits;
    std::memcpy(&bits, bytes.data() + 2 * i, 2);
    out[i] = bfloat16_bits_to_float(bits);
  }
  return out;
}

class ComputeProgramTest : public ProgramTest {
 protected:
  Buffer upload(const std::vector<uint16_t>& values) {
    Buffer buffer = dram_buffer(values.size() * 2, kTileBytes);
    Status status = queue().enqueue_write_buffer(buffer, bytes_of(values), true);
    EXPECT_TRUE(status.ok()) << status.error().describe();
    return buffer;
  }
  void add_cbs(Program& program, const CoreRangeSet& cores, uint32_t depth) {
    for (uint32_t cb : {0u, 1u, 16u}) {
      ASSERT_TRUE(create_circular_buffer(
                      program, cores,
                      CircularBufferConfig(depth * kTileBytes,
                                           {{cb, {sim::tile::DataFormat::kFloat16_b, kTileBytes}}}))
                      .ok());
    }
  }
};

struct EltwiseCase {
  const char* op;
  double (*reference)(double, double);
};

class EltwiseBinaryTest : public ComputeProgramTest,
                          public ::testing::WithParamInterface<EltwiseCase> {};

TEST_P(EltwiseBinaryTest, MatchesFloat64ReferenceOnSeveralCores) {
  constexpr uint32_t kTiles = 12, kCores = 4, kPerCore = kTiles / kCores;
  const std::vector<uint16_t> a = random_bf16(kTiles * 1024, 1), b = random_bf16(kTiles * 1024, 2);
  Buffer in0 = upload(a), in1 = upload(b);
  Buffer out = dram_buffer(kTiles * kTileBytes, kTileBytes);
  const CoreRangeSet cores{{{0, 0}, {1, 1}}};
  Program program("eltwise");
  const std::string op = GetParam().op;
  KernelHandle reader = *create_kernel_from_string(program, "reader_binary.cpp", kBinaryReader,
                                                   cores, reader_config());
  KernelHandle writer =
      *create_kernel_from_string(program, "writer_tiles.cpp", kTileWriter, cores, writer_config());
  ComputeConfig compute;
  compute.defines = {{"ELTWISE_OP", op + "_tiles"}, {"ELTWISE_OP_INIT", op + "_tiles_init"}};
  KernelHandle math =
      *create_kernel_from_string(program, "eltwise_binary.cpp", kEltwiseCompute, cores, compute);
  add_cbs(program, cores, 2);
  for (uint32_t i = 0; i < kCores; ++i) {
    const CoreCoord core{i % 2, i / 2};
    const uint32_t first = i * kPerCore;
    ASSERT_TRUE(set_runtime_args(program, reader, core,
                                 {static_cast<uint32_t>(in0.address()),
                                  static_cast<uint32_t>(in1.address()), first, kPerCore})
                    .ok());
    ASSERT_TRUE(set_runtime_args(program, math, core, {kPerCore}).ok());
    ASSERT_TRUE(set_runtime_args(program, writer, core,
                                 {static_cast<uint32_t>(out.address()), first, kPerCore})
                    .ok());
  }
  Status status = run(program);
  ASSERT_TRUE(status.ok()) << status.error().describe();
  const std::vector<float> result = bf16_floats(read(out));
  for (std::size_t i = 0; i < result.size(); ++i) {
    const double expected =
        GetParam().reference(bfloat16_bits_to_float(a[i]), bfloat16_bits_to_float(b[i]));
    ASSERT_NEAR(result[i], expected, std::abs(expected) * 1e-2 + 1e-6) << "element " << i;
  }
}

INSTANTIATE_TEST_SUITE_P(
    Ops, EltwiseBinaryTest,
    ::testing::Values(EltwiseCase{"add", [](double x, double y) { return x + y; }},
                      EltwiseCase{"sub", [](double x, double y) { return x - y; }},
                      EltwiseCase{"mul", [](double x, double y) { return x * y; }}),
    [](const auto& info) { return std::string(info.param.op); });

// C[m][n] = sum_k A[m][k] B[k][n], one output tile at a time.
constexpr const char* kMatmulReader = R"(
#include "api/dataflow/dataflow_api.h"
void kernel_main() {
  const uint32_t a = get_arg_val<uint32_t>(0), b = get_arg_val<uint32_t>(1);
  const uint32_t mt = get_arg_val<uint32_t>(2), kt = get_arg_val<uint32_t>(3);
  const uint32_t nt = get_arg_val<uint32_t>(4);
  const InterleavedAddrGenFast<true> in0{a, get_tile_size(0), DataFormat::Float16_b};
  const InterleavedAddrGenFast<true> in1{b, get_tile_size(1), DataFormat::Float16_b};
  for (uint32_t m = 0; m < mt; ++m) {
    for (uint32_t n = 0; n < nt; ++n) {
      for (uint32_t k = 0; k < kt; ++k) {
        cb_reserve_back(0, 1);
        cb_reserve_back(1, 1);
        noc_async_read_tile(m * kt + k, in0, get_write_ptr(0));
        noc_async_read_tile(k * nt + n, in1, get_write_ptr(1));
        noc_async_read_barrier();
        cb_push_back(0, 1);
        cb_push_back(1, 1);
      }
    }
  }
}
)";

constexpr const char* kMatmulCompute = R"(
#include "api/compute/compute_kernel_api.h"
void kernel_main() {
  const uint32_t tiles_out = get_arg_val<uint32_t>(0), kt = get_arg_val<uint32_t>(1);
  mm_init(0, 1, 16);
  for (uint32_t t = 0; t < tiles_out; ++t) {
    tile_regs_acquire();
    for (uint32_t k = 0; k < kt; ++k) {
      cb_wait_front(0, 1);
      cb_wait_front(1, 1);
      matmul_tiles(0, 1, 0, 0, 0, false);
      cb_pop_front(0, 1);
      cb_pop_front(1, 1);
    }
    tile_regs_commit();
    tile_regs_wait();
    cb_reserve_back(16, 1);
    pack_tile(0, 16);
    cb_push_back(16, 1);
    tile_regs_release();
  }
}
)";

TEST_F(ComputeProgramTest, MatmulTilesMatchesFloat64Reference) {
  constexpr uint32_t kMt = 2, kKt = 3, kNt = 2;
  constexpr uint64_t kM = kMt * 32, kK = kKt * 32, kN = kNt * 32;
  const std::vector<uint16_t> a = random_bf16(kM * kK, 3), b = random_bf16(kK * kN, 4);
  const uint64_t a_shape[] = {kM, kK}, b_shape[] = {kK, kN}, c_shape[] = {kM, kN};
  Buffer in0 = upload(*sim::tile::tilize<uint16_t>(a, a_shape));
  Buffer in1 = upload(*sim::tile::tilize<uint16_t>(b, b_shape));
  Buffer out = dram_buffer(kMt * kNt * kTileBytes, kTileBytes);
  const CoreRangeSet core{{{3, 2}, {3, 2}}};
  Program program("matmul");
  KernelHandle reader = *create_kernel_from_string(program, "reader_matmul.cpp", kMatmulReader,
                                                   core, reader_config());
  KernelHandle writer =
      *create_kernel_from_string(program, "writer_tiles.cpp", kTileWriter, core, writer_config());
  KernelHandle math =
      *create_kernel_from_string(program, "matmul.cpp", kMatmulCompute, core, ComputeConfig{});
  add_cbs(program, core, 2);
  ASSERT_TRUE(set_runtime_args(program, reader, CoreCoord{3, 2},
                               {static_cast<uint32_t>(in0.address()),
                                static_cast<uint32_t>(in1.address()), kMt, kKt, kNt})
                  .ok());
  ASSERT_TRUE(set_runtime_args(program, math, CoreCoord{3, 2}, {kMt * kNt, kKt}).ok());
  ASSERT_TRUE(set_runtime_args(program, writer, CoreCoord{3, 2},
                               {static_cast<uint32_t>(out.address()), 0, kMt * kNt})
                  .ok());
  Status status = run(program);
  ASSERT_TRUE(status.ok()) << status.error().describe();
  std::vector<uint8_t> bytes = read(out);
  std::vector<uint16_t> tiles(bytes.size() / 2);
  std::memcpy(tiles.data(), bytes.data(), bytes.size());
  const std::vector<uint16_t> c = *sim::tile::untilize<uint16_t>(tiles, c_shape);
  for (uint64_t m = 0; m < kM; ++m) {
    for (uint64_t n = 0; n < kN; ++n) {
      double expected = 0, magnitude = 0;
      for (uint64_t k = 0; k < kK; ++k) {
        const double product =
            double{bfloat16_bits_to_float(a[m * kK + k])} * bfloat16_bits_to_float(b[k * kN + n]);
        expected += product;
        magnitude += std::abs(product);
      }
      ASSERT_NEAR(bfloat16_bits_to_float(c[m * kN + n]), expected, magnitude * 1e-2 + 1e-3)
          << "C[" << m << "][" << n << "]";
    }
  }
}

TEST_F(ComputeProgramTest, DstIndexPastTheModeCapacityNamesTheKernel) {
  const CoreRangeSet core{{{0, 0}, {0, 0}}};
  Program program("dst_overflow");
  ComputeConfig compute;
  compute.fp32_dest_acc_en = true;  // 8 tiles, 4 when double-buffered
  ASSERT_TRUE(create_kernel_from_string(program, "overflow.cpp", R"(
#include "api/compute/compute_kernel_api.h"
void kernel_main() {
  tile_regs_acquire();
  exp_tile_init();
  exp_tile(4);
}
)",
                                        core, compute)
                  .ok());
  Status status = run(program);
  ASSERT_FALSE(status.ok());
  EXPECT_THAT(status.error().describe(),
              ::testing::AllOf(::testing::HasSubstr("overflow.cpp"),
                               ::testing::HasSubstr("Dst tiles [4, 5) but only 4")));
}

TEST_F(ComputeProgramTest, StrictModeRejectsUnpackingUnpushedPages) {
  const CoreRangeSet core{{{0, 0}, {0, 0}}};
  for (bool strict : {false, true}) {
    Program program("strict");
    program.set_strict_cb_pages(strict);
    ASSERT_TRUE(create_kernel_from_string(program, "ahead.cpp", R"(
#include "api/compute/compute_kernel_api.h"
void kernel_main() {
  tile_regs_acquire();
  copy_tile(0, 1, 0);
}
)",
                                          core, ComputeConfig{})
                    .ok());
    add_cbs(program, core, 2);
    Status status = run(program);
    if (!strict) {
      EXPECT_TRUE(status.ok()) << status.error().describe();
      continue;
    }
    ASSERT_FALSE(status.ok());
    EXPECT_THAT(status.error().describe(),
                ::testing::AllOf(::testing::HasSubstr("ahead.cpp"),
                                 ::testing::HasSubstr("unpacks tile 1 of circular buffer 0"),
                                 ::testing::HasSubstr("only 0 pages were pushed")));
  }
}

TEST_F(ComputeProgramTest, DegenerateMatmulBlockIsAnErrorNotACrash) {
  const CoreRangeSet core{{{0, 0}, {0, 0}}};
  Program program("bad_block");
  ASSERT_TRUE(create_kernel_from_string(program, "bad_block.cpp", R"(
#include "api/compute/compute_kernel_api.h"
void kernel_main() {
  tile_regs_acquire();
  matmul_block(0, 1, 0, 0, 0, false, 1, 0, 0xffffffffu);
}
)",
                                        core, ComputeConfig{})
                  .ok());
  add_cbs(program, core, 2);
  Status status = run(program);
  ASSERT_FALSE(status.ok());
  EXPECT_THAT(status.error().describe(),
              ::testing::AllOf(::testing::HasSubstr("bad_block.cpp"),
                               ::testing::HasSubstr("matmul_block (rt_dim) over 0 tiles")));
}

}  // namespace
}  // namespace tessera::metal
