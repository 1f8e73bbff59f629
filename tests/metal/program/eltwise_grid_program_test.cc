// Element-wise binary ops through reader -> compute -> writer kernels on the
// whole 8x8 worker grid, bf16 and fp32 inputs in interleaved DRAM, against a
// float64 reference.
//
// Tolerances: the device result is the fp32 op rounded once to the output
// format, so the error is at most half an ulp of the largest |result|:
// inputs in [-4, 4] give |a + b| <= 8 and |a * b| <= 16, hence atol
// 16 * 2^-24 (fp32) and 16 * 2^-9 (bf16). PCC must reach 0.9999 (fp32) and
// 0.999 (bf16).
#include <gtest/gtest.h>

#include <string>

#include "device_matrix.h"
#include "program_test_support.h"
#include "reference_check.h"

namespace tessera::metal {
namespace {

using sim::tile::DataFormat;
using testing::check_against;
using testing::ProgramTest;

constexpr const char* kKernels = TESSERA_SOURCE_DIR "/tests/metal/program/kernels/";
constexpr uint32_t kBlock = 4;  // tiles per push; fits Dst with fp32 accumulation (4)
// Not a multiple of 64: 8 cores get 4 tiles, the other 56 get 3.
constexpr uint32_t kTiles = 200;

struct EltwiseCase {
  const char* op;
  DataFormat format;
  double (*reference)(double, double);
};

std::string case_name(const EltwiseCase& c) {
  return std::string(c.op) + "_" + sim::tile::data_format_name(c.format);
}

class EltwiseGridTest : public ProgramTest, public ::testing::WithParamInterface<EltwiseCase> {
 protected:
  Buffer upload(const std::vector<uint8_t>& bytes, uint32_t tile_bytes) {
    Buffer buffer = dram_buffer(bytes.size(), tile_bytes);
    Status status = queue().enqueue_write_buffer(buffer, bytes, true);
    EXPECT_TRUE(status.ok()) << status.error().describe();
    return buffer;
  }
};

TEST_P(EltwiseGridTest, MatchesFloat64ReferenceOnTheFullGrid) {
  const EltwiseCase& param = GetParam();
  const DataFormat format = param.format;
  const uint32_t tile_bytes = sim::tile::tile_size_bytes(format);
  const uint64_t rows = 32, cols = uint64_t{kTiles} * 32;  // one row of tiles
  const std::vector<float> a = testing::random_values(format, rows * cols, 11, -4.0f, 4.0f);
  const std::vector<float> b = testing::random_values(format, rows * cols, 12, -4.0f, 4.0f);
  Buffer in0 = upload(testing::to_device_tiles(format, a, rows, cols), tile_bytes);
  Buffer in1 = upload(testing::to_device_tiles(format, b, rows, cols), tile_bytes);
  Buffer out = dram_buffer(uint64_t{kTiles} * tile_bytes, tile_bytes);

  const sim::ChipDescriptor& chip = device_->descriptor();
  ASSERT_EQ(chip.num_workers(), 64u);
  const CoreRangeSet grid{{{0, 0}, {chip.grid.x - 1, chip.grid.y - 1}}};
  Program program("eltwise_grid");
  auto reader = create_kernel(program, std::string(kKernels) + "reader_binary_tiles.cpp", grid,
                              reader_config({kBlock}));
  auto writer = create_kernel(program, std::string(kKernels) + "writer_tiles.cpp", grid,
                              writer_config({kBlock}));
  ComputeConfig compute;
  compute.fp32_dest_acc_en = format == DataFormat::kFloat32;
  compute.compile_args = {kBlock};
  compute.defines = {{"ELTWISE_OP", std::string(param.op) + "_tiles"},
                     {"ELTWISE_OP_INIT", std::string(param.op) + "_tiles_init"}};
  auto math =
      create_kernel(program, std::string(kKernels) + "eltwise_binary_tiles.cpp", grid, compute);
  ASSERT_TRUE(reader.ok() && writer.ok() && math.ok());
  for (uint32_t cb : {0u, 1u, 16u}) {
    ASSERT_TRUE(
        create_circular_buffer(program, grid,
                               CircularBufferConfig(2 * kBlock * tile_bytes, {{cb, {format, 0}}}))
            .ok());
  }
  const uint32_t cores = chip.num_workers();
  uint32_t first = 0;
  for (uint32_t i = 0; i < cores; ++i) {
    const CoreCoord core = chip.worker_logical(i);
    const uint32_t count = kTiles / cores + (i < kTiles % cores ? 1 : 0);
    ASSERT_TRUE(set_runtime_args(program, *reader, core,
                                 {static_cast<uint32_t>(in0.address()),
                                  static_cast<uint32_t>(in1.address()), first, count})
                    .ok());
    ASSERT_TRUE(set_runtime_args(program, *math, core, {count}).ok());
    ASSERT_TRUE(set_runtime_args(program, *writer, core,
                                 {static_cast<uint32_t>(out.address()), first, count})
                    .ok());
    first += count;
  }
  ASSERT_EQ(first, kTiles);
  Status status = run(program);
  ASSERT_TRUE(status.ok()) << status.error().describe();

  const std::vector<float> result = testing::from_device_tiles(format, read(out), rows, cols);
  std::vector<double> expected(a.size());
  for (std::size_t i = 0; i < a.size(); ++i) expected[i] = param.reference(a[i], b[i]);
  const bool fp32 = format == DataFormat::kFloat32;
  const double atol = fp32 ? 16.0 / (1 << 24) : 16.0 / (1 << 9);
  const testing::ReferenceCheck check = check_against(result, expected);
  EXPECT_GE(check.pcc, fp32 ? 0.9999 : 0.999);
  EXPECT_LE(check.max_abs_error, atol);
}

double add(double x, double y) {
  return x + y;
}
double mul(double x, double y) {
  return x * y;
}

INSTANTIATE_TEST_SUITE_P(Ops, EltwiseGridTest,
                         ::testing::Values(EltwiseCase{"add", DataFormat::kFloat16_b, add},
                                           EltwiseCase{"mul", DataFormat::kFloat16_b, mul},
                                           EltwiseCase{"add", DataFormat::kFloat32, add},
                                           EltwiseCase{"mul", DataFormat::kFloat32, mul}),
                         [](const auto& info) { return case_name(info.param); });

}  // namespace
}  // namespace tessera::metal
