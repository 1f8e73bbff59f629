// The host table's entries, one file per device mechanism
// (cb_callbacks.cc, noc_callbacks.cc, semaphore_callbacks.cc,
// bank_address_callbacks.cc, compute_callbacks.cc, profiler_callbacks.cc).
#pragma once

#include <cstdint>

#include "tessera/sim/jit/kernel_abi.h"

namespace tessera::sim::kernel_host {

void cb_reserve_back(tk_ctx* ctx, int32_t cb, int32_t pages);
void cb_push_back(tk_ctx* ctx, int32_t cb, int32_t pages);
void cb_wait_front(tk_ctx* ctx, int32_t cb, int32_t pages);
void cb_pop_front(tk_ctx* ctx, int32_t cb, int32_t pages);
int cb_pages_reservable_at_back(tk_ctx* ctx, int32_t cb, int32_t pages);
int cb_pages_available_at_front(tk_ctx* ctx, int32_t cb, int32_t pages);

void noc_read(tk_ctx* ctx, uint64_t src_noc_addr, uint32_t dst_l1, uint32_t size, uint8_t noc);
void noc_write(tk_ctx* ctx, uint32_t src_l1, uint64_t dst_noc_addr, uint32_t size, uint8_t noc);
void noc_write_multicast(tk_ctx* ctx, uint32_t src_l1, uint64_t dst_mcast_addr, uint32_t size,
                         uint32_t num_dests, int linked, int loopback, uint8_t noc);
void noc_inline_write(tk_ctx* ctx, uint64_t dst_noc_addr, uint32_t value, uint8_t byte_enable,
                      uint8_t noc);
void noc_barrier(tk_ctx* ctx, uint8_t noc);

uint32_t worker_noc_coordinate(tk_ctx* ctx, uint32_t logical, int is_row);

uint32_t get_semaphore(tk_ctx* ctx, uint32_t semaphore_id);
void semaphore_set(tk_ctx* ctx, uint32_t l1_addr, uint32_t value);
void semaphore_wait(tk_ctx* ctx, uint32_t l1_addr, uint32_t value, int at_least);
void noc_semaphore_inc(tk_ctx* ctx, uint64_t noc_addr, uint32_t increment, uint8_t noc);
void noc_semaphore_set_multicast(tk_ctx* ctx, uint32_t src_l1, uint64_t dst_mcast_addr,
                                 uint32_t num_dests, int linked, int loopback, uint8_t noc);

uint64_t bank_noc_addr(tk_ctx* ctx, int is_dram, uint32_t bank_id, uint32_t offset, uint8_t noc);
uint64_t interleaved_page_noc_addr(tk_ctx* ctx, int is_dram, uint32_t base_addr, uint32_t page_size,
                                   uint32_t page_id, uint32_t offset, uint8_t noc);

void compute(tk_ctx* ctx, uint32_t op, const uint32_t* args, uint32_t arg_count);

void profiler_zone(tk_ctx* ctx, const char* name, int begin);

}  // namespace tessera::sim::kernel_host
