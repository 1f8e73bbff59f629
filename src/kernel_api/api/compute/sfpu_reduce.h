// sfpu_reduce: SUM / AVG / MAX / MIN of tiles already in Dst, by the SFPU.
// REDUCE_COL leaves each column's result in row 0 of tile idst (one tile;
// MAX and MIN also over rt_dim tiles stacked at idst..); REDUCE_ROW (SUM,
// MAX) leaves each row's result over ct_dim tiles in column 0 of the row's
// first tile, for rt_dim rows of tiles (tile (r, c) at idst + r * ct_dim + c).
#pragma once

#include "api/compute/common.h"

namespace ckernel {

template <PoolType pool_type, DataFormat format>
constexpr bool tessera_sfpu_reduce_supported() {
  return (format == DataFormat::Float32 || format == DataFormat::Int32 ||
          format == DataFormat::UInt32 || format == DataFormat::UInt16 ||
          format == DataFormat::Float16_b);
}

template <PoolType pool_type, DataFormat format, ReduceDim reduce_dim = ReduceDim::REDUCE_COL>
ALWI void sfpu_reduce(uint32_t idst, uint32_t ct_dim = 1, uint32_t rt_dim = 1) {
  static_assert(reduce_dim == ReduceDim::REDUCE_COL ||
                    (reduce_dim == ReduceDim::REDUCE_ROW &&
                     (pool_type == PoolType::SUM || pool_type == PoolType::MAX)),
                "sfpu_reduce: REDUCE_ROW supports SUM and MAX only; REDUCE_COL all pool types");
  static_assert(tessera_sfpu_reduce_supported<pool_type, format>(),
                "sfpu_reduce: the format must be Float32, Float16_b, Int32, UInt32 or UInt16");
  tessera_kernel::compute_call(TESSERA_COMPUTE_SFPU_REDUCE, static_cast<uint32_t>(pool_type),
                               reduce_dim == ReduceDim::REDUCE_COL ? 1u : 0u,
                               static_cast<uint32_t>(format), idst, ct_dim, rt_dim);
}

template <PoolType pool_type, DataFormat format>
ALWI void sfpu_reduce_init() {
  static_assert(tessera_sfpu_reduce_supported<pool_type, format>(),
                "sfpu_reduce_init: the format must be Float32, Float16_b, Int32, UInt32 or UInt16");
  tessera_kernel::compute_call(TESSERA_COMPUTE_INIT);
}

}  // namespace ckernel
