// The bf16 element-wise add on the full worker grid, built from the program
// tests' kernels (reader -> compute -> writer, 8 tiles a CB push). Shared by
// the kernel eltwise and paired isolation benchmarks.
#pragma once

#include <cstdint>

#include "kernel_path.h"
#include "tessera/metal/device.h"
#include "tessera/metal/program/program.h"

namespace tessera::bench {

constexpr uint32_t kBf16TileBytes = 2048;  // 32 x 32
constexpr uint32_t kEltwiseBlock = 8;      // tiles per CB push (bf16 Dst holds 8)

// out = a + b, `tiles_per_core` tiles on each core; the three buffers are
// DRAM-interleaved with one tile a page.
inline Status build_eltwise_add(metal::Program& program, const metal::Device& device,
                                uint32_t tiles_per_core, uint32_t a, uint32_t b, uint32_t out) {
  const auto& chip = device.descriptor();
  const metal::CoreRangeSet grid{{{0, 0}, {chip.grid.x - 1, chip.grid.y - 1}}};
  TESSERA_ASSIGN_OR_RETURN(
      auto reader, metal::create_kernel(program, kernel_path("reader_binary_tiles.cpp"), grid,
                                        metal::reader_config({kEltwiseBlock})));
  TESSERA_ASSIGN_OR_RETURN(auto writer,
                           metal::create_kernel(program, kernel_path("writer_tiles.cpp"), grid,
                                                metal::writer_config({kEltwiseBlock})));
  metal::ComputeConfig compute;
  compute.compile_args = {kEltwiseBlock};
  compute.defines = {{"ELTWISE_OP", "add_tiles"}, {"ELTWISE_OP_INIT", "add_tiles_init"}};
  TESSERA_ASSIGN_OR_RETURN(
      auto math,
      metal::create_kernel(program, kernel_path("eltwise_binary_tiles.cpp"), grid, compute));
  for (uint32_t cb : {0u, 1u, 16u}) {
    TESSERA_RETURN_IF_ERROR(metal::create_circular_buffer(
                                program, grid,
                                metal::CircularBufferConfig(
                                    2 * kEltwiseBlock * kBf16TileBytes,
                                    {{cb, {sim::tile::DataFormat::kFloat16_b, kBf16TileBytes}}}))
                                .status());
  }
  for (uint32_t i = 0; i < chip.num_workers(); ++i) {
    const metal::CoreCoord core = chip.worker_logical(i);
    const uint32_t first = i * tiles_per_core;
    TESSERA_RETURN_IF_ERROR(
        metal::set_runtime_args(program, reader, core, {a, b, first, tiles_per_core}));
    TESSERA_RETURN_IF_ERROR(metal::set_runtime_args(program, math, core, {tiles_per_core}));
    TESSERA_RETURN_IF_ERROR(
        metal::set_runtime_args(program, writer, core, {out, first, tiles_per_core}));
  }
  return ok_status();
}

}  // namespace tessera::bench
