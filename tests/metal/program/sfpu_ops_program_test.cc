// The SFPU op families of the kernel API on one core, through a kernel in
// the style of tt-metal's eltwise_sfpu.cpp (the op chain is a define): each
// result tile is checked against a float64 reference, PCC >= 0.9999 in fp32
// and >= 0.999 in bf16, and exactly for comparisons, rounding and integers.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
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
using Reference = std::function<double(double a, double b, double c)>;

enum class Check { kPcc, kExact };

struct Range {
  float low, high;
  bool integers = false;  // whole numbers only (ties and zeros for comparisons)
};

struct SfpuCase {
  std::string name;
  std::string chain;  // SFPU_OP_CHAIN_0
  Reference reference;
  Check check = Check::kPcc;
  Range a{-4, 4}, b{-4, 4}, c{-4, 4};
};

const std::string kKernels = TESSERA_SOURCE_DIR "/tests/metal/program/kernels/";
constexpr uint32_t kTiles = 2;

std::vector<float> inputs(DataFormat format, Range range, uint32_t seed) {
  std::vector<float> values =
      testing::random_values(DataFormat::kFloat32, 32 * 32 * kTiles, seed, range.low, range.high);
  if (range.integers) {
    for (float& v : values) v = std::nearbyint(v);
  }
  EXPECT_TRUE(sim::tile::round_to_format(format, values).ok());
  return values;
}

class SfpuOpsTest : public testing::ProgramTest {
 protected:
  Buffer upload(DataFormat format, const std::vector<float>& values) {
    const std::vector<uint8_t> bytes = testing::to_device_tiles(format, values, 32, 32 * kTiles);
    Buffer buffer = dram_buffer(bytes.size(), sim::tile::tile_size_bytes(format));
    Status status = queue().enqueue_write_buffer(buffer, bytes, true);
    EXPECT_TRUE(status.ok()) << status.error().describe();
    return buffer;
  }

  // Runs `test` on inputs in `format`; returns the results and the inputs.
  std::vector<float> run_case(const SfpuCase& test, DataFormat format,
                              std::vector<std::vector<float>>& in) {
    in = {inputs(format, test.a, 11), inputs(format, test.b, 12), inputs(format, test.c, 13)};
    const uint32_t page = sim::tile::tile_size_bytes(format);
    Buffer a = upload(format, in[0]), b = upload(format, in[1]), c = upload(format, in[2]);
    Buffer out = dram_buffer(uint64_t{page} * kTiles, page);
    Program program("sfpu_" + test.name);
    for (uint32_t cb : {0u, 1u, 2u, 16u}) {
      EXPECT_TRUE(create_circular_buffer(program, kCore,
                                         CircularBufferConfig(2 * page, {{cb, {format, page}}}))
                      .ok());
    }
    ComputeConfig compute;
    compute.fp32_dest_acc_en = format != DataFormat::kFloat16_b;
    compute.defines["SFPU_OP_CHAIN_0"] = test.chain;
    // tt-metal's eltwise programs set one of these per op family.
    compute.defines["SFPU_OP_COMPUTE_KERNEL_API_INCLUDE"] = "1";
    auto reader =
        create_kernel(program, kKernels + "reader_tile_groups.cpp", kCore, reader_config());
    auto writer = create_kernel(program, kKernels + "writer_tiles.cpp", kCore, writer_config({1}));
    auto math = create_kernel(program, kKernels + "eltwise_sfpu_chain.cpp", kCore, compute);
    EXPECT_TRUE(reader.ok() && writer.ok() && math.ok());
    const CoreCoord core = kCore[0].start;
    std::vector<uint32_t> groups = {0};
    for (uint32_t t = 0; t < kTiles; ++t) {
      for (uint32_t k = 0; k < 3; ++k) {
        const Buffer& buffer = k == 0 ? a : (k == 1 ? b : c);
        groups.insert(groups.end(), {static_cast<uint32_t>(buffer.address()), t, 1, k});
        ++groups[0];
      }
    }
    EXPECT_TRUE(set_runtime_args(program, *reader, core, groups).ok());
    EXPECT_TRUE(set_runtime_args(program, *math, core, {kTiles}).ok());
    EXPECT_TRUE(
        set_runtime_args(program, *writer, core, {static_cast<uint32_t>(out.address()), 0, kTiles})
            .ok());
    Status status = run(program);
    EXPECT_TRUE(status.ok()) << test.name << ": " << status.error().describe();
    if (!status.ok()) return {};
    return testing::from_device_tiles(format, read(out), 32, 32 * kTiles);
  }

