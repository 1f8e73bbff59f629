#include "compute_layout_ops.h"

#include <vector>

#include "cb_tile_io.h"
#include "tessera/sim/compute/tile_copy.h"
#include "tessera/sim/tile/tile_layout.h"

namespace tessera::sim::kernel_host {
namespace {

using compute::ConstTileSpan;
using compute::TileSpan;
using tile::kTileElements;
using tile::kTileHeight;
using tile::kTileWidth;

constexpr uint32_t kNextPage = 0xffffffffu;

// Slots of ComputeKernelState::block_scratch: an op's input and output, and
// the rows write_untilized builds while its caller holds the input.
enum ScratchSlot : size_t { kScratchIn = 0, kScratchOut = 1, kScratchRows = 2 };

std::span<float> scratch(KernelHostState& state, ScratchSlot slot, uint64_t count) {
  std::vector<float>& floats = state.compute->block_scratch[slot];
  floats.assign(count, 0.0f);
  return floats;
}

// Where an output goes: a fixed page, or the packer's next one (which then
// moves on by `pages`).
uint32_t output_page(ComputeKernelState& compute, uint32_t cb, uint32_t requested, uint32_t pages) {
  if (requested != kNextPage || cb >= TESSERA_NUM_CIRCULAR_BUFFERS) return requested;
  const uint32_t page = compute.pack_offsets[cb];
  compute.pack_offsets[cb] += pages;
  return page;
}

// block_ct_dim tiles as 32 rows of a row-major band full_ct_dim tiles wide,
// at column block_c_index * block_ct_dim * 32, starting `first_element`
// elements after the output's write pointer.
Status write_untilized(KernelHostState& state, uint32_t cb, std::span<const float> tiles,
                       uint32_t block_ct_dim, uint32_t full_ct_dim, uint32_t block_c_index,
                       uint64_t first_element) {
  const uint64_t width = uint64_t{block_ct_dim} * kTileWidth;
  std::span<float> rows = scratch(state, kScratchRows, width * kTileHeight);
  TESSERA_RETURN_IF_ERROR(compute::untilize_block(tiles, rows, block_ct_dim));
  const uint64_t row_stride = uint64_t{full_ct_dim} * kTileWidth;
  const uint64_t column = uint64_t{block_c_index} * width;
  for (uint32_t r = 0; r < kTileHeight; ++r) {
    TESSERA_RETURN_IF_ERROR(
        write_cb_elements(state, cb, first_element + r * row_stride + column,
                          std::span<const float>(rows.data() + r * width, width), "pack_untilize"));
  }
  return ok_status();
}

Status check_pack_untilize(uint32_t block_ct_dim, uint32_t full_ct_dim, uint32_t block_c_index) {
  TESSERA_RETURN_IF_ERROR(check_block("pack_untilize", block_ct_dim));
  if (full_ct_dim < block_ct_dim || full_ct_dim % block_ct_dim != 0 ||
      uint64_t{block_c_index + 1} * block_ct_dim > full_ct_dim) {
    return make_error(ErrorCode::kInvalidArgument, "pack_untilize: block ", block_c_index, " of ",
                      block_ct_dim, " tiles does not fit a row of ", full_ct_dim,
                      " tiles (full_ct_dim must be a multiple of block_ct_dim)");
  }
  return ok_status();
}

}  // namespace

// cb_in, tiles, cb_out[, in_page, out_tile]
Status tilize_block_op(KernelHostState& state, ComputeKernelState& compute, ComputeOperands a) {
  const uint32_t tiles = a[1];
  TESSERA_RETURN_IF_ERROR(check_block("tilize_block", tiles));
  const uint64_t elements = uint64_t{tiles} * kTileElements;
  std::span<float> rows = scratch(state, kScratchIn, elements);
  std::span<float> tiled = scratch(state, kScratchOut, elements);
  TESSERA_RETURN_IF_ERROR(read_cb_rows(state, a[0], a.get_or(3, 0), rows));
  TESSERA_RETURN_IF_ERROR(compute::tilize_block(rows, tiled, tiles));
  const uint32_t first = output_page(compute, a[2], a.get_or(4, 0), tiles);
  for (uint32_t t = 0; t < tiles; ++t) {
    TESSERA_RETURN_IF_ERROR(pack_cb_tile(
        state, a[2], first + t, ConstTileSpan(tiled.data() + t * kTileElements, kTileElements)));
  }
  return ok_status();
}

// cb_in, tiles, cb_out[, in_tile, out_page]
Status untilize_block_op(KernelHostState& state, ComputeKernelState& compute, ComputeOperands a) {
  const uint32_t tiles = a[1];
  TESSERA_RETURN_IF_ERROR(check_block("untilize_block", tiles));
  const uint64_t elements = uint64_t{tiles} * kTileElements;
  std::span<float> tiled = scratch(state, kScratchIn, elements);
  std::span<float> rows = scratch(state, kScratchOut, elements);
  const uint32_t in_tile = a.get_or(3, 0);
  for (uint32_t t = 0; t < tiles; ++t) {
    TESSERA_RETURN_IF_ERROR(unpack_cb_tile(
        state, a[0], in_tile + t, TileSpan(tiled.data() + t * kTileElements, kTileElements)));
  }
  TESSERA_RETURN_IF_ERROR(compute::untilize_block(tiled, rows, tiles));
  return write_cb_rows(state, a[2], output_page(compute, a[2], a.get_or(4, 0), tiles), rows);
}

// cb_in, in_tile, block_ct_dim, full_ct_dim, block_c_index, cb_out, tile_row
Status pack_untilize_op(KernelHostState& state, ComputeOperands a) {
  const uint32_t block_ct_dim = a[2], full_ct_dim = a[3];
  TESSERA_RETURN_IF_ERROR(check_pack_untilize(block_ct_dim, full_ct_dim, a[4]));
  std::span<float> tiles = scratch(state, kScratchIn, uint64_t{block_ct_dim} * kTileElements);
  for (uint32_t c = 0; c < block_ct_dim; ++c) {
    TESSERA_RETURN_IF_ERROR(unpack_cb_tile(
        state, a[0], a[1] + c, TileSpan(tiles.data() + c * kTileElements, kTileElements)));
  }
  const uint64_t band = uint64_t{full_ct_dim} * kTileElements;
  return write_untilized(state, a[5], tiles, block_ct_dim, full_ct_dim, a[4], a[6] * band);
}

// dst, block_ct_dim, full_ct_dim, block_c_index, cb_out, block_rt_dim
Status pack_untilize_dest_op(KernelHostState& state, ComputeKernelState& compute,
                             ComputeOperands a) {
  const uint32_t block_ct_dim = a[1], full_ct_dim = a[2], block_rt_dim = a[5];
  TESSERA_RETURN_IF_ERROR(check_pack_untilize(block_ct_dim, full_ct_dim, a[3]));
  TESSERA_RETURN_IF_ERROR(check_block("pack_untilize_dest (rows)", block_rt_dim));
  const uint64_t count = uint64_t{block_ct_dim} * block_rt_dim;
  if (count > DstRegisters::kPhysicalTiles) {
    return make_error(ErrorCode::kInvalidArgument, "pack_untilize_dest: ", block_rt_dim, " x ",
                      block_ct_dim, " tiles do not fit in Dst");
  }
  TESSERA_ASSIGN_OR_RETURN(
      std::span<float> tiles,
      compute.dst.tiles(a[0], static_cast<uint32_t>(count), "pack_untilize_dest"));
  const uint64_t band = uint64_t{full_ct_dim} * kTileElements;
  for (uint32_t r = 0; r < block_rt_dim; ++r) {
    TESSERA_RETURN_IF_ERROR(
        write_untilized(state, a[4],
                        tiles.subspan(uint64_t{r} * block_ct_dim * kTileElements,
                                      uint64_t{block_ct_dim} * kTileElements),
                        block_ct_dim, full_ct_dim, a[3], r * band));
  }
  return ok_status();
}

}  // namespace tessera::sim::kernel_host
