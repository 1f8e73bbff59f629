// TTNN's reader helper for reduce_tile: one 16-bit tile at the back of
// `cb_id`, zero but for row 0 of each face (faces 0 and 1 only with
// `half_tile`), which holds the scaler. `scaler` is the bf16 twice
// ((bf16 << 16) | bf16); 0 leaves the tile zero. Pushes the tile.
#pragma once

#include "api/dataflow/dataflow_api.h"

template <bool half_tile = false>
FORCE_INLINE void generate_reduce_scaler(const uint32_t cb_id, const uint32_t scaler) {
  constexpr uint32_t faces = half_tile ? 2 : 4;
  constexpr uint32_t face_bytes = 16 * 16 * 2;
  cb_reserve_back(cb_id, 1);
  const uint32_t write_addr = get_write_ptr(cb_id);
  const uint64_t zeros = get_noc_addr(MEM_ZEROS_BASE);
  for (uint32_t offset = 0; offset < faces * face_bytes; offset += MEM_ZEROS_SIZE) {
    noc_async_read(zeros, write_addr + offset, MEM_ZEROS_SIZE);
  }
  noc_async_read_barrier();
  if (scaler != 0) {
    volatile tt_l1_ptr uint32_t* words = reinterpret_cast<volatile tt_l1_ptr uint32_t*>(write_addr);
    for (uint32_t face = 0; face < faces; ++face) {
      for (uint32_t pair = 0; pair < 8; ++pair) words[face * face_bytes / 4 + pair] = scaler;
    }
  }
  cb_push_back(cb_id, 1);
}