  void check(const SfpuCase& test, DataFormat format) {
    SCOPED_TRACE(test.name + " in " + sim::tile::data_format_name(format));
    std::vector<std::vector<float>> in;
    const std::vector<float> actual = run_case(test, format, in);
    ASSERT_EQ(actual.size(), in[0].size());
    std::vector<double> expected(actual.size());
    for (std::size_t i = 0; i < actual.size(); ++i) {
      expected[i] = test.reference(in[0][i], in[1][i], in[2][i]);
    }
    if (test.check == Check::kExact) {
      std::vector<float> rounded(expected.begin(), expected.end());
      ASSERT_TRUE(sim::tile::round_to_format(format, rounded).ok());
      for (std::size_t i = 0; i < actual.size(); ++i) {
        ASSERT_EQ(actual[i], rounded[i])
            << "element " << i << ": inputs " << in[0][i] << ", " << in[1][i] << ", " << in[2][i];
      }
      return;
    }
    const testing::ReferenceCheck result = testing::check_against(actual, expected);
    EXPECT_GE(result.pcc, format == DataFormat::kFloat32 ? 0.9999 : 0.999)
        << "max abs error " << result.max_abs_error;
  }

  const CoreRangeSet kCore{{{3, 2}, {3, 2}}};
};

double truth(bool b) {
  return b ? 1.0 : 0.0;
}

const Range kIntegers{-3, 3, true};
const Range kZeroToOne{-0.99f, 0.99f};

