// The bitonic top-K stages on four Dst tiles (values at idst and idst + 1,
// their indices at idst + 2 and idst + 3), each column one 64-value
// sequence; see tessera/sim/compute/topk.h for what each stage leaves.
// Direction (idir) 0 is decreasing, 1 increasing.
#pragma once

#include "api/compute/common.h"

namespace ckernel {

ALWI void topk_tile_init() {
  tessera_kernel::compute_call(TESSERA_COMPUTE_INIT);
}

// The later template parameters are those of newer tt-metal versions; the
// fused-key mode packs indices into the values and is not modelled.
template <bool stable_sort = false, bool is_fp32_dest_acc_en = DST_ACCUM_MODE, bool fused = false>
ALWI void topk_local_sort(uint32_t idst, int idir, int i_end_phase, int i_start_phase = 0,
                          int i_end_step = 0, int i_start_step = 0) {
  static_assert(!fused, "topk_local_sort: the fused-key mode is not supported by tessera");
  tessera_kernel::compute_call(TESSERA_COMPUTE_TOPK_LOCAL_SORT, idst, idir, i_end_phase,
                               i_start_phase, i_end_step, i_start_step, stable_sort ? 1u : 0u);
}

template <bool idir = false, bool stable_sort = false, bool is_fp32_dest_acc_en = DST_ACCUM_MODE,
          bool fused = false>
ALWI void topk_merge(uint32_t idst, int m_iter, int k) {
  static_assert(!fused, "topk_merge: the fused-key mode is not supported by tessera");
  tessera_kernel::compute_call(TESSERA_COMPUTE_TOPK_MERGE, idst, m_iter, k, idir ? 1u : 0u,
                               stable_sort ? 1u : 0u);
}

template <bool stable_sort = false, bool is_fp32_dest_acc_en = DST_ACCUM_MODE, bool fused = false>
ALWI void topk_rebuild(uint32_t idst, bool idir, int m_iter, int k, int logk, int skip_second) {
  static_assert(!fused, "topk_rebuild: the fused-key mode is not supported by tessera");
  tessera_kernel::compute_call(TESSERA_COMPUTE_TOPK_REBUILD, idst, idir ? 1u : 0u, m_iter, k, logk,
                               skip_second, stable_sort ? 1u : 0u);
}

}  // namespace ckernel
