#include "compute_dst_block_ops.h"

#include "tessera/sim/compute/max_pool_with_indices.h"
#include "tessera/sim/compute/sfpu_reduce.h"
#include "tessera/sim/compute/topk.h"
#include "tessera/sim/jit/kernel_abi.h"
#include "tessera/sim/tile/data_format.h"

namespace tessera::sim::kernel_host {

Status topk_op(DstRegisters& dst, uint32_t op, ComputeOperands a) {
  switch (op) {
    case TESSERA_COMPUTE_TOPK_LOCAL_SORT: {
      TESSERA_ASSIGN_OR_RETURN(std::span<float> tiles,
                               dst.tiles(a[0], compute::kTopkTiles, "topk_local_sort"));
      return compute::topk_local_sort(tiles, a[1], a[2], a[3], a[4], a[5], a[6] != 0);
    }
    case TESSERA_COMPUTE_TOPK_MERGE: {
      TESSERA_ASSIGN_OR_RETURN(std::span<float> tiles,
                               dst.tiles(a[0], compute::kTopkTiles, "topk_merge"));
      return compute::topk_merge(tiles, a[1], a[2], a[3] != 0, a[4] != 0);
    }
    default: {
      TESSERA_ASSIGN_OR_RETURN(std::span<float> tiles,
                               dst.tiles(a[0], compute::kTopkTiles, "topk_rebuild"));
      return compute::topk_rebuild(tiles, a[1], a[2], a[3], a[4], a[5] != 0, a[6] != 0);
    }
  }
}

// pool, dim, format, dst, ct_dim, rt_dim
Status sfpu_reduce_op(DstRegisters& dst, ComputeOperands a) {
  if (a[0] > static_cast<uint32_t>(compute::PoolType::kMin) || a[1] > 1) {
    return make_error(ErrorCode::kInvalidArgument, "sfpu_reduce: pool type ", a[0],
                      " or dimension ", a[1], " is unknown");
  }
  TESSERA_ASSIGN_OR_RETURN(tile::DataFormat format, tile::data_format_from_code(a[2]));
  const uint64_t tiles = uint64_t{a[4]} * a[5];
  if (a[4] == 0 || a[5] == 0 || tiles > DstRegisters::kPhysicalTiles) {
    return make_error(ErrorCode::kInvalidArgument, "sfpu_reduce: ct_dim ", a[4], " x rt_dim ", a[5],
                      " is not a block of 1 to 16 Dst tiles");
  }
  TESSERA_ASSIGN_OR_RETURN(std::span<float> block,
                           dst.tiles(a[3], static_cast<uint32_t>(tiles), "sfpu_reduce"));
  return compute::sfpu_reduce(static_cast<compute::PoolType>(a[0]),
                              static_cast<compute::SfpuReduceDim>(a[1]), format, block, a[4], a[5]);
}

// dst, dst_indices, chunk, num_rows, layout, accumulate
Status max_pool_with_indices_op(DstRegisters& dst, ComputeOperands a) {
  constexpr const char* kOp = "max_reduce_with_indices";
  if (a[4] > 1) {
    return make_error(ErrorCode::kInvalidArgument, kOp, ": data layout ", a[4], " is unknown");
  }
  const compute::MaxPoolWithIndices op{.num_rows = a[3],
                                       .layout = static_cast<compute::DstLayout>(a[4]),
                                       .accumulate = a[5] != 0,
                                       .chunk = a[2]};
  TESSERA_ASSIGN_OR_RETURN(compute::TileSpan values, dst.tile(a[0], kOp));
  TESSERA_ASSIGN_OR_RETURN(compute::TileSpan indices, dst.tile(a[1], kOp));
  std::span<float> running_values, running_indices;
  if (op.accumulate && op.num_rows > 9) {
    TESSERA_ASSIGN_OR_RETURN(running_values, dst.tile(a[0] + 1, kOp));
    TESSERA_ASSIGN_OR_RETURN(running_indices, dst.tile(a[1] + 1, kOp));
  }
  return compute::max_pool_with_indices(op, values, indices, running_values, running_indices);
}

}  // namespace tessera::sim::kernel_host
