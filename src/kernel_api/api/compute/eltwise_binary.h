// Elementwise add/sub/mul of two tiles into a destination register.
#pragma once

#include "api/compute/common.h"

namespace ckernel {

ALWI void binary_op_init_common(uint32_t icb0, uint32_t icb1, uint32_t ocb) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_BINARY_OP_INIT, icb0, icb1, ocb);
}

#define TESSERA_BINARY_TILE_OP(name, kind)                                                       \
  ALWI void name##_tiles_init(uint32_t icb0 = 0, uint32_t icb1 = 1, bool acc_to_dest = false) {  \
    (void)acc_to_dest;                                                                           \
    tessera_kernel::compute_call(TESSERA_COMPUTE_BINARY_INIT, kind, icb0, icb1);                 \
  }                                                                                              \
  ALWI void name##_tiles(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1,         \
                         uint32_t idst) {                                                        \
    tessera_kernel::compute_call(TESSERA_COMPUTE_BINARY_TILES, kind, icb0, icb1, itile0, itile1, \
                                 idst);                                                          \
  }

TESSERA_BINARY_TILE_OP(add, TESSERA_BINARY_ADD)
TESSERA_BINARY_TILE_OP(sub, TESSERA_BINARY_SUB)
TESSERA_BINARY_TILE_OP(mul, TESSERA_BINARY_MUL)
#undef TESSERA_BINARY_TILE_OP

// The op picked by template argument (ELTWISE_OP_TYPE in tt-metal's
// eltwise kernels). full_init also configures the unpacker: nothing here.
template <bool full_init = false, EltwiseBinaryType eltwise_binary_op_type = ELWADD>
ALWI void binary_op_specific_init() {
  tessera_kernel::compute_call(TESSERA_COMPUTE_BINARY_INIT,
                               static_cast<uint32_t>(eltwise_binary_op_type), 0u, 1u);
}
template <bool full_init, EltwiseBinaryType eltwise_binary_type>
ALWI void binary_tiles_init(uint32_t icb0, uint32_t icb1, bool acc_to_dest = false) {
  (void)acc_to_dest;
  tessera_kernel::compute_call(TESSERA_COMPUTE_BINARY_INIT,
                               static_cast<uint32_t>(eltwise_binary_type), icb0, icb1);
}

// Dst tile (as one operand) op CB tile (the other), back into the same Dst
// tile: DEST_TO_SRCA computes dst op cb, DEST_TO_SRCB cb op dst.
template <EltwiseBinaryType eltwise_binary_type = ELWADD,
          EltwiseBinaryReuseDestType binary_reuse_dest = EltwiseBinaryReuseDestType::NONE>
ALWI void binary_dest_reuse_tiles_init(uint32_t icb0) {
  tessera_kernel::compute_call(TESSERA_COMPUTE_BINARY_INIT,
                               static_cast<uint32_t>(eltwise_binary_type), icb0, icb0);
}
template <EltwiseBinaryType eltwise_binary_type = ELWADD,
          EltwiseBinaryReuseDestType binary_reuse_dest = EltwiseBinaryReuseDestType::NONE>
ALWI void binary_dest_reuse_tiles(uint32_t in_cb_id, uint32_t in_tile_index,
                                  uint32_t dst_tile_index) {
  tessera_kernel::compute_call(
      TESSERA_COMPUTE_BINARY_DEST_REUSE_TILES, static_cast<uint32_t>(eltwise_binary_type),
      static_cast<uint32_t>(binary_reuse_dest), in_cb_id, in_tile_index, dst_tile_index);
}

}  // namespace ckernel
