// The cycles of a compute API call per TRISC stage: unpack, math, pack (the
// replay pipelines the three, timing_replay.h). Unpack and pack move a
// tile's bytes (its CB's page size, so the data format counts) through L1:
// one unpacker per operand, each at l1_bytes_per_cycle, both together at
// unpack_both_bytes_per_cycle; math costs come from the arch's tile op
// cycles, scaled by fidelity phases where the matrix engine uses them.
// Packing onto L1 (pack_reconfig_l1_acc) runs at
// pack_accumulate_bytes_per_cycle.
#include <algorithm>

#include "tessera/sim/compute/binary_op.h"
#include "tessera/sim/timing/unpack_cost.h"
#include "timing_hooks.h"

namespace tessera::sim::kernel_host {

namespace {

struct Cost {
  uint64_t unpack = 0;
  uint64_t math = 0;
  uint64_t pack = 0;
};

class ComputeCoster {
 public:
  ComputeCoster(const KernelHostState& state, const timing::TimingParams& params)
      : state_(state), params_(params) {}

  // Bytes of `tiles` pages of CB `cb`.
  uint64_t bytes(uint32_t cb, uint64_t tiles) const {
    uint32_t page = cb < TESSERA_NUM_CIRCULAR_BUFFERS ? state_.cbs[cb].fifo_page_size : 0;
    if (page == 0) page = 2048;  // a bfloat16 tile
    return tiles * page;
  }
  static uint64_t ceil_div(uint64_t a, uint64_t b) { return (a + b - 1) / b; }
  // One unpacker (or the packers) moving `tiles` pages of CB `cb`.
  uint64_t move_cycles(uint32_t cb, uint64_t tiles) const {
    return ceil_div(bytes(cb, tiles), params_.l1_bytes_per_cycle);
  }
  // Both unpackers, one per operand (timing/unpack_cost.h).
  uint64_t unpack_two(uint32_t cb_a, uint64_t tiles_a, uint32_t cb_b, uint64_t tiles_b) const {
    return timing::unpack_cycles(params_, bytes(cb_a, tiles_a), bytes(cb_b, tiles_b));
  }
  uint64_t phases() const { return std::clamp<uint32_t>(state_.timing->fidelity_phases, 1, 4); }
  uint64_t matmul(uint64_t tiles) const {
    return tiles * params_.matmul_tile_cycles_by_fidelity[phases() - 1];
  }
  uint64_t eltwise(uint32_t kind) const {
    const bool multiply = kind == static_cast<uint32_t>(compute::BinaryOp::kMul);
    return params_.eltwise_tile_cycles * (multiply ? phases() : 1);
  }

  Cost of(uint32_t op, const uint32_t* a, uint32_t count) const {
    auto arg = [&](uint32_t i) { return i < count ? a[i] : 0u; };
    switch (op) {
      case TESSERA_COMPUTE_COPY_TILE:
        return {move_cycles(arg(0), 1), params_.eltwise_tile_cycles, 0};
      case TESSERA_COMPUTE_PACK_TILE:
        // Adding onto what L1 holds reads it back: the packers go slower.
        if (state_.compute && state_.compute->pack_l1_accumulate) {
          return {0, 0, ceil_div(bytes(arg(1), 1), params_.pack_accumulate_bytes_per_cycle)};
        }
        return {0, 0, move_cycles(arg(1), 1)};
      case TESSERA_COMPUTE_BINARY_TILES:
        return {unpack_two(arg(1), 1, arg(2), 1), eltwise(arg(0)), 0};
      case TESSERA_COMPUTE_BINARY_BCAST_TILES:
        return {unpack_two(arg(2), 1, arg(3), 1), eltwise(arg(0)), 0};
      case TESSERA_COMPUTE_BINARY_DEST_REUSE_TILES:
        return {move_cycles(arg(2), 1), eltwise(arg(0)), 0};
      case TESSERA_COMPUTE_MATMUL_TILES:
        return {unpack_two(arg(0), 1, arg(1), 1), matmul(1), 0};
      case TESSERA_COMPUTE_MATMUL_BLOCK: {
        const uint64_t rt = arg(7), ct = arg(6);
        return {unpack_two(arg(0), rt, arg(1), ct), matmul(rt * ct), 0};
      }
      case TESSERA_COMPUTE_REDUCE_TILE:
        return {move_cycles(arg(2), 1), params_.reduce_tile_cycles * phases(), 0};
      case TESSERA_COMPUTE_TRANSPOSE_WH_TILE:
      case TESSERA_COMPUTE_UNARY_BCAST_TILE:
        return {move_cycles(arg(op == TESSERA_COMPUTE_TRANSPOSE_WH_TILE ? 0 : 1), 1),
                params_.eltwise_tile_cycles, 0};
      case TESSERA_COMPUTE_TILIZE_BLOCK:
      case TESSERA_COMPUTE_UNTILIZE_BLOCK:
        return {move_cycles(arg(0), arg(1)), params_.eltwise_tile_cycles * uint64_t{arg(1)},
                move_cycles(arg(2), arg(1))};
      case TESSERA_COMPUTE_PACK_UNTILIZE:
        return {0, 0, move_cycles(arg(5), arg(2))};
      case TESSERA_COMPUTE_PACK_UNTILIZE_DEST:
        return {0, 0, move_cycles(arg(4), uint64_t{arg(1)} * std::max<uint32_t>(arg(5), 1))};
      case TESSERA_COMPUTE_UNARY_TILE:
      case TESSERA_COMPUTE_BINARY_DST_TILES:
      case TESSERA_COMPUTE_BINARY_SCALAR_TILE:
      case TESSERA_COMPUTE_WHERE_TILE:
      case TESSERA_COMPUTE_TYPECAST_TILE:
      case TESSERA_COMPUTE_RAND_TILE:
      case TESSERA_COMPUTE_COPY_DST_TILE:
      case TESSERA_COMPUTE_SFPU_REDUCE:
      case TESSERA_COMPUTE_MAX_POOL_WITH_INDICES:
      case TESSERA_COMPUTE_TOPK_LOCAL_SORT:
      case TESSERA_COMPUTE_TOPK_MERGE:
      case TESSERA_COMPUTE_TOPK_REBUILD:
        return {0, params_.sfpu_tile_cycles, 0};
      default:
        return {};  // inits and Dst hand-overs: configuration, no tile work
    }
  }

 private:
  const KernelHostState& state_;
  const timing::TimingParams& params_;
};

}  // namespace

void time_compute(KernelHostState& state, uint32_t op, const uint32_t* args, uint32_t count) {
  const Cost cost = ComputeCoster(state, *state.timing_params).of(op, args, count);
  state.timing->math_cycles += cost.math;
  state.timing->compute_stages(static_cast<uint32_t>(cost.unpack), cost.math,
                               static_cast<uint32_t>(cost.pack));
}

}  // namespace tessera::sim::kernel_host
