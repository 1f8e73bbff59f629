// The rest of the compute API on one core: broadcast, transpose, reduce,
// SFPU unary and binary ops, matmul_block, untilize -> tilize. Each result
// tile is checked against a float64 reference.
#include <gmock/gmock.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <random>

#include "program_test_support.h"
#include "tessera/base/bfloat16.h"
#include "tessera/sim/tile/tile_layout.h"

namespace tessera::metal {
namespace {

using sim::tile::tile_offset;
using tessera::bfloat16_bits_to_float;
using tessera::float_to_bfloat16_bits;
using testing::ProgramTest;
constexpr uint32_t kTileBytes = 2048;

constexpr const char* kReader = R"(
#include "dataflow_api.h"
void kernel_main() {
  const uint32_t src = get_arg_val<uint32_t>(0);
  const InterleavedAddrGenFast<true> in{src, 2048, DataFormat::Float16_b};
  for (uint32_t cb = 0; cb < 2; ++cb) {
    cb_reserve_back(cb, 1);
    noc_async_read_tile(cb, in, get_write_ptr(cb));
    noc_async_read_barrier();
    cb_push_back(cb, 1);
  }
}
)";

constexpr const char* kWriter = R"(
#include "dataflow_api.h"
void kernel_main() {
  const uint32_t dst = get_arg_val<uint32_t>(0), count = get_arg_val<uint32_t>(1);
  const InterleavedAddrGenFast<true> out{dst, 2048, DataFormat::Float16_b};
  for (uint32_t i = 0; i < count; ++i) {
    cb_wait_front(16, 1);
    noc_async_write_tile(i, out, get_read_ptr(16));
    noc_async_write_barrier();
    cb_pop_front(16, 1);
  }
}
)";

constexpr const char* kCompute = R"(
#include "compute_kernel_api.h"
#include "compute_kernel_api/bcast.h"
#include "compute_kernel_api/reduce.h"
#include "compute_kernel_api/tilize.h"
#include "compute_kernel_api/transpose_wh.h"
#include "compute_kernel_api/untilize.h"

void emit() {
  tile_regs_commit();
  tile_regs_wait();
  cb_reserve_back(16, 1);
  pack_tile(0, 16);
  cb_push_back(16, 1);
  tile_regs_release();
}

namespace NAMESPACE {
void MAIN {
  cb_wait_front(0, 1);
  cb_wait_front(1, 1);
  tile_regs_acquire();
  add_tiles_bcast_rows(0, 1, 0, 0, 0);
  emit();
  tile_regs_acquire();
  transpose_wh_tile(0, 0, 0);
  emit();
  tile_regs_acquire();
  reduce_tile<PoolType::SUM, ReduceDim::REDUCE_ROW>(0, 1, 0, 0, 0);
  emit();
  tile_regs_acquire();
  copy_tile(0, 0, 0);
  exp_tile_init();
  exp_tile(0);
  emit();
  tile_regs_acquire();
  copy_tile(0, 0, 0);
  copy_tile(1, 0, 1);
  mul_binary_tile_init();
  mul_binary_tile(0, 1);
  emit();
  tile_regs_acquire();
  matmul_block(0, 1, 0, 0, 0, false, 1, 1, 1);
  emit();
  cb_reserve_back(2, 1);
  untilize_block(0, 1, 2);
  cb_push_back(2, 1);
  cb_wait_front(2, 1);
  cb_reserve_back(16, 1);
  tilize_block(2, 1, 16);
  cb_push_back(16, 1);
  cb_pop_front(2, 1);
}
}  // namespace NAMESPACE
)";

using Tile = std::vector<double>;  // row-major 32x32
using Reference = std::function<double(const Tile& a, const Tile& b, int r, int c)>;

