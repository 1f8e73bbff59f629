// ToMemoryConfig between interleaved DRAM and L1 shards, layout unchanged:
// every core of the L1 grid moves its shard's pieces of DRAM pages
// (dram_page_copy.cpp): a shard row is part of a DRAM row, a tile is a tile.
#include "kernels/kernel_library.h"
#include "metal/program_spec.h"

namespace tessera::builder::metal_lowering {
namespace {

uint64_t align_up(uint64_t value, uint64_t alignment) {
  return (value + alignment - 1) / alignment * alignment;
}

}  // namespace

Result<ProgramSpec> lower_dram_move(const OpBuffers& op) {
  const Buffer& in = *op.inputs[0];
  const Buffer& out = *op.output;
  const bool to_l1 = in.node.placement.space == tt::target::MemorySpace::DeviceDRAM;
  const Buffer& dram = to_l1 ? in : out;
  const Buffer& l1 = to_l1 ? out : in;
  if (dram.layout.tiled != l1.layout.tiled || dram.node.type != l1.node.type) {
    return make_error(ErrorCode::kUnimplemented,
                      "a DRAM <-> L1 move in the TTM0 lowering keeps layout and data type");
  }
  const DeviceLayout& shard = l1.layout;
  const uint64_t l1_align = std::max<uint32_t>(1, op.chip.noc_l1_address_align);
  ProgramSpec program;
  program.grid_y = shard.grid_y;
  program.grid_x = shard.grid_x;
  KernelSpec copy;
  copy.name = to_l1 ? "dram_to_l1" : "l1_to_dram";
  copy.source = kernels::dram_page_copy();
  copy.type = to_l1 ? tt::target::metal::SourceType::Noc0 : tt::target::metal::SourceType::Noc1;
  if (to_l1) copy.defines = {{"TO_L1", "1"}};
  copy.common_args = {address_of(dram), literal("dram_page_bytes", dram.layout.page_bytes),
                      address_of(l1)};
  for (int y = 0; y < shard.grid_y; ++y) {
    for (int x = 0; x < shard.grid_x; ++x) {
      CoreArgs core{y, x, {literal("pieces", 0)}};
      uint32_t pieces = 0;
      auto piece = [&](uint64_t page, uint64_t offset, uint64_t bytes, uint64_t local) {
        core.args.insert(core.args.end(),
                         {literal("page", page), literal("page_offset", offset),
                          literal("bytes", bytes), literal("shard_offset", local)});
        ++pieces;
      };
      if (shard.tiled) {
        const int64_t tiles_wide = shard.shard_tiles_wide() * shard.grid_x;
        for (int64_t r = 0; r < shard.shard_tiles_high(); ++r) {
          for (int64_t c = 0; c < shard.shard_tiles_wide(); ++c) {
            const int64_t row = y * shard.shard_tiles_high() + r;
            const int64_t col = x * shard.shard_tiles_wide() + c;
            const int64_t local = r * shard.shard_tiles_wide() + c;
            piece(static_cast<uint64_t>(row * tiles_wide + col), 0, shard.page_bytes,
                  static_cast<uint64_t>(local) * align_up(shard.page_bytes, l1_align));
          }
        }
      } else {
        for (int64_t r = 0; r < shard.shard_height; ++r) {
          piece(static_cast<uint64_t>(y * shard.shard_height + r),
                static_cast<uint64_t>(x) * shard.page_bytes, shard.page_bytes,
                static_cast<uint64_t>(r) * align_up(shard.page_bytes, l1_align));
        }
      }
      core.args[0].value = pieces;
      copy.core_args.push_back(std::move(core));
    }
  }
  program.kernels = {std::move(copy)};
  return program;
}

}  // namespace tessera::builder::metal_lowering
