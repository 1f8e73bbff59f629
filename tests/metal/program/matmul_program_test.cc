// Matmul through kernels, checked against a float64 reference:
// - single core: one reader streams A and B blocks along K, the compute
//   kernel accumulates subblocks (spilling partials between K blocks), a
//   writer stores C;
// - multi-core with multicast (tt-metal's reuse-mcast matmul): each core
//   owns a per_core_M x per_core_N block of C; the left column reads A
//   blocks and multicasts them along its row, the top row reads B blocks
//   and multicasts them down its column, semaphores hand each block over.
//
// Inputs are uniform in [-1, 1] in the input format. Gates: PCC >= 0.9999
// (fp32) / 0.999 (bf16), and the largest absolute error within atol =
// 2^-20 * K (fp32: rounding of the fp32 sums) or num_blocks * 2^-7 * max |C|
// (bf16: every spill of the partials and the output round to bf16, each
// adding up to half an ulp of a partial, with margin for partials above
// max |C|).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "device_matrix.h"
#include "program_test_support.h"
#include "reference_check.h"

namespace tessera::metal {
namespace {

using sim::tile::DataFormat;
using testing::ProgramTest;

const std::string kKernels = TESSERA_SOURCE_DIR "/tests/metal/program/kernels/";

struct MatmulCase {
  const char* name;
  uint32_t m, k, n;         // elements, multiples of 32
  uint32_t grid_x, grid_y;  // 1 x 1: the single-core kernels
  uint32_t in0_block_w;     // K tiles per block
  DataFormat format;
};

// Blocking of one core's share of C, as tt-metal's matmul factories derive it.
struct Blocking {
  uint32_t mt, kt, nt;
  uint32_t per_core_m, per_core_n, in0_block_w, num_blocks;
  uint32_t sub_h, sub_w;

  uint32_t num_sub_h() const { return per_core_m / sub_h; }
  uint32_t num_sub_w() const { return per_core_n / sub_w; }
  std::vector<uint32_t> compute_args() const {
    return {in0_block_w, num_sub_h(), sub_h * in0_block_w, num_sub_w(), per_core_n, num_blocks,
            sub_h,       sub_w};
  }
};

Blocking blocking_for(const MatmulCase& c, uint32_t dst_tiles) {
  Blocking b{};
  b.mt = c.m / 32;
  b.kt = c.k / 32;
  b.nt = c.n / 32;
  b.per_core_m = b.mt / c.grid_y;
  b.per_core_n = b.nt / c.grid_x;
  b.in0_block_w = c.in0_block_w;
  b.num_blocks = b.kt / c.in0_block_w;
  // Largest subblock that fits Dst, preferring wide ones (tt-metal's order).
  static constexpr uint32_t kChoices[][2] = {{4, 2}, {2, 4}, {8, 1}, {1, 8}, {3, 2}, {2, 3},
                                             {6, 1}, {1, 6}, {5, 1}, {1, 5}, {2, 2}, {4, 1},
                                             {1, 4}, {3, 1}, {1, 3}, {2, 1}, {1, 2}, {1, 1}};
  for (const auto& [h, w] : kChoices) {
    if (h * w <= dst_tiles && b.per_core_m % h == 0 && b.per_core_n % w == 0) {
      b.sub_h = h;
      b.sub_w = w;
      break;
    }
  }
  return b;
}

std::vector<double> reference_matmul(const std::vector<float>& a, const std::vector<float>& b,
                                     uint32_t m, uint32_t k, uint32_t n) {
  std::vector<double> c(uint64_t{m} * n, 0.0);
  for (uint32_t i = 0; i < m; ++i) {
    double* row = c.data() + uint64_t{i} * n;
    for (uint32_t p = 0; p < k; ++p) {
      const double x = a[uint64_t{i} * k + p];
      const float* b_row = b.data() + uint64_t{p} * n;
      for (uint32_t j = 0; j < n; ++j) row[j] += x * b_row[j];
    }
  }
  return c;
}

class MatmulProgramTest : public ProgramTest, public ::testing::WithParamInterface<MatmulCase> {
 protected:
  Buffer upload(const std::vector<uint8_t>& bytes, uint32_t tile_bytes) {
    Buffer buffer = dram_buffer(bytes.size(), tile_bytes);
    Status status = queue().enqueue_write_buffer(buffer, bytes, true);
    EXPECT_TRUE(status.ok()) << status.error().describe();
    return buffer;
  }

  void add_cbs(Program& program, const CoreRangeSet& cores, const Blocking& b, DataFormat format) {
    const uint32_t tile = sim::tile::tile_size_bytes(format);
    const uint32_t out_tiles = b.per_core_m * b.per_core_n;
    const std::pair<uint32_t, uint32_t> cbs[] = {
        {0, 2 * b.per_core_m * b.in0_block_w},  // double-buffered A blocks
        {1, 2 * b.in0_block_w * b.per_core_n},  // double-buffered B blocks
        {16, out_tiles},
        {24, out_tiles}};  // partials between K blocks, in the output format
    for (const auto& [index, tiles] : cbs) {
      Result<CBHandle> cb = create_circular_buffer(
          program, cores, CircularBufferConfig(tiles * tile, {{index, {format, tile}}}));
      ASSERT_TRUE(cb.ok()) << cb.error().describe();
    }
  }

