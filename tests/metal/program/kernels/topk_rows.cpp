// Top-K of every row, on the schedule TTNN's topk compute kernel follows:
// rows become columns (transpose), pairs of tiles are sorted locally into
// runs of K, then log2(W / K) rounds of merge and rebuild leave the top K
// in the first tile(s), which are transposed back. Values and their
// indices travel together in Dst (values at 0-1, indices at 2-3).
//
// Compile-time args: input, index, input_transposed, index_transposed,
// values and indices CBs, then Ht, Wt, K, log2(K), log2(W / K), largest.
#include <cstdint>

#include "compute_kernel_api.h"
#include "compute_kernel_api/pack.h"
#include "compute_kernel_api/reconfig_data_format.h"
#include "compute_kernel_api/tile_move_copy.h"
#include "compute_kernel_api/transpose_wh.h"

namespace {

constexpr uint32_t cb_in = get_compile_time_arg_val(0);
constexpr uint32_t cb_index = get_compile_time_arg_val(1);
constexpr uint32_t cb_in_t = get_compile_time_arg_val(2);
constexpr uint32_t cb_index_t = get_compile_time_arg_val(3);
constexpr uint32_t cb_values = get_compile_time_arg_val(4);
constexpr uint32_t cb_indices = get_compile_time_arg_val(5);
constexpr uint32_t Ht = get_compile_time_arg_val(6);
constexpr uint32_t Wt = get_compile_time_arg_val(7);
constexpr uint32_t K = get_compile_time_arg_val(8);
constexpr uint32_t logk = get_compile_time_arg_val(9);
constexpr uint32_t logNk = get_compile_time_arg_val(10);
constexpr bool largest = get_compile_time_arg_val(11) != 0;

constexpr uint32_t tiles_per_seq = (K >> 5) + (K % 32);
constexpr bool switch_dir = K == 64;

// Tiles `left` and `right` of the transposed CBs into Dst 0-3 and back, in place.
void load_pair(uint32_t left, uint32_t right, bool one) {
  copy_tile_to_dst_init_short_with_dt(cb_index_t, cb_in_t);
  copy_tile(cb_in_t, left, 0);
  if (!one) copy_tile(cb_in_t, right, 1);
  copy_tile_to_dst_init_short_with_dt(cb_in_t, cb_index_t);
  copy_tile(cb_index_t, left, 2);
  if (!one) copy_tile(cb_index_t, right, 3);
}
void store_pair(uint32_t left, uint32_t right, bool one) {
  pack_reconfig_data_format(cb_in_t);
  pack_tile<true>(0, cb_in_t, left);
  if (!one) pack_tile<true>(1, cb_in_t, right);
  pack_reconfig_data_format(cb_index_t);
  pack_tile<true>(2, cb_index_t, left);
  if (!one) pack_tile<true>(3, cb_index_t, right);
}

// Hands the transposed CBs' pages back to this kernel for the next pass.
void recycle() {
  cb_reserve_back(cb_in_t, Wt);
  cb_reserve_back(cb_index_t, Wt);
  cb_pop_front(cb_in_t, Wt);
  cb_pop_front(cb_index_t, Wt);
  cb_push_back(cb_in_t, Wt);
  cb_push_back(cb_index_t, Wt);
}

void local_sort() {
  bool ascending = !largest;
  cb_reserve_back(cb_in_t, Wt);
  cb_reserve_back(cb_index_t, Wt);
  for (uint32_t wt = 0; wt < Wt; wt += 2) {
    acquire_dst();
    cb_wait_front(cb_in, 2);
    cb_wait_front(cb_index, 2);
    reconfig_data_format_srca(cb_in);
    transpose_wh_init_short(cb_in);
    transpose_wh_tile(cb_in, 0, 0);
    transpose_wh_tile(cb_in, 1, 1);
    reconfig_data_format_srca(cb_index);
    transpose_wh_init_short(cb_index);
    transpose_wh_tile(cb_index, 0, 2);
    transpose_wh_tile(cb_index, 1, 3);
    ckernel::topk_local_sort(0, static_cast<int>(ascending), logk - 1);
    pack_reconfig_data_format(cb_in_t);
    pack_tile(0, cb_in_t);
    pack_tile(1, cb_in_t);
    pack_reconfig_data_format(cb_index_t);
    pack_tile(2, cb_index_t);
    pack_tile(3, cb_index_t);
    cb_pop_front(cb_in, 2);
    cb_pop_front(cb_index, 2);
    release_dst();
    if (switch_dir) ascending = !ascending;
  }
  cb_push_back(cb_in_t, Wt);
  cb_push_back(cb_index_t, Wt);
}

void iteration(uint32_t m_iter, uint32_t& num_sequences, uint32_t& seq_per_2tiles) {
  cb_wait_front(cb_in_t, Wt);
  cb_wait_front(cb_index_t, Wt);
  const uint32_t dist = ((1u << m_iter) * K) >> 5;
  for (uint32_t i = 0; i < num_sequences; i += seq_per_2tiles) {
    for (uint32_t t = 0; t < tiles_per_seq; ++t) {
      const uint32_t left = ((i * (1u << m_iter) * K) >> 5) + t;
      uint32_t right = left + dist;
      if (right == left) right = left + 1;
      if (left >= Wt || right >= Wt) break;
      acquire_dst();
      load_pair(left, right, false);
      if (largest) {
        ckernel::topk_merge<false>(0, m_iter, K);
      } else {
        ckernel::topk_merge<true>(0, m_iter, K);
      }
      store_pair(left, right, false);
      release_dst();
    }
  }
  recycle();

  num_sequences >>= 1;
  const uint32_t target = (Wt == 1 || (num_sequences == 1 && tiles_per_seq == 1)) ? 1 : 2;
  seq_per_2tiles = seq_per_2tiles == 2 ? 2 : seq_per_2tiles >> 1;
  bool ascending = !largest;
  uint32_t selected[2] = {0, 0};
  uint32_t count = 0;
  cb_wait_front(cb_in_t, Wt);
  cb_wait_front(cb_index_t, Wt);
  for (uint32_t idx = 0; idx < num_sequences; idx += seq_per_2tiles >> 1) {
    for (uint32_t t = 0; t < tiles_per_seq; ++t) {
      const uint32_t left = ((idx * (1u << (m_iter + 1)) * K) >> 5) + t;
      if (left >= Wt) break;
      selected[count++] = left;
      if (count == target) {
        acquire_dst();
        load_pair(selected[0], selected[1], target == 1);
        ckernel::topk_rebuild(0, ascending, m_iter, K, logk, target == 1);
        store_pair(selected[0], selected[1], target == 1);
        release_dst();
        count = 0;
        if (switch_dir) ascending = !ascending;
      }
    }
  }
  recycle();
}

void transpose_out(uint32_t cb_from, uint32_t cb_to) {
  constexpr uint32_t Kt = K % 32 == 0 ? K / 32 : K / 32 + 1;
  reconfig_data_format_srca(cb_from);
  transpose_wh_init_short(cb_from);
  pack_reconfig_data_format(cb_to);
  cb_wait_front(cb_from, Wt);
  for (uint32_t i = 0; i < Kt; ++i) {
    acquire_dst();
    cb_reserve_back(cb_to, 1);
    transpose_wh_tile(cb_from, i, 0);
    pack_tile(0, cb_to);
    cb_push_back(cb_to, 1);
    release_dst();
  }
  cb_pop_front(cb_from, Wt);
}

}  // namespace

namespace NAMESPACE {
void MAIN {
  ckernel::topk_tile_init();
  transpose_wh_init(cb_in, cb_in_t);
  for (uint32_t ht = 0; ht < Ht; ++ht) {
    local_sort();
    uint32_t num_sequences = Wt * 32 / K;
    uint32_t seq_per_2tiles = (2 * 32) / K > 2 ? (2 * 32) / K : 2;
    for (uint32_t m_iter = 0; m_iter < logNk; ++m_iter) {
      iteration(m_iter, num_sequences, seq_per_2tiles);
    }
    transpose_out(cb_in_t, cb_values);
    transpose_out(cb_index_t, cb_indices);
  }
}
}  // namespace NAMESPACE
