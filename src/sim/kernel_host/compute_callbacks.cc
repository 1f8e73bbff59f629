// The compute engine behind the compute kernel API: unpack CB tiles to
// fp32, run the tile math library on the Dst register file, pack back.
#include <array>
#include <bit>
#include <cstring>
#include <vector>

#include "cb_tile_io.h"
#include "compute_dst_block_ops.h"
#include "compute_layout_ops.h"
#include "compute_operands.h"
#include "kernel_host_callbacks.h"
#include "kernel_host_failure.h"
#include "tessera/sim/compute/eltwise_binary.h"
#include "tessera/sim/compute/eltwise_binary_packed.h"
#include "tessera/sim/compute/matmul.h"
#include "tessera/sim/compute/reduce.h"
#include "tessera/sim/compute/tile_copy.h"
#include "tessera/sim/compute/transpose.h"
#include "tessera/sim/compute/typecast.h"
#include "tessera/sim/compute/unary_op.h"
#include "tessera/sim/kernel_host/kernel_host_state.h"
#include "tessera/sim/tile/data_format.h"
#include "timing_hooks.h"

namespace tessera::sim::kernel_host {

namespace {

using compute::TileSpan;

using Operands = ComputeOperands;

Result<ComputeKernelState*> compute_state(KernelHostState& state) {
  if (!state.compute) {
    return make_error(ErrorCode::kFailedPrecondition,
                      "compute API call from a data-movement kernel (no Dst registers)");
  }
  return state.compute.get();
}

// One unpacked tile on the (fiber) stack: tile ops run per tile, and a heap
// allocation each would cost more than the arithmetic.
using TileBuffer = std::array<float, tile::kTileElements>;

Status copy_tile(KernelHostState& state, ComputeKernelState& compute, Operands a) {
  TESSERA_ASSIGN_OR_RETURN(TileSpan out, compute.dst.tile_for_overwrite(a[2], "copy_tile"));
  if (!compute.copy_transpose) return unpack_cb_tile(state, a[0], a[1], out);
  TileBuffer in;
  TESSERA_RETURN_IF_ERROR(unpack_cb_tile(state, a[0], a[1], TileSpan(in.data(), in.size())));
  compute::transpose_wh_tile(compute::ConstTileSpan(in.data(), in.size()), out);
  return ok_status();
}

Status pack_tile(KernelHostState& state, ComputeKernelState& compute, Operands a) {
  TESSERA_ASSIGN_OR_RETURN(TileSpan in, compute.dst.tile(a[0], "pack_tile"));
  const uint32_t cb = a[1];
  if (cb >= TESSERA_NUM_CIRCULAR_BUFFERS) {
    return make_error(ErrorCode::kInvalidArgument, "pack_tile to circular buffer ", cb,
                      ", which does not exist");
  }
  const bool next = a[2] == 0xffffffffu;
  const uint32_t index = next ? compute.pack_offsets[cb] : a[2];
  if (compute.pack_l1_accumulate) {
    TileBuffer sum;
    TESSERA_RETURN_IF_ERROR(
        unpack_back_cb_tile(state, cb, index, TileSpan(sum.data(), sum.size())));
    for (std::size_t i = 0; i < sum.size(); ++i) sum[i] += in[i];
    TESSERA_RETURN_IF_ERROR(
        pack_cb_tile(state, cb, index, compute::ConstTileSpan(sum.data(), sum.size())));
  } else {
    TESSERA_RETURN_IF_ERROR(pack_cb_tile(state, cb, index, in));
  }
  if (next) ++compute.pack_offsets[cb];
  return ok_status();
}

// The ABI's kinds are the compute library's op values (binary_op.h, unary_op.h).
static_assert(TESSERA_BINARY_LAST == static_cast<uint32_t>(compute::kLastBinaryOp));
static_assert(TESSERA_BINARY_ATAN2 == static_cast<uint32_t>(compute::BinaryOp::kAtan2));
static_assert(TESSERA_UNARY_LAST == static_cast<uint32_t>(compute::kLastUnaryOp));
static_assert(TESSERA_UNARY_SELU == static_cast<uint32_t>(compute::UnaryOp::kSelu));
static_assert(TESSERA_UNARY_LEZ == static_cast<uint32_t>(compute::UnaryOp::kLez));

Result<compute::BinaryOp> binary_kind(uint32_t kind) {
  if (kind > TESSERA_BINARY_LAST) {
    return make_error(ErrorCode::kInvalidArgument, "binary operation kind ", kind, " is unknown");
  }
  return static_cast<compute::BinaryOp>(kind);
}

Result<compute::BroadcastType> bcast_kind(uint32_t kind) {
  switch (kind) {
    case TESSERA_BCAST_NONE:
      return compute::BroadcastType::kNone;
    case TESSERA_BCAST_ROW:
      return compute::BroadcastType::kRow;
    case TESSERA_BCAST_COL:
      return compute::BroadcastType::kCol;
    case TESSERA_BCAST_SCALAR:
      return compute::BroadcastType::kScalar;
  }
  return make_error(ErrorCode::kInvalidArgument, "broadcast kind ", kind, " is unknown");
}

// kind, bcast, cb_a, cb_b, tile_a, tile_b, dst
Status binary_tiles(KernelHostState& state, DstRegisters& dst, uint32_t kind, uint32_t bcast,
                    Operands a) {
  TESSERA_ASSIGN_OR_RETURN(compute::BinaryOp op, binary_kind(kind));
  TESSERA_ASSIGN_OR_RETURN(compute::BroadcastType broadcast, bcast_kind(bcast));
  if (broadcast == compute::BroadcastType::kNone) {
    TESSERA_ASSIGN_OR_RETURN(PackedCbTile lhs, front_cb_tile(state, a[0], a[2]));
    TESSERA_ASSIGN_OR_RETURN(PackedCbTile rhs, front_cb_tile(state, a[1], a[3]));
    if (compute::has_packed_binary_path(lhs.format, rhs.format)) {
      TESSERA_ASSIGN_OR_RETURN(TileSpan out, dst.tile_for_overwrite(a[4], "binary tile operation"));
      return compute::eltwise_binary_packed_tile(op, lhs.format, lhs.bytes, rhs.format, rhs.bytes,
                                                 out);
    }
  }
  TESSERA_ASSIGN_OR_RETURN(TileSpan out, dst.tile(a[4], "binary tile operation"));
  TileBuffer lhs, rhs;
  TESSERA_RETURN_IF_ERROR(unpack_cb_tile(state, a[0], a[2], TileSpan(lhs.data(), lhs.size())));
  TESSERA_RETURN_IF_ERROR(unpack_cb_tile(state, a[1], a[3], TileSpan(rhs.data(), rhs.size())));
  return compute::eltwise_binary_tile(op, broadcast, compute::ConstTileSpan(lhs.data(), lhs.size()),
                                      compute::ConstTileSpan(rhs.data(), rhs.size()), out);
}

// cb_a, cb_b, tile_a, tile_b, dst, transpose
Status matmul_tiles(KernelHostState& state, DstRegisters& dst, Operands a) {
  TESSERA_ASSIGN_OR_RETURN(TileSpan out, dst.tile(a[4], "matmul_tiles"));
  TileBuffer lhs, rhs;
  TESSERA_RETURN_IF_ERROR(unpack_cb_tile(state, a[0], a[2], TileSpan(lhs.data(), lhs.size())));
  TESSERA_RETURN_IF_ERROR(unpack_cb_tile(state, a[1], a[3], TileSpan(rhs.data(), rhs.size())));
  compute::matmul_tile(compute::ConstTileSpan(lhs.data(), lhs.size()),
                       compute::ConstTileSpan(rhs.data(), rhs.size()), out, a[5] != 0);
  return ok_status();
}

// cb_a, cb_b, tile_a, tile_b, dst, transpose, ct_dim, rt_dim, kt_dim
Status matmul_block(KernelHostState& state, DstRegisters& dst, Operands a) {
  const compute::MatmulBlockShape shape{.rt_dim = a[7], .ct_dim = a[6], .kt_dim = a[8]};
  TESSERA_RETURN_IF_ERROR(check_block("matmul_block (rt_dim)", shape.rt_dim));
  TESSERA_RETURN_IF_ERROR(check_block("matmul_block (ct_dim)", shape.ct_dim));
  TESSERA_RETURN_IF_ERROR(check_block("matmul_block (kt_dim)", shape.kt_dim));
  TESSERA_RETURN_IF_ERROR(
      check_block("matmul_block (in0)", uint64_t{shape.rt_dim - 1} * shape.kt_dim + 1));
  TESSERA_ASSIGN_OR_RETURN(std::span<float> out,
                           dst.tiles(a[4], shape.rt_dim * shape.ct_dim, "matmul_block"));
  // a: rt_dim rows of tiles kt_dim apart; b: ct_dim consecutive tiles.
  const uint32_t a_tiles = (shape.rt_dim - 1) * shape.kt_dim + 1;
  std::vector<float> lhs(uint64_t{a_tiles} * tile::kTileElements);
  std::vector<float> rhs(uint64_t{shape.ct_dim} * tile::kTileElements);
  for (uint32_t t = 0; t < a_tiles; ++t) {
    TESSERA_RETURN_IF_ERROR(
        unpack_cb_tile(state, a[0], a[2] + t,
                       TileSpan(lhs.data() + t * tile::kTileElements, tile::kTileElements)));
  }
  for (uint32_t t = 0; t < shape.ct_dim; ++t) {
    TESSERA_RETURN_IF_ERROR(
        unpack_cb_tile(state, a[1], a[3] + t,
                       TileSpan(rhs.data() + t * tile::kTileElements, tile::kTileElements)));
  }
  return compute::matmul_block(lhs, rhs, out, shape, a[5] != 0);
}

Result<compute::UnaryOp> unary_kind(uint32_t kind) {
  if (kind > TESSERA_UNARY_LAST) {
    return make_error(ErrorCode::kInvalidArgument, "unary (SFPU) operation kind ", kind,
                      " is unknown");
  }
  return static_cast<compute::UnaryOp>(kind);
}

// kind, dst, param bits[, param2 bits]
Status unary_tile(DstRegisters& dst, Operands a) {
  TESSERA_ASSIGN_OR_RETURN(compute::UnaryOp op, unary_kind(a[0]));
  TESSERA_ASSIGN_OR_RETURN(TileSpan values, dst.tile(a[1], compute::unary_op_name(op)));
  const float param2 = a.count > 3 ? std::bit_cast<float>(a[3]) : 0.0f;
  return compute::apply_unary(op, values, {.param = std::bit_cast<float>(a[2]), .param2 = param2});
}

// kind, dst_a, dst_b[, dst_out]
Status binary_dst_tiles(DstRegisters& dst, Operands a) {
  TESSERA_ASSIGN_OR_RETURN(compute::BinaryOp op, binary_kind(a[0]));
  const char* what = compute::binary_op_name(op);
  TESSERA_ASSIGN_OR_RETURN(TileSpan lhs, dst.tile(a[1], what));
  TESSERA_ASSIGN_OR_RETURN(TileSpan rhs, dst.tile(a[2], what));
  if (a.count < 4 || a[3] == a[1]) return compute::apply_binary(op, lhs, rhs, lhs);
  if (a[3] == a[2]) return compute::apply_binary(op, lhs, rhs, rhs);
  TESSERA_ASSIGN_OR_RETURN(TileSpan out, dst.tile_for_overwrite(a[3], what));
  return compute::apply_binary(op, lhs, rhs, out);
}

// kind, dst, scalar bits
Status binary_scalar_tile(DstRegisters& dst, Operands a) {
  TESSERA_ASSIGN_OR_RETURN(compute::BinaryOp op, binary_kind(a[0]));
  TESSERA_ASSIGN_OR_RETURN(TileSpan values, dst.tile(a[1], compute::binary_op_name(op)));
  return compute::apply_binary_scalar(op, values, std::bit_cast<float>(a[2]), values);
}

// dst_in, dst_out
Status copy_dst_tile(DstRegisters& dst, Operands a) {
  TESSERA_ASSIGN_OR_RETURN(TileSpan in, dst.tile(a[0], "copy_dest_values"));
  if (a[0] == a[1]) return ok_status();
  TESSERA_ASSIGN_OR_RETURN(TileSpan out, dst.tile_for_overwrite(a[1], "copy_dest_values"));
  std::memcpy(out.data(), in.data(), in.size_bytes());
  return ok_status();
}

// dst_cond, dst_true, dst_false, dst_out: out = cond != 0 ? true : false
Status where_tile(DstRegisters& dst, Operands a) {
  TESSERA_ASSIGN_OR_RETURN(TileSpan cond, dst.tile(a[0], "where_tile"));
  TESSERA_ASSIGN_OR_RETURN(TileSpan if_true, dst.tile(a[1], "where_tile"));
  TESSERA_ASSIGN_OR_RETURN(TileSpan if_false, dst.tile(a[2], "where_tile"));
  TESSERA_ASSIGN_OR_RETURN(TileSpan out, dst.tile(a[3], "where_tile"));
  for (std::size_t i = 0; i < out.size(); ++i) {
    out[i] = cond[i] != 0.0f ? if_true[i] : if_false[i];  // element-wise: out may alias any
  }
  return ok_status();
}

// dst, in format, out format: the values become what the output format holds.
Status typecast_tile(DstRegisters& dst, Operands a) {
  TESSERA_ASSIGN_OR_RETURN(tile::DataFormat from, tile::data_format_from_code(a[1]));
  TESSERA_ASSIGN_OR_RETURN(tile::DataFormat to, tile::data_format_from_code(a[2]));
  (void)from;  // Dst already holds the input's values
  TESSERA_ASSIGN_OR_RETURN(TileSpan values, dst.tile(a[0], "typecast_tile"));
  return compute::typecast(to, values);
}

// splitmix64: a fixed, seedable sequence, so a seed gives the same tiles on
// every host.
uint64_t next_random(uint64_t& state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

// dst, from, scale: every element uniform in [from, from + scale).
Status rand_tile(ComputeKernelState& compute, Operands a) {
  TESSERA_ASSIGN_OR_RETURN(TileSpan out, compute.dst.tile_for_overwrite(a[0], "rand_tile"));
  const float from = std::bit_cast<float>(a[1]), scale = std::bit_cast<float>(a[2]);
  for (float& value : out) {
    const float unit = static_cast<float>(next_random(compute.rand_state) >> 40) * 0x1.0p-24f;
    value = from + scale * unit;
  }
  return ok_status();
}

// kind, reuse, cb, tile, dst: the Dst tile is one operand, the CB tile the other.
Status binary_dest_reuse_tiles(KernelHostState& state, DstRegisters& dst, Operands a) {
  TESSERA_ASSIGN_OR_RETURN(compute::BinaryOp op, binary_kind(a[0]));
  if (a[1] != 1 && a[1] != 2) {
    return make_error(ErrorCode::kInvalidArgument,
                      "binary_dest_reuse_tiles: the reuse type must be DEST_TO_SRCA or "
                      "DEST_TO_SRCB, got ",
                      a[1]);
  }
  TESSERA_ASSIGN_OR_RETURN(TileSpan values, dst.tile(a[4], "binary_dest_reuse_tiles"));
  TileBuffer cb_tile;
  TESSERA_RETURN_IF_ERROR(
      unpack_cb_tile(state, a[2], a[3], TileSpan(cb_tile.data(), cb_tile.size())));
  const compute::ConstTileSpan other(cb_tile.data(), cb_tile.size());
  return a[1] == 1 ? compute::apply_binary(op, values, other, values)
                   : compute::apply_binary(op, other, values, values);
}

// bcast, cb, tile, dst: the CB tile's row 0 / column 0 / [0][0] fills the Dst tile.
Status unary_bcast_tile(KernelHostState& state, DstRegisters& dst, Operands a) {
  TESSERA_ASSIGN_OR_RETURN(compute::BroadcastType broadcast, bcast_kind(a[0]));
  TESSERA_ASSIGN_OR_RETURN(TileSpan out, dst.tile_for_overwrite(a[3], "unary_bcast"));
  TileBuffer in;
  TESSERA_RETURN_IF_ERROR(unpack_cb_tile(state, a[1], a[2], TileSpan(in.data(), in.size())));
  compute::broadcast_tile(broadcast, compute::ConstTileSpan(in.data(), in.size()), out);
  return ok_status();
}

// func, dim, cb, cb_scaler, tile, tile_scaler, dst
Status reduce_tile(KernelHostState& state, DstRegisters& dst, Operands a) {
  if (a[0] > TESSERA_REDUCE_MAX || a[1] > TESSERA_REDUCE_SCALAR) {
    return make_error(ErrorCode::kInvalidArgument, "reduce_tile: function ", a[0], " or dimension ",
                      a[1], " is unknown");
  }
  // MAX into a fresh tile must not be max-ed with the zeroes acquire left.
  const compute::DstUpdate update =
      dst.touched(a[6]) ? compute::DstUpdate::kAccumulate : compute::DstUpdate::kOverwrite;
  TESSERA_ASSIGN_OR_RETURN(TileSpan out, dst.tile(a[6], "reduce_tile"));
  TileBuffer in, scaler;
  TESSERA_RETURN_IF_ERROR(unpack_cb_tile(state, a[2], a[4], TileSpan(in.data(), in.size())));
  TESSERA_RETURN_IF_ERROR(
      unpack_cb_tile(state, a[3], a[5], TileSpan(scaler.data(), scaler.size())));
  return compute::reduce_tile(static_cast<compute::ReduceFunc>(a[0]),
                              static_cast<compute::ReduceDim>(a[1]),
                              compute::ConstTileSpan(in.data(), in.size()),
                              compute::ConstTileSpan(scaler.data(), scaler.size()), out, update);
}

// cb, tile, dst
Status transpose_tile(KernelHostState& state, DstRegisters& dst, Operands a) {
  TESSERA_ASSIGN_OR_RETURN(TileSpan out, dst.tile(a[2], "transpose_wh_tile"));
  TileBuffer in;
  TESSERA_RETURN_IF_ERROR(unpack_cb_tile(state, a[0], a[1], TileSpan(in.data(), in.size())));
  compute::transpose_wh_tile(compute::ConstTileSpan(in.data(), in.size()), out);
  return ok_status();
}

// Operand counts per op, so a kernel built against another API version
// fails cleanly instead of reading past its operands.
uint32_t operand_count(uint32_t op) {
  switch (op) {
    case TESSERA_COMPUTE_COPY_TILE:
    case TESSERA_COMPUTE_PACK_TILE:
    case TESSERA_COMPUTE_TRANSPOSE_WH_TILE:
    case TESSERA_COMPUTE_TILIZE_BLOCK:
    case TESSERA_COMPUTE_UNTILIZE_BLOCK:
    case TESSERA_COMPUTE_UNARY_TILE:
    case TESSERA_COMPUTE_BINARY_DST_TILES:
    case TESSERA_COMPUTE_BINARY_SCALAR_TILE:
    case TESSERA_COMPUTE_TYPECAST_TILE:
      return 3;
    case TESSERA_COMPUTE_COPY_DST_TILE:
      return 2;
    case TESSERA_COMPUTE_PACK_L1_ACC:
    case TESSERA_COMPUTE_RAND_INIT:
      return 1;
    case TESSERA_COMPUTE_RAND_TILE:
      return 3;
    case TESSERA_COMPUTE_WHERE_TILE:
    case TESSERA_COMPUTE_UNARY_BCAST_TILE:
      return 4;
    case TESSERA_COMPUTE_BINARY_DEST_REUSE_TILES:
    case TESSERA_COMPUTE_TOPK_MERGE:
      return 5;
    case TESSERA_COMPUTE_BINARY_TILES:
    case TESSERA_COMPUTE_MATMUL_TILES:
    case TESSERA_COMPUTE_SFPU_REDUCE:
    case TESSERA_COMPUTE_MAX_POOL_WITH_INDICES:
    case TESSERA_COMPUTE_PACK_UNTILIZE_DEST:
      return 6;
    case TESSERA_COMPUTE_BINARY_BCAST_TILES:
    case TESSERA_COMPUTE_REDUCE_TILE:
    case TESSERA_COMPUTE_PACK_UNTILIZE:
    case TESSERA_COMPUTE_TOPK_LOCAL_SORT:
    case TESSERA_COMPUTE_TOPK_REBUILD:
      return 7;
    case TESSERA_COMPUTE_MATMUL_BLOCK:
      return 9;
    default:
      return 0;
  }
}

Status run_compute_op(KernelHostState& state, uint32_t op, Operands a) {
  TESSERA_ASSIGN_OR_RETURN(ComputeKernelState * compute, compute_state(state));
  if (a.count < operand_count(op)) {
    return make_error(ErrorCode::kInvalidArgument, "compute operation ", op, " got ", a.count,
                      " operands, needs ", operand_count(op));
  }
  DstRegisters& dst = compute->dst;
  switch (op) {
    case TESSERA_COMPUTE_TILE_REGS_ACQUIRE:
      dst.acquire();
      return ok_status();
    case TESSERA_COMPUTE_COPY_TILE_INIT:
      compute->copy_transpose = a.get_or(1, 0) != 0;
      return ok_status();
    case TESSERA_COMPUTE_TILE_REGS_COMMIT:
    case TESSERA_COMPUTE_TILE_REGS_WAIT:
    case TESSERA_COMPUTE_TILE_REGS_RELEASE:
    case TESSERA_COMPUTE_BINARY_OP_INIT:
    case TESSERA_COMPUTE_BINARY_INIT:
    case TESSERA_COMPUTE_MATMUL_INIT:
    case TESSERA_COMPUTE_UNARY_INIT:
    case TESSERA_COMPUTE_INIT:
      return ok_status();  // one fiber plays all three TRISCs: nothing to hand over
    case TESSERA_COMPUTE_COPY_TILE:
      return copy_tile(state, *compute, a);
    case TESSERA_COMPUTE_PACK_TILE:
      return pack_tile(state, *compute, a);
    case TESSERA_COMPUTE_PACK_L1_ACC:
      compute->pack_l1_accumulate = a[0] != 0;
      return ok_status();
    case TESSERA_COMPUTE_RAND_INIT:
      compute->rand_state = a[0];
      return ok_status();
    case TESSERA_COMPUTE_RAND_TILE:
      return rand_tile(*compute, a);
    case TESSERA_COMPUTE_BINARY_TILES:
      return binary_tiles(state, dst, a[0], TESSERA_BCAST_NONE, {a.args + 1, a.count - 1});
    case TESSERA_COMPUTE_BINARY_BCAST_TILES:
      return binary_tiles(state, dst, a[0], a[1], {a.args + 2, a.count - 2});
    case TESSERA_COMPUTE_MATMUL_TILES:
      return matmul_tiles(state, dst, a);
    case TESSERA_COMPUTE_MATMUL_BLOCK:
      return matmul_block(state, dst, a);
    case TESSERA_COMPUTE_UNARY_TILE:
      return unary_tile(dst, a);
    case TESSERA_COMPUTE_BINARY_DST_TILES:
      return binary_dst_tiles(dst, a);
    case TESSERA_COMPUTE_BINARY_SCALAR_TILE:
      return binary_scalar_tile(dst, a);
    case TESSERA_COMPUTE_COPY_DST_TILE:
      return copy_dst_tile(dst, a);
    case TESSERA_COMPUTE_WHERE_TILE:
      return where_tile(dst, a);
    case TESSERA_COMPUTE_TYPECAST_TILE:
      return typecast_tile(dst, a);
    case TESSERA_COMPUTE_BINARY_DEST_REUSE_TILES:
      return binary_dest_reuse_tiles(state, dst, a);
    case TESSERA_COMPUTE_UNARY_BCAST_TILE:
      return unary_bcast_tile(state, dst, a);
    case TESSERA_COMPUTE_REDUCE_TILE:
      return reduce_tile(state, dst, a);
    case TESSERA_COMPUTE_TRANSPOSE_WH_TILE:
      return transpose_tile(state, dst, a);
    case TESSERA_COMPUTE_TILIZE_BLOCK:
      return tilize_block_op(state, *compute, a);
    case TESSERA_COMPUTE_UNTILIZE_BLOCK:
      return untilize_block_op(state, *compute, a);
    case TESSERA_COMPUTE_PACK_UNTILIZE:
      return pack_untilize_op(state, a);
    case TESSERA_COMPUTE_PACK_UNTILIZE_DEST:
      return pack_untilize_dest_op(state, *compute, a);
    case TESSERA_COMPUTE_TOPK_LOCAL_SORT:
    case TESSERA_COMPUTE_TOPK_MERGE:
    case TESSERA_COMPUTE_TOPK_REBUILD:
      return topk_op(dst, op, a);
    case TESSERA_COMPUTE_SFPU_REDUCE:
      return sfpu_reduce_op(dst, a);
    case TESSERA_COMPUTE_MAX_POOL_WITH_INDICES:
      return max_pool_with_indices_op(dst, a);
  }
  return make_error(ErrorCode::kUnimplemented, "compute operation ", op,
                    " is unknown (kernel built against another API version?)");
}

}  // namespace

void compute(tk_ctx* ctx, uint32_t op, const uint32_t* args, uint32_t arg_count) {
  KernelHostState& state = KernelHostState::of(ctx);
  fail_kernel_if_error(run_compute_op(state, op, {args, arg_count}));
  if (state.timing) time_compute(state, op, args, arg_count);
}

}  // namespace tessera::sim::kernel_host
