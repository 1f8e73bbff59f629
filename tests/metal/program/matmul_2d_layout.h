// The 2D multicast matmul laid out as tt-metal's TTNN op lays it out for
// DRAM-interleaved inputs (matmul_multi_core_reuse_mcast_2d with the
// out-of-box program config), built from the program tests' kernels:
// - every core of a grid_x x grid_y grid owns per_core_M x per_core_N
//   tiles of C, walked along K in blocks of in0_block_w tiles;
// - the left column reads A blocks and multicasts them along its row
//   (RISCV_1, NoC 1), the top row reads B blocks and multicasts them down
//   its column and every core writes its C (RISCV_0, NoC 0);
// - receivers right of the grid's middle column use the other NoC for
//   both, which splits the receivers' traffic over both NoCs;
// - A and B blocks are double-buffered; C goes out in
//   out_subblock_h x out_subblock_w subblocks.
// Shared by the 2D matmul program test and the timing model's calibration
// benchmark (bench/bench_timing_model.cc).
#pragma once

#include <algorithm>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "tessera/metal/device.h"
#include "tessera/metal/program/program.h"

namespace tessera::metal::matmul_2d {

struct Layout {
  uint32_t grid_x = 1, grid_y = 1;
  uint32_t mt = 1, kt = 1, nt = 1;  // tiles
  uint32_t per_core_m = 1, per_core_n = 1;
  uint32_t in0_block_w = 1;
  uint32_t sub_h = 1, sub_w = 1;
  // The packer adds each K block onto the partial sums in L1 instead of the
  // compute reloading them into Dst.
  bool packer_l1_acc = false;

