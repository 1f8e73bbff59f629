// Row sums or maxima (REDUCE_OP) of Ht x Wt tiles (compile-time args 0 and
// 1) of CB 0, scaled by CB 2's tile, into CB 16, through a helper header in
// the style of TTNN's kernel_lib. compute_kernel_hw_startup comes without
// its header, as every tt-metal compute header brings it.
#include "kernel_lib/reduce_rows.hpp"

void kernel_main() {
  constexpr uint32_t Ht = get_compile_time_arg_val(0);
  constexpr uint32_t Wt = get_compile_time_arg_val(1);
  static_assert(kernel_lib::kDstTiles == EXPECTED_DST_TILES);
  compute_kernel_hw_startup(0, 2, 16);
  kernel_lib::reduce_rows<REDUCE_OP, 0, 2, 16>(Ht, Wt);
}
