// Copying tiles from a circular buffer into destination registers.
#pragma once

#include "api/compute/common.h"

namespace ckernel {

// With `transpose`, later copy_tiles transpose each tile (W <-> H) on the way.
ALWI void copy_tile_to_dst_init_short(uint32_t cbid, uint32_t transpose = 0) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_COPY_TILE_INIT, cbid, transpose);
}
ALWI void copy_tile_init(uint32_t cbid) {
  copy_tile_to_dst_init_short(cbid, 0);
}
ALWI void copy_tile_to_dst_init_short_with_dt(uint32_t old_cbid, uint32_t new_cbid,
                                              uint32_t transpose = 0) {
  (void)old_cbid;
  copy_tile_to_dst_init_short(new_cbid, transpose);
}
ALWI void copy_tile_init_with_dt(uint32_t cbid, uint32_t transpose = 0) {
  copy_tile_to_dst_init_short(cbid, transpose);
}
ALWI void copy_tile(uint32_t in_cb_id, uint32_t in_tile_index, uint32_t dst_tile_index) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_COPY_TILE, in_cb_id, in_tile_index, dst_tile_index);
}

}  // namespace ckernel

namespace ckernel {

// ntiles consecutive CB tiles into consecutive Dst tiles (matmul partials
// reloaded for accumulation).
ALWI void copy_block_matmul_partials(uint32_t in_cb_id, uint32_t start_in_tile_index,
                                     uint32_t start_dst_tile_index, uint32_t ntiles) {
  for (uint32_t i = 0; i < ntiles; ++i) {
    copy_tile(in_cb_id, start_in_tile_index + i, start_dst_tile_index + i);
  }
}

}  // namespace ckernel