  uint32_t num_blocks() const { return kt / in0_block_w; }
  uint32_t num_sub_h() const { return per_core_m / sub_h; }
  uint32_t num_sub_w() const { return per_core_n / sub_w; }
};

// TTNN's choice for DRAM-interleaved A and B with no program config:
// per core ceil(Mt / grid_y) x ceil(Nt / grid_x) tiles, K blocks of the
// largest of 4, 3, 2, 1 that divides Kt, and the first subblock (w, h) of
// TTNN's list that divides the per-core block (at most 4 tiles with an
// fp32 Dst), one tile high unless it spans per_core_N; packer L1
// accumulation unless the output is fp32 (TTNN's default_l1_acc).
inline Layout out_of_box_layout(uint32_t grid_x, uint32_t grid_y, uint32_t m, uint32_t k,
                                uint32_t n, bool fp32_dest) {
  Layout l;
  l.grid_x = grid_x;
  l.grid_y = grid_y;
  l.mt = m / 32;
  l.kt = k / 32;
  l.nt = n / 32;
  l.per_core_m = (l.mt + grid_y - 1) / grid_y;
  l.per_core_n = (l.nt + grid_x - 1) / grid_x;
  l.packer_l1_acc = !fp32_dest;
  l.in0_block_w = 4;
  while (l.kt % l.in0_block_w != 0) --l.in0_block_w;
  static constexpr uint32_t kWidthHeight[][2] = {
      {4, 2}, {2, 4}, {8, 1}, {1, 8}, {7, 1}, {1, 7}, {3, 2}, {2, 3}, {6, 1}, {1, 6},
      {5, 1}, {1, 5}, {2, 2}, {4, 1}, {1, 4}, {3, 1}, {1, 3}, {2, 1}, {1, 2}, {1, 1}};
  for (const auto& [w, h] : kWidthHeight) {
    if (fp32_dest && w * h > 4) continue;
    if (l.per_core_m % h == 0 && l.per_core_n % w == 0) {
      l.sub_w = w;
      l.sub_h = w == l.per_core_n ? h : 1;
      break;
    }
  }
  return l;
}

struct Buffers {
  uint32_t in0 = 0, in1 = 0, out = 0;  // DRAM-interleaved, one tile per page
};

namespace detail {

inline DataMovementConfig movement(DataMovementProcessor processor, NOC noc,
                                   std::vector<uint32_t> args, const char* define) {
  DataMovementConfig config{processor, noc, std::move(args), {}, {}};
  if (define) config.defines.emplace(define, "1");
  return config;
}

inline NOC other(NOC noc) {
  return noc == NOC::NOC_0 ? NOC::NOC_1 : NOC::NOC_0;
}

}  // namespace detail

// Builds the program on `device`'s grid from logical core (0, 0); the
// inputs and output must hold mt x kt, kt x nt and mt x nt tiles of `format`.
inline Status build_program(Program& program, Device& device, const Layout& l,
                            sim::tile::DataFormat format, MathFidelity fidelity,
                            const Buffers& buffers, const std::string& kernel_dir) {
  using detail::movement;
  const uint32_t gx = l.grid_x, gy = l.grid_y;
  if (gx < 2 || gy < 2 || l.mt != l.per_core_m * gy || l.nt != l.per_core_n * gx ||
      l.kt % l.in0_block_w != 0 || l.per_core_m % l.sub_h != 0 || l.per_core_n % l.sub_w != 0) {
    return make_error(ErrorCode::kInvalidArgument, "2D matmul layout ", l.mt, "x", l.kt, "x", l.nt,
                      " tiles does not divide over a ", gx, "x", gy, " grid");
  }
  const CoreRangeSet grid{{{0, 0}, {gx - 1, gy - 1}}};
  const uint32_t tile = sim::tile::tile_size_bytes(format);
  const uint32_t out_tiles = l.per_core_m * l.per_core_n;
  // With packer accumulation the output (16) and the partials (24) share
  // one buffer, as TTNN allocates them.
  std::vector<std::pair<std::vector<uint32_t>, uint32_t>> cbs = {
      {{0}, 2 * l.per_core_m * l.in0_block_w}, {{1}, 2 * l.in0_block_w * l.per_core_n}};
  if (l.packer_l1_acc) {
    cbs.push_back({{16, 24}, out_tiles});
  } else {
    cbs.push_back({{16}, out_tiles});
    cbs.push_back({{24}, out_tiles});
  }
  for (const auto& [indices, tiles] : cbs) {
    std::map<uint32_t, CircularBufferFormat> formats;
    for (uint32_t index : indices) formats[index] = {format, tile};
    TESSERA_RETURN_IF_ERROR(
        create_circular_buffer(program, grid, CircularBufferConfig(tiles * tile, formats))
            .status());
  }
  uint32_t sem[4];
  for (uint32_t& id : sem) {
    TESSERA_ASSIGN_OR_RETURN(id, create_semaphore(program, grid, 0));
  }
  const std::vector<uint32_t> in0_args = {l.per_core_m, l.in0_block_w, l.num_blocks(), sem[0],
                                          sem[1]};
  const std::vector<uint32_t> in1_args = {l.in0_block_w, l.per_core_n,  l.num_blocks(),
                                          sem[2],        sem[3],        l.sub_h,
                                          l.sub_w,       l.num_sub_h(), l.num_sub_w()};
  const std::string in0_kernel = kernel_dir + "matmul_in0_mcast.cpp";
  const std::string in1_kernel = kernel_dir + "matmul_in1_mcast_writer.cpp";
  constexpr NOC kIn0Noc = NOC::NOC_1, kIn1Noc = NOC::NOC_0;  // tt-metal: DRAM write / read NoC
  const uint32_t half = gx / 2;                              // receivers right of it: other NoC
  constexpr auto kRisc1 = DataMovementProcessor::RISCV_1;
  constexpr auto kRisc0 = DataMovementProcessor::RISCV_0;

  TESSERA_ASSIGN_OR_RETURN(KernelHandle in0_sender,
                           create_kernel(program, in0_kernel, {{{0, 0}, {0, gy - 1}}},
                                         movement(kRisc1, kIn0Noc, in0_args, "IN0_SENDER")));
  TESSERA_ASSIGN_OR_RETURN(
      KernelHandle in0_near,
      create_kernel(program, in0_kernel, {{{1, 0}, {gx - 1, 0}}, {{1, 1}, {half, gy - 1}}},
                    movement(kRisc1, kIn0Noc, in0_args, nullptr)));
  TESSERA_ASSIGN_OR_RETURN(KernelHandle in1_sender,
                           create_kernel(program, in1_kernel, {{{0, 0}, {gx - 1, 0}}},
                                         movement(kRisc0, kIn1Noc, in1_args, "IN1_SENDER")));
  TESSERA_ASSIGN_OR_RETURN(KernelHandle in1_near,
                           create_kernel(program, in1_kernel, {{{0, 1}, {half, gy - 1}}},
                                         movement(kRisc0, kIn1Noc, in1_args, nullptr)));
  KernelHandle in0_far = in0_near, in1_far = in1_near;
  if (half + 1 < gx) {
    const CoreRangeSet right{{{half + 1, 1}, {gx - 1, gy - 1}}};
    TESSERA_ASSIGN_OR_RETURN(
        in0_far, create_kernel(program, in0_kernel, right,
                               movement(kRisc1, detail::other(kIn0Noc), in0_args, nullptr)));
    TESSERA_ASSIGN_OR_RETURN(
        in1_far, create_kernel(program, in1_kernel, right,
                               movement(kRisc0, detail::other(kIn1Noc), in1_args, nullptr)));
  }

  ComputeConfig compute;
  compute.math_fidelity = fidelity;
  compute.compile_args = {l.in0_block_w,  l.num_sub_h(), l.num_sub_w(), l.per_core_n,
                          l.num_blocks(), l.sub_h,       l.sub_w,       l.packer_l1_acc ? 1u : 0u};
  TESSERA_RETURN_IF_ERROR(
      create_kernel(program, kernel_dir + "matmul_block_subblocks.cpp", grid, compute).status());

  const sim::ChipDescriptor& chip = device.descriptor();
  for (uint32_t y = 0; y < gy; ++y) {
    for (uint32_t x = 0; x < gx; ++x) {
      const CoreCoord core{x, y};
      TESSERA_ASSIGN_OR_RETURN(sim::CoreCoord row_first, chip.worker_noc_from_logical({1, y}));
      TESSERA_ASSIGN_OR_RETURN(sim::CoreCoord row_last, chip.worker_noc_from_logical({gx - 1, y}));
      TESSERA_ASSIGN_OR_RETURN(sim::CoreCoord col_first, chip.worker_noc_from_logical({x, 1}));
      TESSERA_ASSIGN_OR_RETURN(sim::CoreCoord col_last, chip.worker_noc_from_logical({x, gy - 1}));
      TESSERA_ASSIGN_OR_RETURN(sim::CoreCoord row_sender, chip.worker_noc_from_logical({0, y}));
      TESSERA_ASSIGN_OR_RETURN(sim::CoreCoord col_sender, chip.worker_noc_from_logical({x, 0}));
      const bool far = x > half && y > 0;
      if (x == 0) {
        TESSERA_RETURN_IF_ERROR(set_runtime_args(
            program, in0_sender, core,
            {buffers.in0, y * l.per_core_m * l.kt, l.kt, std::min(row_first.x, row_last.x),
             std::min(row_first.y, row_last.y), std::max(row_first.x, row_last.x),
             std::max(row_first.y, row_last.y), gx - 1}));
      } else {
        TESSERA_RETURN_IF_ERROR(set_runtime_args(program, far ? in0_far : in0_near, core,
                                                 {row_sender.x, row_sender.y}));
      }
      const uint32_t out_first = y * l.per_core_m * l.nt + x * l.per_core_n;
      if (y == 0) {
        TESSERA_RETURN_IF_ERROR(set_runtime_args(
            program, in1_sender, core,
            {buffers.out, out_first, l.nt, buffers.in1, x * l.per_core_n, l.nt,
             std::min(col_first.x, col_last.x), std::min(col_first.y, col_last.y),
             std::max(col_first.x, col_last.x), std::max(col_first.y, col_last.y), gy - 1}));
      } else {
        TESSERA_RETURN_IF_ERROR(
            set_runtime_args(program, far ? in1_far : in1_near, core,
                             {buffers.out, out_first, l.nt, col_sender.x, col_sender.y}));
      }
    }
  }
  return ok_status();
}

}  // namespace tessera::metal::matmul_2d
