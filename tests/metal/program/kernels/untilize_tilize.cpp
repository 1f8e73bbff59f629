// Each of `count` tiles: CB 0 -> untilize_block -> 32 row-major rows in
// CB 1 -> tilize_block -> CB 16. With UNTILIZE_ONLY defined the rows go
// straight to CB 16 instead.
#include "api/compute/cb_api.h"
#include "api/compute/tilize.h"
#include "api/compute/untilize.h"

void kernel_main() {
  const uint32_t count = get_arg_val<uint32_t>(0);
#ifdef UNTILIZE_ONLY
  constexpr uint32_t rows = 16;
#else
  constexpr uint32_t rows = 1;
#endif
  untilize_init(0, rows);
  for (uint32_t i = 0; i < count; ++i) {
    cb_wait_front(0, 1);
    cb_reserve_back(rows, 1);
    untilize_block(0, 1, rows);
    cb_push_back(rows, 1);
    cb_pop_front(0, 1);
#ifndef UNTILIZE_ONLY
    cb_wait_front(1, 1);
    cb_reserve_back(16, 1);
    tilize_block(1, 1, 16);
    cb_push_back(16, 1);
    cb_pop_front(1, 1);
#endif
  }
}
