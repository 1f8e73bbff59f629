// Eltwise binary ops with the second operand broadcast along rows,
// columns or as a scalar (tt-metal's *_tiles_bcast).
#pragma once

#include "api/compute/common.h"

namespace ckernel {

template <EltwiseBinaryType op, BroadcastType bcast>
ALWI void init_bcast(uint32_t icb0, uint32_t icb1, uint32_t ocb = 16) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_INIT, icb0, icb1, ocb);
}

template <EltwiseBinaryType op, BroadcastType bcast>
ALWI void any_tiles_bcast(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1,
                          uint32_t idst) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_BINARY_BCAST_TILES, static_cast<uint32_t>(op),
                               static_cast<uint32_t>(bcast), icb0, icb1, itile0, itile1, idst);
}

#define TESSERA_BCAST_OP(name, op)                                                                \
  template <BroadcastType bcast>                                                                  \
  ALWI void name##_tiles_bcast(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1,    \
                               uint32_t idst) {                                                   \
    any_tiles_bcast<EltwiseBinaryType::op, bcast>(icb0, icb1, itile0, itile1, idst);              \
  }                                                                                               \
  ALWI void name##_tiles_bcast_rows(uint32_t icb0, uint32_t icb1, uint32_t itile0,                \
                                    uint32_t itile1, uint32_t idst) {                             \
    any_tiles_bcast<EltwiseBinaryType::op, BroadcastType::ROW>(icb0, icb1, itile0, itile1, idst); \
  }                                                                                               \
  ALWI void name##_tiles_bcast_cols(uint32_t icb0, uint32_t icb1, uint32_t itile0,                \
                                    uint32_t itile1, uint32_t idst) {                             \
    any_tiles_bcast<EltwiseBinaryType::op, BroadcastType::COL>(icb0, icb1, itile0, itile1, idst); \
  }                                                                                               \
  ALWI void name##_tiles_bcast_scalar(uint32_t icb0, uint32_t icb1, uint32_t itile0,              \
                                      uint32_t itile1, uint32_t idst) {                           \
    any_tiles_bcast<EltwiseBinaryType::op, BroadcastType::SCALAR>(icb0, icb1, itile0, itile1,     \
                                                                  idst);                          \
  }                                                                                               \
  ALWI void name##_bcast_rows_init_short(uint32_t icb0 = 0, uint32_t icb1 = 1) {                  \
    tessera_kernel::compute_call(TESSERA_COMPUTE_INIT, icb0, icb1);                               \
  }                                                                                               \
  ALWI void name##_bcast_cols_init_short(uint32_t icb0 = 0, uint32_t icb1 = 1) {                  \
    tessera_kernel::compute_call(TESSERA_COMPUTE_INIT, icb0, icb1);                               \
  }                                                                                               \
  ALWI void name##_tiles_bcast_scalar_init_short(uint32_t icb0 = 0, uint32_t icb1 = 1) {          \
    tessera_kernel::compute_call(TESSERA_COMPUTE_INIT, icb0, icb1);                               \
  }

// unary_bcast: a CB tile's row 0 (ROW), column 0 (COL) or [0][0] (SCALAR)
// spread over a whole Dst tile.
template <BroadcastType bcast_type>
ALWI void unary_bcast_init(uint32_t icb, uint32_t ocb) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_INIT, icb, ocb);
}
template <BroadcastType bcast_type>
ALWI void unary_bcast(uint32_t icb, uint32_t in_tile_index, uint32_t dst_tile_index) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_UNARY_BCAST_TILE, static_cast<uint32_t>(bcast_type),
                               icb, in_tile_index, dst_tile_index);
}

TESSERA_BCAST_OP(add, ELWADD)
TESSERA_BCAST_OP(sub, ELWSUB)
TESSERA_BCAST_OP(mul, ELWMUL)
#undef TESSERA_BCAST_OP

}  // namespace ckernel
