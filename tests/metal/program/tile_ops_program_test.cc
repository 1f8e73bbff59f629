// Tile data paths through kernels on one core, bit-exact where the device
// is: unpack -> Dst -> pack in bf16, fp32 and bfp8_b; untilize -> tilize;
// and every reduce function x dimension against a float64 reference.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>

#include "device_matrix.h"
#include "program_test_support.h"
#include "tessera/sim/tile/tile_codec.h"
#include "tessera/sim/tile/tilize.h"

namespace tessera::metal {
namespace {

using sim::tile::DataFormat;
using testing::ProgramTest;

const std::string kKernels = TESSERA_SOURCE_DIR "/tests/metal/program/kernels/";
constexpr uint32_t kTiles = 8;

// `tiles` 32x32 tiles side by side with random values, in `format`
// (bfp8_b through its packer, so the bytes are canonical).
std::vector<uint8_t> random_tile_bytes(DataFormat format, uint32_t tiles, uint32_t seed) {
  const uint64_t cols = uint64_t{tiles} * 32;
  if (format != DataFormat::kBfp8_b) {
    return testing::to_device_tiles(format, testing::random_values(format, 32 * cols, seed, -8, 8),
                                    32, cols);
  }
  const std::vector<float> values =
      testing::random_values(DataFormat::kFloat32, 32 * cols, seed, -8, 8);
  const std::vector<uint8_t> fp32 =
      testing::to_device_tiles(DataFormat::kFloat32, values, 32, cols);
  std::vector<uint8_t> bytes(tiles * sim::tile::tile_size_bytes(format));
  EXPECT_TRUE(sim::tile::convert_tiles(DataFormat::kFloat32, std::as_bytes(std::span(fp32)), format,
                                       std::as_writable_bytes(std::span(bytes)), tiles)
                  .ok());
  return bytes;
}

class TileOpsProgramTest : public ProgramTest {
 protected:
  Buffer upload(const std::vector<uint8_t>& bytes, uint32_t page) {
    Buffer buffer = dram_buffer(bytes.size(), page);
    Status status = queue().enqueue_write_buffer(buffer, bytes, true);
    EXPECT_TRUE(status.ok()) << status.error().describe();
    return buffer;
  }

  void add_cb(Program& program, uint32_t index, DataFormat format, uint32_t pages) {
    const uint32_t page = sim::tile::tile_size_bytes(format);
    ASSERT_TRUE(create_circular_buffer(
                    program, kCore, CircularBufferConfig(pages * page, {{index, {format, page}}}))
                    .ok());
  }

  // Reader (groups of (buffer, first, count, cb)), `compute`, writer of
  // `out_tiles` CB 16 pages into `out`; returns the run's status.
  Status run_one_core(Program& program, const std::vector<uint32_t>& reader_args,
                      const std::string& compute_file, const ComputeConfig& compute,
                      const std::vector<uint32_t>& compute_args, const Buffer& out,
                      uint32_t out_tiles) {
    auto reader =
        create_kernel(program, kKernels + "reader_tile_groups.cpp", kCore, reader_config());
    auto writer = create_kernel(program, kKernels + "writer_tiles.cpp", kCore, writer_config({1}));
    auto math = create_kernel(program, kKernels + compute_file, kCore, compute);
    EXPECT_TRUE(reader.ok() && writer.ok() && math.ok());
    const CoreCoord core = kCore[0].start;
    EXPECT_TRUE(set_runtime_args(program, *reader, core, reader_args).ok());
    EXPECT_TRUE(set_runtime_args(program, *math, core, compute_args).ok());
    EXPECT_TRUE(set_runtime_args(program, *writer, core,
                                 {static_cast<uint32_t>(out.address()), 0, out_tiles})
                    .ok());
    return run(program);
  }

  void check_reductions(const std::vector<float>& a);