  KernelHandle kernel(Program& program, const std::string& file, const CoreRangeSet& cores,
                      const KernelConfig& config) {
    Result<KernelHandle> handle = create_kernel(program, kKernels + file, cores, config);
    EXPECT_TRUE(handle.ok()) << handle.error().describe();
    return handle.ok() ? *handle : 0;
  }

  void set_args(Program& program, KernelHandle kernel, CoreCoord core,
                const std::vector<uint32_t>& args) {
    Status status = set_runtime_args(program, kernel, core, args);
    ASSERT_TRUE(status.ok()) << status.error().describe();
  }

  void build_single_core(Program& program, const Blocking& b, uint32_t in0, uint32_t in1,
                         uint32_t out) {
    const CoreCoord core{2, 3};
    const CoreRangeSet cores{{core, core}};
    const KernelHandle reader =
        kernel(program, "reader_matmul_blocks.cpp", cores,
               reader_config({b.per_core_m, b.per_core_n, b.in0_block_w, b.num_blocks}));
    const KernelHandle writer =
        kernel(program, "writer_matmul_subblocks.cpp", cores,
               writer_config({b.sub_h, b.sub_w, b.num_sub_h(), b.num_sub_w()}));
    set_args(program, reader, core, {in0, 0, b.kt, in1, 0, b.nt});
    set_args(program, writer, core, {out, 0, b.nt});
  }

