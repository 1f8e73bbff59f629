// tt-metal's firmware tables from a worker's logical column or row to its
// NoC ("virtual", translated) one, which the compiler's coordinate
// translation reads: worker_logical_col_to_virtual_col[x].
#pragma once

#include "tessera_kernel_runtime.h"

namespace tessera_kernel {

struct WorkerCoordinateTable {
  int is_row;
  FORCE_INLINE uint32_t operator[](uint32_t logical) const {
    return host()->worker_noc_coordinate(ctx(), logical, is_row);
  }
};

}  // namespace tessera_kernel

inline constexpr tessera_kernel::WorkerCoordinateTable worker_logical_col_to_virtual_col{0};
inline constexpr tessera_kernel::WorkerCoordinateTable worker_logical_row_to_virtual_row{1};