std::vector<SfpuCase> float_cases() {
  using std::atan2;
  return {
      {"asin", "asin_tile_init(); asin_tile(0);",
       [](double a, double, double) { return std::asin(a); }, Check::kPcc, kZeroToOne},
      {"acos", "acos_tile_init(); acos_tile(0);",
       [](double a, double, double) { return std::acos(a); }, Check::kPcc, kZeroToOne},
      {"atan", "atan_tile_init(); atan_tile(0);",
       [](double a, double, double) { return std::atan(a); }},
      {"tan",
       "tan_tile_init(); tan_tile(0);",
       [](double a, double, double) { return std::tan(a); },
       Check::kPcc,
       {-1.2f, 1.2f}},
      {"floor", "rounding_op_tile_init(); floor_tile(0);",
       [](double a, double, double) { return std::floor(a); }, Check::kExact},
      {"ceil", "rounding_op_tile_init(); ceil_tile(0);",
       [](double a, double, double) { return std::ceil(a); }, Check::kExact},
      {"trunc", "rounding_op_tile_init(); trunc_tile(0);",
       [](double a, double, double) { return std::trunc(a); }, Check::kExact},
      {"frac", "rounding_op_tile_init(); frac_tile(0);",
       [](double a, double, double) { return a - std::trunc(a); }, Check::kExact},
      {"hardsigmoid",
       "hardsigmoid_tile_init(); hardsigmoid_tile(0);",
       [](double a, double, double) { return std::clamp(a / 6 + 0.5, 0.0, 1.0); },
       Check::kPcc,
       {-5, 5}},
      {"softsign", "softsign_tile_init(); softsign_tile(0);",
       [](double a, double, double) { return a / (1 + std::abs(a)); }},
      {"selu", "selu_tile_init(); selu_tile(0, 0x3f866666u, 0x3fd9999au);",
       [](double a, double, double) { return 1.05 * (a > 0 ? a : 1.7 * std::expm1(a)); }},
      {"elu", "elu_tile_init(); elu_tile(0, 0x3f000000u);",
       [](double a, double, double) { return a > 0 ? a : 0.5 * std::expm1(a); }},
      {"expm1",
       "expm1_tile_init(); expm1_tile(0);",
       [](double a, double, double) { return std::expm1(a); },
       Check::kPcc,
       {-2, 2}},
      {"log1p",
       "log1p_tile_init(); log1p_tile(0);",
       [](double a, double, double) { return std::log1p(a); },
       Check::kPcc,
       {-0.9f, 4}},
      {"erf",
       "erf_tile_init<1u>(); erf_tile<1u>(0);",
       [](double a, double, double) { return std::erf(a); },
       Check::kPcc,
       {-2, 2}},
      {"erfc",
       "erfc_tile_init(); erfc_tile(0);",
       [](double a, double, double) { return std::erfc(a); },
       Check::kPcc,
       {-2, 2}},
      {"sigmoid_templated", "sigmoid_tile_init(); sigmoid_tile<4, 0u>(0);",
       [](double a, double, double) { return 1 / (1 + std::exp(-a)); }},
      {"signbit", "signbit_tile_init(); signbit_tile(0);",
       [](double a, double, double) { return truth(std::signbit(a)); }, Check::kExact},
      {"logical_not", "logical_not_tile_init(); logical_not_tile<DataFormat::Float16_b>(0);",
       [](double a, double, double) { return truth(a == 0); }, Check::kExact, kIntegers},
      {"clamp", "clamp_tile_init(); clamp_tile(0, 0xbf800000u, 0x3f000000u);",
       [](double a, double, double) { return std::clamp(a, -1.0, 0.5); }, Check::kExact},
      {"relu_max", "relu_max_tile_init(); relu_max_tile(0, 0x3f800000u);",
       [](double a, double, double) { return std::clamp(a, 0.0, 1.0); }, Check::kExact},
      {"eqz", "eqz_tile_init(); eqz_tile(0);",
       [](double a, double, double) { return truth(a == 0); }, Check::kExact, kIntegers},
      {"nez", "nez_tile_init(); nez_tile(0);",
       [](double a, double, double) { return truth(a != 0); }, Check::kExact, kIntegers},
      {"gtz", "gtz_tile_init(); gtz_tile(0);",
       [](double a, double, double) { return truth(a > 0); }, Check::kExact, kIntegers},
      {"gez", "gez_tile_init(); gez_tile(0);",
       [](double a, double, double) { return truth(a >= 0); }, Check::kExact, kIntegers},
      {"ltz", "ltz_tile_init(); ltz_tile(0);",
       [](double a, double, double) { return truth(a < 0); }, Check::kExact, kIntegers},
      {"lez", "lez_tile_init(); lez_tile(0);",
       [](double a, double, double) { return truth(a <= 0); }, Check::kExact, kIntegers},
      {"unary_gt_scalar", "unary_gt_tile_init(); unary_gt_tile(0, 0x3f800000u);",
       [](double a, double, double) { return truth(a > 1); }, Check::kExact, kIntegers},
      {"add_unary", "binop_with_scalar_tile_init(); add_unary_tile(0, 0x40000000u);",
       [](double a, double, double) { return a + 2; }},
      {"mul_unary", "binop_with_scalar_tile_init(); mul_unary_tile(0, 0xc0400000u);",
       [](double a, double, double) { return a * -3; }, Check::kExact},
      {"div_unary", "binop_with_scalar_tile_init(); div_unary_tile(0, 0x40800000u);",
       [](double a, double, double) { return a / 4; }, Check::kExact},
      {"eq_binary", "eq_binary_tile_init(); eq_binary_tile(0, 1, 0);",
       [](double a, double b, double) { return truth(a == b); }, Check::kExact, kIntegers,
       kIntegers},
      {"ne_binary", "ne_binary_tile_init(); ne_binary_tile(0, 1, 0);",
       [](double a, double b, double) { return truth(a != b); }, Check::kExact, kIntegers,
       kIntegers},
      {"lt_binary", "lt_binary_tile_init(); lt_binary_tile(0, 1, 0);",
       [](double a, double b, double) { return truth(a < b); }, Check::kExact, kIntegers,
       kIntegers},
      {"gt_binary", "gt_binary_tile_init(); gt_binary_tile(0, 1, 0);",
       [](double a, double b, double) { return truth(a > b); }, Check::kExact, kIntegers,
       kIntegers},
      {"le_binary", "le_binary_tile_init(); le_binary_tile(0, 1, 0);",
       [](double a, double b, double) { return truth(a <= b); }, Check::kExact, kIntegers,
       kIntegers},
      {"ge_binary", "ge_binary_tile_init(); ge_binary_tile(0, 1, 0);",
       [](double a, double b, double) { return truth(a >= b); }, Check::kExact, kIntegers,
       kIntegers},
      {"binary_max", "binary_max_tile_init(); binary_max_tile(0, 1, 0);",
       [](double a, double b, double) { return std::max(a, b); }, Check::kExact},
      {"binary_min", "binary_min_tile_init(); binary_min_tile(1, 0, 0);",
       [](double a, double b, double) { return std::min(a, b); }, Check::kExact},
      {"sub_binary_3", "sub_binary_tile_init(); sub_binary_tile(1, 0, 0);",
       [](double a, double b, double) { return b - a; }},
      {"atan2", "atan2_binary_tile_init(); atan2_binary_tile(0, 1, 0);",
       [](double a, double b, double) { return atan2(a, b); }},
      {"where",
       "where_tile_init(); where_tile<DataFormat::Float16_b>(0, 1, 2, 0);",
       [](double a, double b, double c) { return a != 0 ? b : c; },
       Check::kExact,
       {-1, 1, true}},
      {"rpow",
       "rpow_tile_init(); rpow_tile(0, 0x40000000u);",
       [](double a, double, double) { return std::pow(2.0, a); },
       Check::kPcc,
       {-3, 3}},
      {"rdiv",
       "rdiv_tile_init(); rdiv_tile(0, 0x40400000u);",
       [](double a, double, double) { return 3 / a; },
       Check::kPcc,
       {0.5f, 4}},
      {"rdiv_floor",
       "rdiv_tile_init(); rdiv_tile<RoundingMode::Floor>(0, 0x40400000u);",
       [](double a, double, double) { return std::floor(3 / a); },
       Check::kExact,
       {0.5f, 4}},
      {"copy_dest_values", "copy_dest_values_init(); copy_dest_values(2, 0);",
       [](double, double, double c) { return c; }, Check::kExact},
  };
}

