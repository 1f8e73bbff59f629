// The 2D multicast matmul in TTNN's out-of-box layout (matmul_2d_layout.h),
// which the timing model's calibration runs, checked against a float64
// reference: both NoCs in use, receivers right of the middle column on the
// other NoC, matmul_block subblocks of one and of two tile rows, partial
// sums accumulated by the packer in L1 (TTNN's default) or reloaded.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "device_matrix.h"
#include "matmul_2d_layout.h"
#include "program_test_support.h"
#include "reference_check.h"

namespace tessera::metal {
namespace {

using sim::tile::DataFormat;

const std::string kKernels = TESSERA_SOURCE_DIR "/tests/metal/program/kernels/";

struct Case {
  const char* name;
  uint32_t m, k, n, grid_x, grid_y;
  uint32_t sub_h, sub_w;  // what TTNN's rule picks
  bool packer_l1_acc = true;
};

class Matmul2dProgramTest : public testing::ProgramTest,
                            public ::testing::WithParamInterface<Case> {};

TEST(Matmul2dLayout, FollowsTheOutOfBoxRule) {
  // 1024^3 on 8x8: 4x4 tiles per core, K blocks of 4, a 2x4 subblock.
  matmul_2d::Layout l = matmul_2d::out_of_box_layout(8, 8, 1024, 1024, 1024, false);
  EXPECT_EQ(l.per_core_m, 4u);
  EXPECT_EQ(l.in0_block_w, 4u);
  EXPECT_EQ(l.sub_h, 2u);
  EXPECT_EQ(l.sub_w, 4u);
  EXPECT_TRUE(l.packer_l1_acc);
  EXPECT_FALSE(matmul_2d::out_of_box_layout(8, 8, 1024, 1024, 1024, true).packer_l1_acc);
  // 2048^3: 8x8 tiles per core; a 4-wide subblock short of per_core_N is one tile high.
  l = matmul_2d::out_of_box_layout(8, 8, 2048, 2048, 2048, false);
  EXPECT_EQ(l.sub_h, 1u);
  EXPECT_EQ(l.sub_w, 4u);
  // Blackhole 640x832x832 on 13x10: 2x2 per core, K of 26 tiles in blocks of 2.
  l = matmul_2d::out_of_box_layout(13, 10, 640, 832, 832, false);
  EXPECT_EQ(l.per_core_m, 2u);
  EXPECT_EQ(l.per_core_n, 2u);
  EXPECT_EQ(l.in0_block_w, 2u);
  EXPECT_EQ(l.sub_h, 2u);
  EXPECT_EQ(l.sub_w, 2u);
}

TEST_P(Matmul2dProgramTest, MatchesFloat64Reference) {
  const Case& c = GetParam();
  constexpr DataFormat kFormat = DataFormat::kFloat16_b;
  matmul_2d::Layout l = matmul_2d::out_of_box_layout(c.grid_x, c.grid_y, c.m, c.k, c.n, false);
  l.packer_l1_acc = c.packer_l1_acc;
  ASSERT_EQ(l.sub_h, c.sub_h);
  ASSERT_EQ(l.sub_w, c.sub_w);
  const uint32_t tile = sim::tile::tile_size_bytes(kFormat);
  const std::vector<float> a = testing::random_values(kFormat, uint64_t{c.m} * c.k, 31, -1, 1);
  const std::vector<float> b = testing::random_values(kFormat, uint64_t{c.k} * c.n, 32, -1, 1);
  Buffer in0 = dram_buffer(a.size() * 2, tile);
  Buffer in1 = dram_buffer(b.size() * 2, tile);
  Buffer out = dram_buffer(uint64_t{c.m} * c.n * 2, tile);
  ASSERT_TRUE(
      queue().enqueue_write_buffer(in0, testing::to_device_tiles(kFormat, a, c.m, c.k), true).ok());
  ASSERT_TRUE(
      queue().enqueue_write_buffer(in1, testing::to_device_tiles(kFormat, b, c.k, c.n), true).ok());

  Program program(c.name);
  Status built = matmul_2d::build_program(
      program, *device_, l, kFormat, MathFidelity::HiFi4,
      {static_cast<uint32_t>(in0.address()), static_cast<uint32_t>(in1.address()),
       static_cast<uint32_t>(out.address())},
      kKernels);
  ASSERT_TRUE(built.ok()) << built.error().describe();
  Status status = run(program);
  ASSERT_TRUE(status.ok()) << status.error().describe();

  const std::vector<float> result = testing::from_device_tiles(kFormat, read(out), c.m, c.n);
  std::vector<double> expected(uint64_t{c.m} * c.n, 0.0);
  for (uint32_t i = 0; i < c.m; ++i) {
    for (uint32_t p = 0; p < c.k; ++p) {
      const double x = a[uint64_t{i} * c.k + p];
      for (uint32_t j = 0; j < c.n; ++j)
        expected[uint64_t{i} * c.n + j] += x * b[uint64_t{p} * c.n + j];
    }
  }
  double max_c = 0;
  for (double v : expected) max_c = std::max(max_c, std::abs(v));
  // Every spill of the partials and the output rounds to bf16 (as in
  // matmul_program_test.cc).
  const testing::ReferenceCheck check = testing::check_against(result, expected);
  EXPECT_GE(check.pcc, 0.999);
  EXPECT_LE(check.max_abs_error, std::ldexp(l.num_blocks() * max_c, -7));
}

INSTANTIATE_TEST_SUITE_P(
    Layouts, Matmul2dProgramTest,
    ::testing::Values(Case{"grid_8x8_512x256x512", 512, 256, 512, 8, 8, 2, 2},
                      Case{"grid_4x4_256x256x1024", 256, 256, 1024, 4, 4, 1, 4},
                      Case{"grid_5x3_96x384x320", 96, 384, 320, 5, 3, 1, 2},
                      Case{"grid_5x3_96x384x320_reload", 96, 384, 320, 5, 3, 1, 2, false},
                      Case{"grid_8x8_512x256x512_reload", 512, 256, 512, 8, 8, 2, 2, false}),
    [](const auto& info) { return std::string(info.param.name); });

// A grid the layout cannot divide is refused with the shapes named.
TEST_F(Matmul2dProgramTest, RefusesAnUndividedGrid) {
  matmul_2d::Layout l = matmul_2d::out_of_box_layout(8, 8, 1024, 1024, 1000, false);
  Program program("undivided");
  Status built = matmul_2d::build_program(program, *device_, l, DataFormat::kFloat16_b,
                                          MathFidelity::HiFi4, {}, kKernels);
  ASSERT_FALSE(built.ok());
  EXPECT_NE(built.error().describe().find("does not divide"), std::string::npos);
}

}  // namespace
}  // namespace tessera::metal
