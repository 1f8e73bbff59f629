// Every reduce_tile function x dimension over the two tiles in CB 0, each
// into one Dst tile packed to CB 16 in the order SUM, AVG, MAX x ROW, COL,
// SCALAR. Scaler tiles in CB 2: tile 0 for SUM and MAX, tile 1 for AVG.
#include "api/compute/cb_api.h"
#include "api/compute/pack.h"
#include "api/compute/reduce.h"
#include "api/compute/reg_api.h"

template <PoolType type, ReduceDim dim>
void reduce_two_tiles(uint32_t scaler_tile) {
  tile_regs_acquire();
  reduce_init<type, dim>(0, 2, 16);
  reduce_tile<type, dim>(0, 2, 0, scaler_tile, 0);
  reduce_tile<type, dim>(0, 2, 1, scaler_tile, 0);
  reduce_uninit();
  tile_regs_commit();
  tile_regs_wait();
  cb_reserve_back(16, 1);
  pack_tile(0, 16);
  cb_push_back(16, 1);
  tile_regs_release();
}

template <PoolType type>
void reduce_every_dim(uint32_t scaler_tile) {
  reduce_two_tiles<type, ReduceDim::REDUCE_ROW>(scaler_tile);
  reduce_two_tiles<type, ReduceDim::REDUCE_COL>(scaler_tile);
  reduce_two_tiles<type, ReduceDim::REDUCE_SCALAR>(scaler_tile);
}

void kernel_main() {
  cb_wait_front(0, 2);
  cb_wait_front(2, 2);
  reduce_every_dim<PoolType::SUM>(0);
  reduce_every_dim<PoolType::AVG>(1);
  reduce_every_dim<PoolType::MAX>(0);
  cb_pop_front(0, 2);
  cb_pop_front(2, 2);
}
