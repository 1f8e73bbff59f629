// out = ELTWISE_OP(a, b) tile by tile: CB 0 and CB 1 in, CB 16 out, up to
// BLOCK (compile-time arg 0) tiles per Dst acquire. ELTWISE_OP is add_tiles,
// sub_tiles or mul_tiles (a define), ELTWISE_OP_INIT its init.
#include "api/compute/cb_api.h"
#include "api/compute/eltwise_binary.h"
#include "api/compute/pack.h"
#include "api/compute/reg_api.h"

void kernel_main() {
  const uint32_t count = get_arg_val<uint32_t>(0);
  constexpr uint32_t block = get_compile_time_arg_val(0);
  binary_op_init_common(0, 1, 16);
  ELTWISE_OP_INIT(0, 1);
  for (uint32_t done = 0; done < count;) {
    const uint32_t n = count - done < block ? count - done : block;
    cb_wait_front(0, n);
    cb_wait_front(1, n);
    tile_regs_acquire();
    for (uint32_t i = 0; i < n; ++i) ELTWISE_OP(0, 1, i, i, i);
    tile_regs_commit();
    tile_regs_wait();
    cb_reserve_back(16, n);
    for (uint32_t i = 0; i < n; ++i) pack_tile(i, 16);
    cb_push_back(16, n);
    tile_regs_release();
    cb_pop_front(0, n);
    cb_pop_front(1, n);
    done += n;
  }
}