TEST_F(ProgramTest, ComputeOpsMatchFloat64References) {
  std::mt19937 generator(5);
  std::uniform_real_distribution<float> value(-2.0f, 2.0f);
  std::vector<uint16_t> input(2 * 1024);  // tiles A and B in tile order
  Tile a(1024), b(1024);
  for (int t = 0; t < 2; ++t) {
    for (int r = 0; r < 32; ++r) {
      for (int c = 0; c < 32; ++c) {
        const uint16_t bits = float_to_bfloat16_bits(value(generator));
        input[t * 1024 + tile_offset(r, c)] = bits;
        (t == 0 ? a : b)[r * 32 + c] = bfloat16_bits_to_float(bits);
      }
    }
  }
  const std::vector<std::pair<const char*, Reference>> expected = {
      {"add_tiles_bcast_rows",
       [](const Tile& x, const Tile& y, int r, int c) { return x[r * 32 + c] + y[c]; }},
      {"transpose_wh_tile", [](const Tile& x, const Tile&, int r, int c) { return x[c * 32 + r]; }},
      {"reduce_tile row sum",
       [](const Tile& x, const Tile& y, int r, int c) {
         double sum = 0;
         for (int k = 0; k < 32; ++k) sum += x[r * 32 + k] * y[0];
         return c == 0 ? sum : 0.0;
       }},
      {"exp_tile",
       [](const Tile& x, const Tile&, int r, int c) { return std::exp(x[r * 32 + c]); }},
      {"mul_binary_tile",
       [](const Tile& x, const Tile& y, int r, int c) { return x[r * 32 + c] * y[r * 32 + c]; }},
      {"matmul_block",
       [](const Tile& x, const Tile& y, int r, int c) {
         double sum = 0;
         for (int k = 0; k < 32; ++k) sum += x[r * 32 + k] * y[k * 32 + c];
         return sum;
       }},
      {"untilize_block + tilize_block",
       [](const Tile& x, const Tile&, int r, int c) { return x[r * 32 + c]; }},
  };

  Buffer in = dram_buffer(2 * kTileBytes, kTileBytes);
  ASSERT_TRUE(queue()
                  .enqueue_write_buffer(
                      in, {reinterpret_cast<const uint8_t*>(input.data()), 2 * kTileBytes}, true)
                  .ok());
  Buffer out = dram_buffer(expected.size() * kTileBytes, kTileBytes);
  const CoreRangeSet core{{{5, 5}, {5, 5}}};
  Program program("compute_ops");
  KernelHandle reader =
      *create_kernel_from_string(program, "reader.cpp", kReader, core, reader_config());
  KernelHandle writer =
      *create_kernel_from_string(program, "writer.cpp", kWriter, core, writer_config());
  ASSERT_TRUE(
      create_kernel_from_string(program, "compute_ops.cpp", kCompute, core, ComputeConfig{}).ok());
  for (uint32_t cb : {0u, 1u, 2u, 16u}) {
    ASSERT_TRUE(create_circular_buffer(
                    program, core,
                    CircularBufferConfig(kTileBytes,
                                         {{cb, {sim::tile::DataFormat::kFloat16_b, kTileBytes}}}))
                    .ok());
  }
  ASSERT_TRUE(
      set_runtime_args(program, reader, CoreCoord{5, 5}, {static_cast<uint32_t>(in.address())})
          .ok());
  ASSERT_TRUE(set_runtime_args(
                  program, writer, CoreCoord{5, 5},
                  {static_cast<uint32_t>(out.address()), static_cast<uint32_t>(expected.size())})
                  .ok());
  Status status = run(program);
  ASSERT_TRUE(status.ok()) << status.error().describe();

  std::vector<uint8_t> bytes = read(out);
  for (std::size_t t = 0; t < expected.size(); ++t) {
    for (int r = 0; r < 32; ++r) {
      for (int c = 0; c < 32; ++c) {
        uint16_t bits;
        std::memcpy(&bits, bytes.data() + t * kTileBytes + 2 * tile_offset(r, c), 2);
        const double want = expected[t].second(a, b, r, c);
        ASSERT_NEAR(bfloat16_bits_to_float(bits), want, std::abs(want) * 1e-2 + 0.05)
            << expected[t].first << " at (" << r << ", " << c << ")";
      }
    }
  }
}

}  // namespace
}  // namespace tessera::metal
