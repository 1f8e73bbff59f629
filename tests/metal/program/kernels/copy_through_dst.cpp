// Each of `count` tiles: CB 0 -> unpack into Dst (copy_tile) -> pack to
// CB 16. With equal CB formats the bytes must come out unchanged.
#include "api/compute/cb_api.h"
#include "api/compute/pack.h"
#include "api/compute/reg_api.h"
#include "api/compute/tile_move_copy.h"

void kernel_main() {
  const uint32_t count = get_arg_val<uint32_t>(0);
  copy_tile_init(0);
  for (uint32_t i = 0; i < count; ++i) {
    cb_wait_front(0, 1);
    tile_regs_acquire();
    copy_tile(0, 0, 0);
    tile_regs_commit();
    tile_regs_wait();
    cb_reserve_back(16, 1);
    pack_tile(0, 16);
    cb_push_back(16, 1);
    tile_regs_release();
    cb_pop_front(0, 1);
  }
}
