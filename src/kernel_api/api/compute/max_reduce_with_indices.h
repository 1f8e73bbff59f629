// max_reduce_with_indices: for each column of the values tile at idst, the
// largest of its first rows (9 when num_rows <= 9, else all 32) and the
// matching entry of the index tile at idst_idx land in row 0 of both.
// DataLayout::ROW_MAJOR: the tiles hold 32 row-major rows one after another
// (32 rows and `accumulate` across chunks need it; the running result is
// kept in row 0 of idst + 1 and idst_idx + 1).
#pragma once

#include "api/compute/common.h"

namespace ckernel {

template <int num_rows = 9, DataLayout layout = DataLayout::TILE, bool accumulate = false,
          int ITERATIONS = 8>
ALWI void max_reduce_with_indices(uint32_t idst, uint32_t idst_idx, uint32_t chunk = 0) {
  static_assert(num_rows >= 1 && num_rows <= 32, "max_reduce_with_indices: num_rows is 1 to 32");
  static_assert(layout == DataLayout::ROW_MAJOR || (num_rows <= 9 && !accumulate),
                "max_reduce_with_indices: the TILE layout reduces 9 rows without accumulation");
  tessera_kernel::compute_call(TESSERA_COMPUTE_MAX_POOL_WITH_INDICES, idst, idst_idx, chunk,
                               num_rows, static_cast<uint32_t>(layout), accumulate ? 1u : 0u);
}

template <DataLayout layout = DataLayout::TILE>
ALWI void max_reduce_with_indices_init() {
  tessera_kernel::compute_call(TESSERA_COMPUTE_INIT);
}

}  // namespace ckernel
