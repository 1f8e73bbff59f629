// The multicast matmul on a square grid of cores, built from the program
// tests' tt-metal style kernels (tests/metal/program/kernels/, see
// tests/metal/program/matmul_program_test.cc for the roles and argument
// layouts): in0 multicast along rows, in1 along columns. Shared by the
// kernel matmul and timing model benchmarks.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "kernel_path.h"
#include "tessera/metal/device.h"
#include "tessera/metal/program/program.h"

namespace tessera::bench {

struct Blocking {
  uint32_t grid, mt, kt, nt, per_core, in0_block_w, num_blocks, sub_h, sub_w;
};

// Square size on a grid x grid of cores; 2 x 2 subblocks fit Dst in both
// modes.
inline Blocking blocking_for(uint32_t size, uint32_t grid) {
  Blocking b{};
  b.grid = grid;
  b.mt = b.kt = b.nt = size / 32;
  b.per_core = b.mt / grid;
  b.in0_block_w = 2;
  b.num_blocks = b.kt / b.in0_block_w;
  b.sub_h = b.sub_w = 2;
  return b;
}

// Builds the multicast matmul program (see tests/metal/program/
// matmul_program_test.cc for the roles and the argument layouts).
inline Status build_program(metal::Program& program, metal::Device& device, const Blocking& b,
                            sim::tile::DataFormat format, uint32_t in0, uint32_t in1, uint32_t out,
                            metal::MathFidelity fidelity = metal::MathFidelity::HiFi4) {
  const uint32_t g = b.grid;
  const metal::CoreRangeSet grid{{{0, 0}, {g - 1, g - 1}}};
  const uint32_t tile = sim::tile::tile_size_bytes(format);
  const uint32_t out_tiles = b.per_core * b.per_core;
  const std::pair<uint32_t, uint32_t> cbs[] = {{0, 2 * b.per_core * b.in0_block_w},
                                               {1, 2 * b.in0_block_w * b.per_core},
                                               {16, out_tiles},
                                               {24, out_tiles}};
  for (const auto& [index, tiles] : cbs) {
    TESSERA_RETURN_IF_ERROR(
        metal::create_circular_buffer(
            program, grid, metal::CircularBufferConfig(tiles * tile, {{index, {format, tile}}}))
            .status());
  }
  uint32_t sem[4];
  for (uint32_t& id : sem) {
    TESSERA_ASSIGN_OR_RETURN(id, metal::create_semaphore(program, grid, 0));
  }
  const uint32_t num_sub = b.per_core / b.sub_h;
  const std::vector<uint32_t> in0_args = {b.per_core, b.in0_block_w, b.num_blocks, sem[0], sem[1]};
  const std::vector<uint32_t> in1_args = {b.in0_block_w, b.per_core, b.num_blocks, sem[2], sem[3],
                                          b.sub_h,       b.sub_w,    num_sub,      num_sub};
  auto sender = [](metal::DataMovementConfig config, std::string define) {
    config.defines.emplace(std::move(define), std::string(1, '1'));
    return config;
  };
  TESSERA_ASSIGN_OR_RETURN(
      auto in0_sender,
      metal::create_kernel(program, kernel_path("matmul_in0_mcast.cpp"), {{{0, 0}, {0, g - 1}}},
                           sender(metal::reader_config(in0_args), "IN0_SENDER")));
  TESSERA_ASSIGN_OR_RETURN(
      auto in0_receiver,
      metal::create_kernel(program, kernel_path("matmul_in0_mcast.cpp"), {{{1, 0}, {g - 1, g - 1}}},
                           metal::reader_config(in0_args)));
  TESSERA_ASSIGN_OR_RETURN(
      auto in1_sender, metal::create_kernel(program, kernel_path("matmul_in1_mcast_writer.cpp"),
                                            {{{0, 0}, {g - 1, 0}}},
                                            sender(metal::writer_config(in1_args), "IN1_SENDER")));
  TESSERA_ASSIGN_OR_RETURN(
      auto in1_receiver,
      metal::create_kernel(program, kernel_path("matmul_in1_mcast_writer.cpp"),
                           {{{0, 1}, {g - 1, g - 1}}}, metal::writer_config(in1_args)));
  metal::ComputeConfig compute;
  compute.fp32_dest_acc_en = format == sim::tile::DataFormat::kFloat32;
  compute.math_fidelity = fidelity;
  compute.compile_args = {b.in0_block_w, num_sub,    b.sub_h * b.in0_block_w,
                          num_sub,       b.per_core, b.num_blocks,
                          b.sub_h,       b.sub_w};
  TESSERA_RETURN_IF_ERROR(
      metal::create_kernel(program, kernel_path("matmul_blocked.cpp"), grid, compute).status());
  const auto& chip = device.descriptor();
  auto noc = [&](uint32_t x, uint32_t y) { return *chip.worker_noc_from_logical({x, y}); };
  for (uint32_t y = 0; y < g; ++y) {
    for (uint32_t x = 0; x < g; ++x) {
      const metal::CoreCoord core{x, y};
      const auto row0 = noc(1, y), row1 = noc(g - 1, y), col0 = noc(x, 1), col1 = noc(x, g - 1);
      if (x == 0) {
        TESSERA_RETURN_IF_ERROR(metal::set_runtime_args(
            program, in0_sender, core,
            {in0, y * b.per_core * b.kt, b.kt, row0.x, row0.y, row1.x, row1.y, g - 1}));
      } else {
        const auto s = noc(0, y);
        TESSERA_RETURN_IF_ERROR(metal::set_runtime_args(program, in0_receiver, core, {s.x, s.y}));
      }
      const uint32_t out_start = y * b.per_core * b.nt + x * b.per_core;
      if (y == 0) {
        TESSERA_RETURN_IF_ERROR(
            metal::set_runtime_args(program, in1_sender, core,
                                    {out, out_start, b.nt, in1, x * b.per_core, b.nt, col0.x,
                                     col0.y, col1.x, col1.y, g - 1}));
      } else {
        const auto s = noc(x, 0);
        TESSERA_RETURN_IF_ERROR(
            metal::set_runtime_args(program, in1_receiver, core, {out, out_start, b.nt, s.x, s.y}));
      }
    }
  }
  return ok_status();
}

}  // namespace tessera::bench
