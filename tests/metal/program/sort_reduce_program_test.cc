// The sorting and reducing SFPU operations through kernels on one core:
// top-K of rows on TTNN's topk schedule (values and indices exact), and
// sfpu_reduce / max_reduce_with_indices in the eltwise SFPU kernel, against
// float64 references (PCC >= 0.9999 fp32, >= 0.999 bf16; exact for
// integers and indices).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "device_matrix.h"
#include "program_test_support.h"
#include "reference_check.h"
#include "tessera/sim/tile/data_format.h"
#include "tessera/sim/tile/element_convert.h"

namespace tessera::metal {
namespace {

using sim::tile::DataFormat;
using testing::ProgramTest;

const std::string kKernels = TESSERA_SOURCE_DIR "/tests/metal/program/kernels/";

class SortReduceProgramTest : public ProgramTest {
 protected:
  Buffer upload(DataFormat format, const std::vector<float>& values, uint64_t rows, uint64_t cols) {
    const std::vector<uint8_t> bytes = testing::to_device_tiles(format, values, rows, cols);
    Buffer buffer = dram_buffer(bytes.size(), sim::tile::tile_size_bytes(format));
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
  static std::vector<uint32_t> group(const Buffer& buffer, uint32_t first, uint32_t count,
                                     uint32_t cb) {
    return {static_cast<uint32_t>(buffer.address()), first, count, cb};
  }

  const CoreRangeSet kCore{{{1, 1}, {1, 1}}};
};

struct TopkCase {
  uint32_t k, width;
  bool largest;
};

uint32_t log2_of(uint32_t n) {
  uint32_t log = 0;
  while ((1u << log) < n) ++log;
  return log;
}

TEST_F(SortReduceProgramTest, TopkOfRowsOnTtnnsScheduleGivesValuesAndIndicesExactly) {
  constexpr uint32_t kRows = 64;  // two rows of tiles
  for (const TopkCase& test : {TopkCase{32, 128, true}, TopkCase{32, 128, false},
                               TopkCase{64, 256, true}, TopkCase{8, 64, true}}) {
    SCOPED_TRACE("k " + std::to_string(test.k) + " of " + std::to_string(test.width) +
                 (test.largest ? ", largest" : ", smallest"));
    // Distinct bf16 values per row, so the expected indices are unique.
    std::mt19937 rng(test.k + test.width);
    std::vector<float> values(kRows * test.width);
    for (uint32_t r = 0; r < kRows; ++r) {
      std::vector<float> row(test.width);
      std::iota(row.begin(), row.end(), -static_cast<float>(test.width) / 2);
      std::shuffle(row.begin(), row.end(), rng);
      std::copy(row.begin(), row.end(), values.begin() + r * test.width);
    }
    const uint32_t Wt = test.width / 32, Kt = (test.k + 31) / 32;
    Buffer in = upload(DataFormat::kFloat16_b, values, kRows, test.width);
    const uint32_t out_tiles = 2 * Kt;
    Buffer out_values = dram_buffer(out_tiles * 2048, 2048);
    Buffer out_indices = dram_buffer(out_tiles * 2048, 2048);
    Program program("topk");
    add_cb(program, 0, DataFormat::kFloat16_b, 2);
    add_cb(program, 1, DataFormat::kUInt16, 2);
    add_cb(program, 24, DataFormat::kFloat16_b, Wt);
    add_cb(program, 25, DataFormat::kUInt16, Wt);
    add_cb(program, 16, DataFormat::kFloat16_b, Kt);
    add_cb(program, 17, DataFormat::kUInt16, Kt);
    auto reader = create_kernel(program, kKernels + "reader_topk_rows.cpp", kCore,
                                reader_config({0, 1, 2, Wt}));
    auto writer =
        create_kernel(program, kKernels + "writer_tile_groups.cpp", kCore, writer_config());
    ComputeConfig compute;
    compute.compile_args = {0,
                            1,
                            24,
                            25,
                            16,
                            17,
                            2,
                            Wt,
                            test.k,
                            log2_of(test.k),
                            log2_of(test.width / test.k),
                            test.largest};
    auto math = create_kernel(program, kKernels + "topk_rows.cpp", kCore, compute);
    ASSERT_TRUE(reader.ok() && writer.ok() && math.ok());
    const CoreCoord core = kCore[0].start;
    ASSERT_TRUE(
        set_runtime_args(program, *reader, core, {static_cast<uint32_t>(in.address())}).ok());
    std::vector<uint32_t> writes = {2 * 2};
    for (uint32_t h = 0; h < 2; ++h) {
      for (uint32_t cb : {16u, 17u}) {
        const auto g = group(cb == 16 ? out_values : out_indices, h * Kt, Kt, cb);
        writes.insert(writes.end(), g.begin(), g.end());
      }
    }
    ASSERT_TRUE(set_runtime_args(program, *writer, core, writes).ok());
    Status status = run(program);
    ASSERT_TRUE(status.ok()) << status.error().describe();
    const std::vector<float> got_values =
        testing::from_device_tiles(DataFormat::kFloat16_b, read(out_values), kRows, Kt * 32);
    const std::vector<float> got_indices =
        testing::from_device_tiles(DataFormat::kUInt16, read(out_indices), kRows, Kt * 32);
    for (uint32_t r = 0; r < kRows; ++r) {
      std::vector<uint32_t> order(test.width);
      std::iota(order.begin(), order.end(), 0);
      const float* row = values.data() + r * test.width;
      std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
        return test.largest ? row[a] > row[b] : row[a] < row[b];
      });
      for (uint32_t i = 0; i < test.k; ++i) {
        ASSERT_EQ(got_values[r * Kt * 32 + i], row[order[i]]) << "row " << r << ", rank " << i;
        ASSERT_EQ(got_indices[r * Kt * 32 + i], static_cast<float>(order[i]))
            << "row " << r << ", rank " << i;
      }
    }
  }
}

// A reduce kernel through a helper header written as TTNN's kernel_lib
// helpers are (LLK-level reconfiguration, the enforce-fp32 template
// arguments, Dst capacity from DST_SYNC_MODE, compute_kernel_hw_startup
// without its header), for each Dst configuration.
TEST_F(SortReduceProgramTest, ReduceThroughAKernelLibStyleHelper) {
  constexpr uint32_t kHt = 2, kWt = 3, kRows = 32 * kHt, kCols = 32 * kWt;
  for (DataFormat format : {DataFormat::kFloat16_b, DataFormat::kFloat32}) {
    for (bool full_sync : {false, true}) {
      for (const std::string op : {"SUM", "MAX"}) {
        SCOPED_TRACE(op + (format == DataFormat::kFloat32 ? " Float32" : " Float16_b") +
                     (full_sync ? ", full sync" : ", half sync"));
        const std::vector<float> values = testing::random_values(format, kRows * kCols, 9, -2, 2);
        Buffer in = upload(format, values, kRows, kCols);
        Buffer scaler = upload(format, std::vector<float>(1024, 1.0f), 32, 32);
        const uint32_t page = sim::tile::tile_size_bytes(format);
        Buffer out = dram_buffer(kHt * page, page);
        Program program("reduce_rows");
        add_cb(program, 0, format, 2);
        add_cb(program, 2, format, 1);
        add_cb(program, 16, format, 2);
        ComputeConfig compute;
        compute.fp32_dest_acc_en = format == DataFormat::kFloat32;
        compute.dst_full_sync_en = full_sync;
        compute.compile_args = {kHt, kWt};
        compute.defines["REDUCE_OP"] = "PoolType::" + op;
        compute.defines["EXPECTED_DST_TILES"] =
            std::to_string((full_sync ? 16 : 8) / (compute.fp32_dest_acc_en ? 2 : 1));
        auto reader =
            create_kernel(program, kKernels + "reader_tile_groups.cpp", kCore, reader_config());
        auto writer =
            create_kernel(program, kKernels + "writer_tile_groups.cpp", kCore, writer_config());
        auto math =
            create_kernel(program, kKernels + "reduce_rows_with_helpers.cpp", kCore, compute);
        ASSERT_TRUE(reader.ok() && writer.ok() && math.ok());
        const CoreCoord core = kCore[0].start;
        std::vector<uint32_t> groups = {2};
        for (const auto& g : {group(scaler, 0, 1, 2), group(in, 0, kHt * kWt, 0)}) {
          groups.insert(groups.end(), g.begin(), g.end());
        }
        std::vector<uint32_t> outputs = {1};
        const auto g = group(out, 0, kHt, 16);
        outputs.insert(outputs.end(), g.begin(), g.end());
        ASSERT_TRUE(set_runtime_args(program, *reader, core, groups).ok());
        ASSERT_TRUE(set_runtime_args(program, *writer, core, outputs).ok());
        Status status = run(program);
        ASSERT_TRUE(status.ok()) << status.error().describe();
        const std::vector<float> tiles = testing::from_device_tiles(format, read(out), kRows, 32);
        std::vector<float> actual;
        std::vector<double> expected;
        for (uint32_t r = 0; r < kRows; ++r) {
          double sum = 0, high = values[r * kCols];
          for (uint32_t c = 0; c < kCols; ++c) {
            sum += values[r * kCols + c];
            high = std::max<double>(high, values[r * kCols + c]);
          }
          expected.push_back(op == "SUM" ? sum : high);
          actual.push_back(tiles[r * 32]);
        }
        if (op == "MAX") {
          for (uint32_t r = 0; r < kRows; ++r) ASSERT_EQ(actual[r], expected[r]) << "row " << r;
        } else {
          const testing::ReferenceCheck check = testing::check_against(actual, expected);
          EXPECT_GE(check.pcc, format == DataFormat::kFloat32 ? 0.9999 : 0.999)
              << "max abs error " << check.max_abs_error;
        }
      }
    }
  }
}

// The eltwise SFPU kernel with an op chain: tiles of CBs 0 and 1 in Dst 0
// and 1, the chain, Dst 0 packed; returns the packed tile.
class SfpuChainTest : public SortReduceProgramTest {
 protected:
  std::vector<float> run_chain(const std::string& chain, DataFormat format,
                               const std::vector<float>& a, const std::vector<float>& b) {
    const uint32_t page = sim::tile::tile_size_bytes(format);
    Buffer in_a = upload(format, a, 32, 32), in_b = upload(format, b, 32, 32);
    Buffer in_c = upload(format, a, 32, 32);
    Buffer out = dram_buffer(page, page);
    Program program("sfpu_chain");
    for (uint32_t cb : {0u, 1u, 2u, 16u}) add_cb(program, cb, format, 2);
    ComputeConfig compute;
    compute.fp32_dest_acc_en = format != DataFormat::kFloat16_b;
    compute.defines["SFPU_OP_CHAIN_0"] = chain;
    compute.defines["SFPU_OP_COMPUTE_KERNEL_API_INCLUDE"] = "1";
    auto reader =
        create_kernel(program, kKernels + "reader_tile_groups.cpp", kCore, reader_config());
    auto writer = create_kernel(program, kKernels + "writer_tiles.cpp", kCore, writer_config({1}));
    auto math = create_kernel(program, kKernels + "eltwise_sfpu_chain.cpp", kCore, compute);
    EXPECT_TRUE(reader.ok() && writer.ok() && math.ok());
    const CoreCoord core = kCore[0].start;
    std::vector<uint32_t> groups = {3};
    for (uint32_t cb : {0u, 1u, 2u}) {
      const auto g = group(cb == 0 ? in_a : (cb == 1 ? in_b : in_c), 0, 1, cb);
      groups.insert(groups.end(), g.begin(), g.end());
    }
    EXPECT_TRUE(set_runtime_args(program, *reader, core, groups).ok());
    EXPECT_TRUE(set_runtime_args(program, *math, core, {1}).ok());
    EXPECT_TRUE(
        set_runtime_args(program, *writer, core, {static_cast<uint32_t>(out.address()), 0, 1})
            .ok());
    Status status = run(program);
    EXPECT_TRUE(status.ok()) << chain << ": " << status.error().describe();
    if (!status.ok()) return {};
    return testing::from_device_tiles(format, read(out), 32, 32);
  }
};

void expect_row_zero(const std::vector<float>& actual, const std::vector<double>& expected,
                     DataFormat format, bool exact) {
  ASSERT_EQ(actual.size(), 1024u);
  std::vector<float> first(actual.begin(), actual.begin() + 32);
  if (exact) {
    for (uint32_t c = 0; c < 32; ++c) ASSERT_EQ(first[c], expected[c]) << "column " << c;
    return;
  }
  const testing::ReferenceCheck check = testing::check_against(first, expected);
  EXPECT_GE(check.pcc, format == DataFormat::kFloat32 ? 0.9999 : 0.999)
      << "max abs error " << check.max_abs_error;
}

TEST_F(SfpuChainTest, SfpuReduceColumnsMatchFloat64) {
  for (DataFormat format : {DataFormat::kFloat32, DataFormat::kFloat16_b}) {
    const std::string name = format == DataFormat::kFloat32 ? "Float32" : "Float16_b";
    const std::vector<float> a = testing::random_values(format, 1024, 5, -3, 3);
    struct Pool {
      std::string pool;
      bool exact;
    };
    for (const Pool& p :
         {Pool{"SUM", false}, Pool{"AVG", false}, Pool{"MAX", true}, Pool{"MIN", true}}) {
      SCOPED_TRACE(p.pool + " in " + name);
      const std::string op = "PoolType::" + p.pool + ", DataFormat::" + name;
      const auto actual =
          run_chain("sfpu_reduce_init<" + op + ">(); sfpu_reduce<" + op + ">(0);", format, a, a);
      std::vector<double> expected(32);
      for (uint32_t c = 0; c < 32; ++c) {
        double sum = 0, low = a[c], high = a[c];
        for (uint32_t r = 0; r < 32; ++r) {
          sum += a[r * 32 + c];
          low = std::min<double>(low, a[r * 32 + c]);
          high = std::max<double>(high, a[r * 32 + c]);
        }
        expected[c] = p.pool == "SUM"   ? sum
                      : p.pool == "AVG" ? sum / 32
                      : p.pool == "MAX" ? high
                                        : low;
      }
      expect_row_zero(actual, expected, format, p.exact);
    }
  }
}

TEST_F(SfpuChainTest, SfpuReduceIntegersAreExact) {
  std::vector<float> a = testing::random_values(DataFormat::kFloat32, 1024, 6, -1000, 1000);
  for (float& v : a) v = std::nearbyint(v);
  const auto sums = run_chain(
      "sfpu_reduce_init<PoolType::AVG, DataFormat::Int32>(); "
      "sfpu_reduce<PoolType::AVG, DataFormat::Int32>(0);",
      DataFormat::kInt32, a, a);
  std::vector<double> expected(32);
  for (uint32_t c = 0; c < 32; ++c) {
    int64_t sum = 0;
    for (uint32_t r = 0; r < 32; ++r) sum += static_cast<int64_t>(a[r * 32 + c]);
    expected[c] = static_cast<double>(sum / 32);  // C++ division truncates, as the shift does
  }
  expect_row_zero(sums, expected, DataFormat::kInt32, true);
}

TEST_F(SfpuChainTest, SfpuReduceRowsSpanTwoTiles) {
  const std::vector<float> a = testing::random_values(DataFormat::kFloat32, 1024, 7, -2, 2);
  const std::vector<float> b = testing::random_values(DataFormat::kFloat32, 1024, 8, -2, 2);
  const auto actual = run_chain(
      "sfpu_reduce_init<PoolType::SUM, DataFormat::Float32>(); "
      "sfpu_reduce<PoolType::SUM, DataFormat::Float32, ReduceDim::REDUCE_ROW>(0, 2, 1);",
      DataFormat::kFloat32, a, b);
  ASSERT_EQ(actual.size(), 1024u);
  std::vector<float> column(32);
  std::vector<double> expected(32);
  for (uint32_t r = 0; r < 32; ++r) {
    double sum = 0;
    for (uint32_t c = 0; c < 32; ++c) sum += double{a[r * 32 + c]} + b[r * 32 + c];
    expected[r] = sum;
    column[r] = actual[r * 32];
  }
  EXPECT_GE(testing::check_against(column, expected).pcc, 0.9999);
}

TEST_F(SfpuChainTest, MaxReduceWithIndicesGivesTheRowOfEachColumnsMaximum) {
  for (DataFormat format : {DataFormat::kFloat32, DataFormat::kFloat16_b}) {
    const std::vector<float> a = testing::random_values(format, 1024, 9, -5, 5);
    std::vector<float> indices(1024);
    for (uint32_t i = 0; i < 1024; ++i) indices[i] = static_cast<float>(i % 200);
    const std::string reduce = "max_reduce_with_indices_init(); max_reduce_with_indices<9>(0, 1);";
    const auto values = run_chain(reduce, format, a, indices);
    const auto positions = run_chain(reduce + " copy_dest_values(1, 0);", format, a, indices);
    std::vector<double> expected_values(32), expected_indices(32);
    for (uint32_t c = 0; c < 32; ++c) {
      uint32_t best = 0;
      for (uint32_t r = 1; r < 9; ++r) {
        if (a[r * 32 + c] > a[best * 32 + c]) best = r;
      }
      expected_values[c] = a[best * 32 + c];
      expected_indices[c] = indices[best * 32 + c];
    }
    expect_row_zero(values, expected_values, format, true);
    expect_row_zero(positions, expected_indices, format, true);
  }
}

}  // namespace
}  // namespace tessera::metal