TEST_F(SfpuOpsTest, FloatOpsMatchFloat64InBfloat16) {
  for (const SfpuCase& test : float_cases()) check(test, DataFormat::kFloat16_b);
}

TEST_F(SfpuOpsTest, FloatOpsMatchFloat64InFloat32) {
  for (const SfpuCase& test : float_cases()) check(test, DataFormat::kFloat32);
}

// Integer tiles: Dst holds them as exact floats, results are exact.
TEST_F(SfpuOpsTest, IntegerOpsAreExactInInt32) {
  const Range wide{-1000, 1000, true}, small{0, 7, true};
  auto to_int = [](double v) { return static_cast<int32_t>(v); };
  const std::vector<SfpuCase> cases = {
      {"add_int", "add_int_tile_init(); add_int_tile<DataFormat::Int32>(0, 1, 0);",
       [](double a, double b, double) { return a + b; }, Check::kExact, wide, wide},
      {"sub_int", "sub_int_tile_init(); sub_int_tile<DataFormat::Int32>(0, 1, 0);",
       [](double a, double b, double) { return a - b; }, Check::kExact, wide, wide},
      {"mul_int",
       "mul_int_tile_init<DataFormat::Int32>(); mul_int_tile<DataFormat::Int32>(0, 1, 0);",
       [](double a, double b, double) { return a * b; }, Check::kExact, wide, wide},
      {"bitwise_and",
       "binary_bitwise_tile_init(); bitwise_and_binary_tile<DataFormat::Int32>(0, 1, 0);",
       [=](double a, double b, double) { return to_int(a) & to_int(b); }, Check::kExact, wide,
       wide},
      {"bitwise_or",
       "binary_bitwise_tile_init(); bitwise_or_binary_tile<DataFormat::Int32>(0, 1, 0);",
       [=](double a, double b, double) { return to_int(a) | to_int(b); }, Check::kExact, wide,
       wide},
      {"bitwise_xor",
       "binary_bitwise_tile_init(); bitwise_xor_binary_tile<DataFormat::Int32>(0, 1, 0);",
       [=](double a, double b, double) { return to_int(a) ^ to_int(b); }, Check::kExact, wide,
       wide},
      {"bitwise_not", "bitwise_not_tile_init(); bitwise_not_tile(0);",
       [=](double a, double, double) { return ~to_int(a); }, Check::kExact, wide},
      {"left_shift",
       "binary_shift_tile_init(); binary_left_shift_tile<DataFormat::Int32>(0, 1, 0);",
       [=](double a, double b, double) { return to_int(a) * std::pow(2.0, b); }, Check::kExact,
       wide, small},
      {"right_shift",
       "binary_shift_tile_init(); binary_right_shift_tile<DataFormat::Int32>(0, 1, 0);",
       [=](double a, double b, double) { return to_int(a) >> to_int(b); }, Check::kExact, wide,
       small},
      {"logical_right_shift",
       "binary_shift_tile_init(); binary_logical_right_shift_tile<DataFormat::Int32>(0, 1, 0);",
       [=](double a, double b, double) { return static_cast<uint32_t>(to_int(a)) >> to_int(b); },
       Check::kExact,
       {0, 1000, true},
       small},
      {"max_int32", "binary_max_int32_tile_init(); binary_max_int32_tile(0, 1, 0);",
       [](double a, double b, double) { return std::max(a, b); }, Check::kExact, wide, wide},
      {"min_int32", "binary_min_int32_tile_init(); binary_min_int32_tile(0, 1, 0);",
       [](double a, double b, double) { return std::min(a, b); }, Check::kExact, wide, wide},
      {"add_unary_int32", "binop_with_scalar_tile_init(); add_unary_tile_int32(0, 0xfffffff9u);",
       [](double a, double, double) { return a - 7; }, Check::kExact, wide},
      {"abs_int32", "abs_tile_init(); abs_tile_int32(0);",
       [](double a, double, double) { return std::abs(a); }, Check::kExact, wide},
      {"negative_int32", "negative_tile_init(); negative_tile_int32(0);",
       [](double a, double, double) { return -a; }, Check::kExact, wide},
      {"relu_int32", "relu_tile_init(); relu_tile_int32(0);",
       [](double a, double, double) { return std::max(a, 0.0); }, Check::kExact, wide},
      {"gtz_int32", "gtz_tile_init(); gtz_tile_int32(0);",
       [](double a, double, double) { return truth(a > 0); }, Check::kExact, kIntegers},
      {"clamp_int32", "clamp_tile_init(); clamp_tile_int32(0, 0xffffff9cu, 50u);",
       [](double a, double, double) { return std::clamp(a, -100.0, 50.0); }, Check::kExact, wide},
      {"fill_int", "fill_tile_init(); fill_tile_int<DataFormat::Int32>(0, 0xfffffc19u);",
       [](double, double, double) { return -999.0; }, Check::kExact},
  };
  for (const SfpuCase& test : cases) check(test, DataFormat::kInt32);
}