  const CoreRangeSet kCore{{{4, 6}, {4, 6}}};
};

class FormatRoundTripTest : public TileOpsProgramTest,
                            public ::testing::WithParamInterface<DataFormat> {};

TEST_P(FormatRoundTripTest, UnpackToDstAndPackIsBitExact) {
  const DataFormat format = GetParam();
  const uint32_t page = sim::tile::tile_size_bytes(format);
  const std::vector<uint8_t> input = random_tile_bytes(format, kTiles, 31);
  Buffer in = upload(input, page);
  Buffer out = dram_buffer(input.size(), page);
  Program program("copy_through_dst");
  add_cb(program, 0, format, 2);
  add_cb(program, 16, format, 2);
  ComputeConfig compute;
  compute.fp32_dest_acc_en = format == DataFormat::kFloat32;
  Status status = run_one_core(program, {1, static_cast<uint32_t>(in.address()), 0, kTiles, 0},
                               "copy_through_dst.cpp", compute, {kTiles}, out, kTiles);
  ASSERT_TRUE(status.ok()) << status.error().describe();
  const std::vector<uint8_t> result = read(out);
  ASSERT_EQ(result.size(), input.size());
  EXPECT_EQ(0, std::memcmp(result.data(), input.data(), input.size()));
}

INSTANTIATE_TEST_SUITE_P(Formats, FormatRoundTripTest,
                         ::testing::Values(DataFormat::kFloat16_b, DataFormat::kFloat32,
                                           DataFormat::kBfp8_b),
                         [](const auto& info) { return sim::tile::data_format_name(info.param); });

class TilizeRoundTripTest : public TileOpsProgramTest,
                            public ::testing::WithParamInterface<DataFormat> {
 protected:
  std::vector<uint8_t> run_untilize(const std::vector<uint8_t>& input, bool untilize_only) {
    const DataFormat format = GetParam();
    const uint32_t page = sim::tile::tile_size_bytes(format);
    Buffer in = upload(input, page);
    Buffer out = dram_buffer(input.size(), page);
    Program program("untilize_tilize");
    add_cb(program, 0, format, 2);
    add_cb(program, 1, format, 2);
    add_cb(program, 16, format, 2);
    ComputeConfig compute;
    compute.fp32_dest_acc_en = format == DataFormat::kFloat32;
    if (untilize_only) compute.defines["UNTILIZE_ONLY"] = "1";
    Status status = run_one_core(program, {1, static_cast<uint32_t>(in.address()), 0, kTiles, 0},
                                 "untilize_tilize.cpp", compute, {kTiles}, out, kTiles);
    EXPECT_TRUE(status.ok()) << status.error().describe();
    return read(out);
  }
};

TEST_P(TilizeRoundTripTest, UntilizeThenTilizeIsBitExact) {
  const std::vector<uint8_t> input = random_tile_bytes(GetParam(), kTiles, 32);
  const std::vector<uint8_t> result = run_untilize(input, false);
  ASSERT_EQ(result.size(), input.size());
  EXPECT_EQ(0, std::memcmp(result.data(), input.data(), input.size()));
}

// Each tile alone comes out as its 32 row-major rows (not a no-op).
TEST_P(TilizeRoundTripTest, UntilizeAloneGivesRowMajorRows) {
  const DataFormat format = GetParam();
  const std::vector<uint8_t> input = random_tile_bytes(format, kTiles, 33);
  const std::vector<uint8_t> result = run_untilize(input, true);
  ASSERT_EQ(result.size(), input.size());
  const uint32_t page = sim::tile::tile_size_bytes(format);
  const uint32_t element = sim::tile::element_size_bytes(format);
  const uint64_t shape[] = {32, 32};
  for (uint32_t t = 0; t < kTiles; ++t) {
    std::vector<uint8_t> rows(page);
    ASSERT_TRUE(sim::tile::untilize(std::as_bytes(std::span(input).subspan(t * page, page)),
                                    std::as_writable_bytes(std::span(rows)), shape, element)
                    .ok());
    EXPECT_EQ(0, std::memcmp(result.data() + t * page, rows.data(), page)) << "tile " << t;
  }
}

INSTANTIATE_TEST_SUITE_P(Formats, TilizeRoundTripTest,
                         ::testing::Values(DataFormat::kFloat16_b, DataFormat::kFloat32),
                         [](const auto& info) { return sim::tile::data_format_name(info.param); });

// The compiler's experimental:: layout blocks, pasted definitions and all
// (compiler_layout_block.cpp): a 64 x 96 fp32 matrix, 2 x 3 tiles, tilized,
// untilized and pack-untilized in one call each, bit-exact.
class CompilerLayoutBlockTest : public TileOpsProgramTest {
 protected:
  // `call` on a block_r x block_c block of the `pages` 4096-byte pages of
  // `input`; the output has as many pages.
  std::vector<uint8_t> run_block(const std::vector<uint8_t>& input, const std::string& call,
                                 uint32_t block_r, uint32_t block_c, bool call_pops = false) {
    constexpr uint32_t kPage = 4096;
    const uint32_t pages = static_cast<uint32_t>(input.size() / kPage);
    Buffer in = upload(input, kPage);
    Buffer out = dram_buffer(input.size(), kPage);
    Program program("compiler_layout_block");
    add_cb(program, 0, DataFormat::kFloat32, pages);
    add_cb(program, 16, DataFormat::kFloat32, pages);
    ComputeConfig compute;
    compute.fp32_dest_acc_en = true;
    compute.compile_args = {block_r, block_c};
    compute.defines["LAYOUT_CALL"] = call;
    if (call_pops) compute.defines["LAYOUT_CALL_POPS"] = "1";
    Status status = run_one_core(program, {1, static_cast<uint32_t>(in.address()), 0, pages, 0},
                                 "compiler_layout_block.cpp", compute, {}, out, pages);
    EXPECT_TRUE(status.ok()) << call << ": " << status.error().describe();
    return read(out);
  }
};

std::vector<uint8_t> as_bytes(const std::vector<float>& values) {
  return std::vector<uint8_t>(reinterpret_cast<const uint8_t*>(values.data()),
                              reinterpret_cast<const uint8_t*>(values.data() + values.size()));
}

TEST_F(CompilerLayoutBlockTest, ExperimentalBlocksMoveWholeBlocksBitExactly) {
  const std::vector<float> values =
      testing::random_values(DataFormat::kFloat32, 64 * 96, 34, -9, 9);
  const std::vector<uint8_t> rows = as_bytes(values);
  const std::vector<uint8_t> tiles = testing::to_device_tiles(DataFormat::kFloat32, values, 64, 96);
  EXPECT_EQ(run_block(rows, "experimental::tilize_block(in, out, block_r, block_c)", 2, 3), tiles);
  EXPECT_EQ(run_block(tiles, "experimental::untilize_block(in, out, block_r, block_c)", 2, 3),
            rows);
  EXPECT_EQ(
      run_block(tiles, "experimental::pack_untilize_block<3, 3>(in, out, block_r, block_c)", 2, 3),
      rows);
  EXPECT_EQ(
      run_block(tiles, "experimental::pack_untilize_block<1, 3>(in, out, block_r, block_c)", 2, 3),
      rows);
}

// tt-metal's own forms on a row of three tiles: pack_untilize_block one
// tile-wide block at a time into its columns of the row, and tilize_block
// with input and output tile indices.
TEST_F(CompilerLayoutBlockTest, TtMetalBlockFormsTakeColumnsAndTileIndices) {
  const std::vector<float> values =
      testing::random_values(DataFormat::kFloat32, 32 * 96, 35, -9, 9);
  const std::vector<uint8_t> tiles = testing::to_device_tiles(DataFormat::kFloat32, values, 32, 96);
  EXPECT_EQ(run_block(tiles,
                      "pack_untilize_init<1, 3>(in, out); for (uint32_t b = 0; b < 3; ++b) { "
                      "pack_untilize_block<1, 3>(in, 1, out, b); cb_pop_front(in, 1); } "
                      "pack_untilize_uninit(out)",
                      1, 3, /*call_pops=*/true),
            as_bytes(values));
  // Each page as a 32 x 32 row-major tile, tilized into the tile the index says.
  std::vector<uint8_t> expected(tiles.size());
  for (uint32_t t = 0; t < 3; ++t) {
    const std::vector<float> page(values.begin() + t * 1024, values.begin() + (t + 1) * 1024);
    const std::vector<uint8_t> tile = testing::to_device_tiles(DataFormat::kFloat32, page, 32, 32);
    std::copy(tile.begin(), tile.end(), expected.begin() + (2 - t) * 4096);
  }
  EXPECT_EQ(run_block(as_bytes(values),
                      "tilize_init(in, 1, out); for (uint32_t t = 0; t < 3; ++t) "
                      "tilize_block(in, 1, out, t, 2 - t)",
                      1, 3),
            expected);
}

// Two bf16 input tiles (32 x 64 row-major `a`) reduced together, the
// second accumulating into Dst; checks all nine results. MAX is exact
// (scaler 1); SUM/AVG round once to bf16.
void TileOpsProgramTest::check_reductions(const std::vector<float>& a) {
  constexpr DataFormat kBf16 = DataFormat::kFloat16_b;
  const float kSumScale = 1.0f, kAvgScale = 0.5f;
  std::vector<float> scalers(32 * 64, kSumScale);
  for (int r = 0; r < 32; ++r) std::fill_n(scalers.begin() + r * 64 + 32, 32, kAvgScale);
  Buffer in = upload(testing::to_device_tiles(kBf16, a, 32, 64), 2048);
  Buffer scaler = upload(testing::to_device_tiles(kBf16, scalers, 32, 64), 2048);
  Buffer out = dram_buffer(9 * 2048, 2048);
  Program program("reduce_all");
  add_cb(program, 0, kBf16, 2);
  add_cb(program, 2, kBf16, 2);
  add_cb(program, 16, kBf16, 2);
  Status status = run_one_core(program,
                               {2, static_cast<uint32_t>(in.address()), 0, 2, 0,
                                static_cast<uint32_t>(scaler.address()), 0, 2, 2},
                               "reduce_all.cpp", ComputeConfig{}, {}, out, 9);
  ASSERT_TRUE(status.ok()) << status.error().describe();
  const std::vector<float> result = testing::from_device_tiles(kBf16, read(out), 32, 9 * 32);

  const char* funcs[] = {"SUM", "AVG", "MAX"};
  const char* dims[] = {"ROW", "COL", "SCALAR"};
  for (int f = 0; f < 3; ++f) {
    const double scale = f == 1 ? kAvgScale : kSumScale;
    for (int d = 0; d < 3; ++d) {
      SCOPED_TRACE(std::string(funcs[f]) + " " + dims[d]);
      // Over both tiles: element (r, c) of tile t is a[r * 64 + t * 32 + c].
      auto reduce = [&](int row, int col) {
        double sum = 0, best = -std::numeric_limits<double>::infinity();
        for (int t = 0; t < 2; ++t) {
          for (int r = 0; r < 32; ++r) {
            for (int c = 0; c < 32; ++c) {
              if ((row >= 0 && r != row) || (col >= 0 && c != col)) continue;
              const double v = a[r * 64 + t * 32 + c] * scale;
              sum += v;
              best = std::max(best, v);
            }
          }
        }
        return f == 2 ? best : sum;
      };
      const int out_tile = f * 3 + d;
      for (int r = 0; r < 32; ++r) {
        for (int c = 0; c < 32; ++c) {
          double want = 0;  // Dst is zeroed on acquire; only results are written
          if (d == 0 && c == 0) want = reduce(r, -1);
          if (d == 1 && r == 0) want = reduce(-1, c);
          if (d == 2 && r == 0 && c == 0) want = reduce(-1, -1);
          const double got = result[r * 9 * 32 + out_tile * 32 + c];
          ASSERT_NEAR(got, want, std::abs(want) * std::ldexp(1.0, -8))
              << "(" << r << ", " << c << ")";
        }
      }
    }
  }
}

TEST_F(TileOpsProgramTest, ReduceEveryFunctionAndDimensionMatchesFloat64) {
  check_reductions(testing::random_values(DataFormat::kFloat16_b, 32 * 64, 41, -3, 2));
}

// MAX over an all-negative row or column right after tile_regs_acquire must
// give the largest negative value, not the 0 that acquire left in Dst.
TEST_F(TileOpsProgramTest, ReduceMaxOfAllNegativeRowsAndColumns) {
  std::vector<float> a =
      testing::random_values(DataFormat::kFloat16_b, 32 * 64, 42, -3, 2);  // two tiles, 32 x 64
  for (int i = 0; i < 32; ++i) {
    for (int t = 0; t < 2; ++t) {
      a[5 * 64 + t * 32 + i] = -1.0f - static_cast<float>(i);  // row 5
      a[i * 64 + t * 32 + 7] = -2.0f - static_cast<float>(i);  // column 7
    }
  }
  check_reductions(a);
}

}  // namespace
}  // namespace tessera::metal