  void build_multicast(Program& program, const Blocking& b, uint32_t gx, uint32_t gy, uint32_t in0,
                       uint32_t in1, uint32_t out) {
    const CoreRangeSet grid{{{0, 0}, {gx - 1, gy - 1}}};
    uint32_t sem[4];
    for (uint32_t& id : sem) {
      Result<uint32_t> created = create_semaphore(program, grid, 0);
      ASSERT_TRUE(created.ok()) << created.error().describe();
      id = *created;
    }
    const std::vector<uint32_t> in0_args = {b.per_core_m, b.in0_block_w, b.num_blocks, sem[0],
                                            sem[1]};
    const std::vector<uint32_t> in1_args = {b.in0_block_w, b.per_core_n,  b.num_blocks,
                                            sem[2],        sem[3],        b.sub_h,
                                            b.sub_w,       b.num_sub_h(), b.num_sub_w()};
    auto with_define = [](DataMovementConfig config, const char* define) {
      config.defines[define] = "1";
      return config;
    };
    const KernelHandle in0_sender = kernel(program, "matmul_in0_mcast.cpp", {{{0, 0}, {0, gy - 1}}},
                                           with_define(reader_config(in0_args), "IN0_SENDER"));
    const KernelHandle in1_sender =
        kernel(program, "matmul_in1_mcast_writer.cpp", {{{0, 0}, {gx - 1, 0}}},
               with_define(writer_config(in1_args), "IN1_SENDER"));
    KernelHandle in0_receiver = 0, in1_receiver = 0;
    if (gx > 1) {
      in0_receiver = kernel(program, "matmul_in0_mcast.cpp", {{{1, 0}, {gx - 1, gy - 1}}},
                            reader_config(in0_args));
    }
    if (gy > 1) {
      in1_receiver = kernel(program, "matmul_in1_mcast_writer.cpp", {{{0, 1}, {gx - 1, gy - 1}}},
                            writer_config(in1_args));
    }
    for (uint32_t y = 0; y < gy; ++y) {
      for (uint32_t x = 0; x < gx; ++x) {
        const CoreCoord core{x, y};
        const CoreCoord row_start = worker_noc({std::min(1u, gx - 1), y});
        const CoreCoord row_end = worker_noc({gx - 1, y});
        const CoreCoord col_start = worker_noc({x, std::min(1u, gy - 1)});
        const CoreCoord col_end = worker_noc({x, gy - 1});
        if (x == 0) {
          set_args(program, in0_sender, core,
                   {in0, y * b.per_core_m * b.kt, b.kt, row_start.x, row_start.y, row_end.x,
                    row_end.y, gx - 1});
        } else {
          const CoreCoord sender = worker_noc({0, y});
          set_args(program, in0_receiver, core, {sender.x, sender.y});
        }
        const uint32_t out_start = y * b.per_core_m * b.nt + x * b.per_core_n;
        if (y == 0) {
          set_args(program, in1_sender, core,
                   {out, out_start, b.nt, in1, x * b.per_core_n, b.nt, col_start.x, col_start.y,
                    col_end.x, col_end.y, gy - 1});
        } else {
          const CoreCoord sender = worker_noc({x, 0});
          set_args(program, in1_receiver, core, {out, out_start, b.nt, sender.x, sender.y});
        }
      }
    }
  }
};

TEST_P(MatmulProgramTest, MatchesFloat64Reference) {
  const MatmulCase& c = GetParam();
  const bool fp32 = c.format == DataFormat::kFloat32;
  const uint32_t dst_tiles = fp32 ? 4 : 8;  // double-buffered Dst
  const Blocking b = blocking_for(c, dst_tiles);
  ASSERT_EQ(b.mt % c.grid_y, 0u);
  ASSERT_EQ(b.nt % c.grid_x, 0u);
  ASSERT_EQ(b.kt % c.in0_block_w, 0u);
  ASSERT_GT(b.sub_h, 0u);

  const uint32_t tile = sim::tile::tile_size_bytes(c.format);
  const std::vector<float> a = testing::random_values(c.format, uint64_t{c.m} * c.k, 21, -1, 1);
  const std::vector<float> bm = testing::random_values(c.format, uint64_t{c.k} * c.n, 22, -1, 1);
  Buffer in0 = upload(testing::to_device_tiles(c.format, a, c.m, c.k), tile);
  Buffer in1 = upload(testing::to_device_tiles(c.format, bm, c.k, c.n), tile);
  Buffer out = dram_buffer(uint64_t{b.mt} * b.nt * tile, tile);
  const auto in0_addr = static_cast<uint32_t>(in0.address());
  const auto in1_addr = static_cast<uint32_t>(in1.address());
  const auto out_addr = static_cast<uint32_t>(out.address());

  Program program(c.name);
  const bool single = c.grid_x == 1 && c.grid_y == 1;
  const CoreRangeSet cores = single ? CoreRangeSet{{{2, 3}, {2, 3}}}
                                    : CoreRangeSet{{{0, 0}, {c.grid_x - 1, c.grid_y - 1}}};
  if (single) {
    build_single_core(program, b, in0_addr, in1_addr, out_addr);
  } else {
    build_multicast(program, b, c.grid_x, c.grid_y, in0_addr, in1_addr, out_addr);
  }
  ComputeConfig compute;
  compute.fp32_dest_acc_en = fp32;
  compute.compile_args = b.compute_args();
  kernel(program, "matmul_blocked.cpp", cores, compute);
  add_cbs(program, cores, b, c.format);
  ASSERT_FALSE(HasFatalFailure());
  Status status = run(program);
  ASSERT_TRUE(status.ok()) << status.error().describe();

  const std::vector<float> result = testing::from_device_tiles(c.format, read(out), c.m, c.n);
  const std::vector<double> expected = reference_matmul(a, bm, c.m, c.k, c.n);
  double max_c = 0;
  for (double v : expected) max_c = std::max(max_c, std::abs(v));
  const double atol =
      fp32 ? std::ldexp(static_cast<double>(c.k), -20) : std::ldexp(b.num_blocks * max_c, -7);
  const testing::ReferenceCheck check = testing::check_against(result, expected);
  EXPECT_GE(check.pcc, fp32 ? 0.9999 : 0.999);
  EXPECT_LE(check.max_abs_error, atol);
  RecordProperty("pcc", std::to_string(check.pcc));
  RecordProperty("max_abs_error", std::to_string(check.max_abs_error));
}

constexpr DataFormat kBf16 = DataFormat::kFloat16_b;
constexpr DataFormat kFp32 = DataFormat::kFloat32;

// The 1024 cases take seconds (mostly the float64 reference): a separate
// binary under the `long` label builds this file with MATMUL_LONG_CASES.
#ifndef MATMUL_LONG_CASES
INSTANTIATE_TEST_SUITE_P(
    Shapes, MatmulProgramTest,
    ::testing::Values(MatmulCase{"single_64x96x128_bf16", 64, 96, 128, 1, 1, 1, kBf16},
                      MatmulCase{"single_96x64x160_fp32", 96, 64, 160, 1, 1, 1, kFp32},
                      MatmulCase{"single_256x256x256_bf16", 256, 256, 256, 1, 1, 2, kBf16},
                      MatmulCase{"mcast_2x3_128x64x192_bf16", 128, 64, 192, 3, 2, 1, kBf16},
                      MatmulCase{"mcast_4x4_256x256x256_fp32", 256, 256, 256, 4, 4, 2, kFp32},
                      MatmulCase{"mcast_8x8_256x384x512_bf16", 256, 384, 512, 8, 8, 3, kBf16}),
    [](const auto& info) { return std::string(info.param.name); });
#else
// Full grid, per core 4 x 4 tiles of C, 16 K blocks.
INSTANTIATE_TEST_SUITE_P(
    Large, MatmulProgramTest,
    ::testing::Values(MatmulCase{"mcast_8x8_1024_bf16", 1024, 1024, 1024, 8, 8, 2, kBf16},
                      MatmulCase{"mcast_8x8_1024_fp32", 1024, 1024, 1024, 8, 8, 2, kFp32}),
    [](const auto& info) { return std::string(info.param.name); });
#endif

}  // namespace
}  // namespace tessera::metal