// rand_tile: uniform in [from, from + scale), a fixed sequence per seed.
TEST_F(SfpuOpsTest, RandTileIsUniformInItsRangeAndFollowsTheSeed) {
  const SfpuCase random{"rand", "rand_tile_init(7u); rand_tile(0, 0xbf800000u, 0x40000000u);",
                        [](double, double, double) { return 0.0; }};
  std::vector<std::vector<float>> in;
  const std::vector<float> first = run_case(random, DataFormat::kFloat32, in);
  const std::vector<float> again = run_case(random, DataFormat::kFloat32, in);
  ASSERT_EQ(first.size(), 2048u);
  EXPECT_EQ(first, again);
  double sum = 0, low = 1, high = -1;
  for (float v : first) {
    ASSERT_GE(v, -1.0f);
    ASSERT_LT(v, 1.0f);
    sum += v;
    low = std::min<double>(low, v);
    high = std::max<double>(high, v);
  }
  EXPECT_LT(std::abs(sum / first.size()), 0.05);  // mean of U(-1, 1): 0, sd 0.013 here
  EXPECT_LT(low, -0.95);
  EXPECT_GT(high, 0.95);
  SfpuCase reseeded = random;
  reseeded.chain = "rand_tile_init(8u); rand_tile(0, 0xbf800000u, 0x40000000u);";
  EXPECT_NE(run_case(reseeded, DataFormat::kFloat32, in), first);
}

// typecast_tile<IN, OUT>: Dst's values become what OUT holds; the SFPU truncates
// floats toward zero on the way to Int32 (tt-llk's fp32 -> int32 shifts the mantissa).
TEST_F(SfpuOpsTest, TypecastRoundsToTheOutputFormat) {
  const SfpuCase to_bf16{"typecast_fp32_bf16",
                         "typecast_tile_init<0u, 5u>(); typecast_tile<0u, 5u>(0);",
                         [](double a, double, double) {
                           std::vector<float> v{static_cast<float>(a)};
                           EXPECT_TRUE(sim::tile::round_to_format(DataFormat::kFloat16_b, v).ok());
                           return v[0];
                         },
                         Check::kExact};
  const SfpuCase to_int{"typecast_fp32_int32",
                        "typecast_tile_init<0u, 8u>(); typecast_tile<0u, 8u>(0);",
                        [](double a, double, double) { return std::trunc(a); },
                        Check::kExact,
                        {-50, 50}};
  check(to_bf16, DataFormat::kFloat32);
  check(to_int, DataFormat::kFloat32);
}

}  // namespace
}  // namespace tessera::metal
