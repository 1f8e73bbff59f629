// NoC addressing and transfers. Addresses encode the target core's NoC
// coordinates (TESSERA_NOC_XY_ADDR); every transfer is checked by the host.
#pragma once

#include "api/kernel_args.h"
#include "tessera_kernel_runtime.h"

FORCE_INLINE uint64_t get_noc_addr(uint32_t noc_x, uint32_t noc_y, uint32_t addr,
                                   uint8_t noc = noc_index) {
  (void)noc;
  return TESSERA_NOC_XY_ADDR(noc_x, noc_y, addr);
}

// This core's own L1 address as a NoC address.
FORCE_INLINE uint64_t get_noc_addr(uint32_t addr, uint8_t noc = noc_index) {
  const tessera_kernel_context* context = tessera_kernel::ctx();
  return TESSERA_NOC_XY_ADDR(context->noc_x[noc], context->noc_y[noc], addr);
}

FORCE_INLINE uint64_t get_noc_multicast_addr(uint32_t noc_x_start, uint32_t noc_y_start,
                                             uint32_t noc_x_end, uint32_t noc_y_end, uint32_t addr,
                                             uint8_t noc = noc_index) {
  (void)noc;
  return TESSERA_NOC_MULTICAST_ADDR(noc_x_start, noc_y_start, noc_x_end, noc_y_end, addr);
}

template <bool DRAM>
FORCE_INLINE uint64_t get_noc_addr_from_bank_id(uint32_t bank_id, uint32_t bank_address_offset,
                                                uint8_t noc = noc_index) {
  return tessera_kernel::host()->bank_noc_addr(tessera_kernel::ctx(), DRAM ? 1 : 0, bank_id,
                                               bank_address_offset, noc);
}

FORCE_INLINE void noc_async_read(uint64_t src_noc_addr, uint32_t dst_local_l1_addr, uint32_t size,
                                 uint8_t noc = noc_index) {
  tessera_kernel::host()->noc_read(tessera_kernel::ctx(), src_noc_addr, dst_local_l1_addr, size,
                                   noc);
}

FORCE_INLINE void noc_async_write(uint32_t src_local_l1_addr, uint64_t dst_noc_addr, uint32_t size,
                                  uint8_t noc = noc_index) {
  tessera_kernel::host()->noc_write(tessera_kernel::ctx(), src_local_l1_addr, dst_noc_addr, size,
                                    noc);
}

FORCE_INLINE void noc_async_write_multicast(uint32_t src_local_l1_addr,
                                            uint64_t dst_noc_addr_multicast, uint32_t size,
                                            uint32_t num_dests, bool linked = false,
                                            bool multicast_path_reserve = true,
                                            uint8_t noc = noc_index) {
  tessera_kernel::host()->noc_write_multicast(
      tessera_kernel::ctx(), src_local_l1_addr, dst_noc_addr_multicast, size, num_dests,
      tessera_kernel::multicast_mode(linked, multicast_path_reserve), 0, noc);
}

FORCE_INLINE void noc_async_write_multicast_loopback_src(
    uint32_t src_local_l1_addr, uint64_t dst_noc_addr_multicast, uint32_t size, uint32_t num_dests,
    bool linked = false, bool multicast_path_reserve = true, uint8_t noc = noc_index) {
  tessera_kernel::host()->noc_write_multicast(
      tessera_kernel::ctx(), src_local_l1_addr, dst_noc_addr_multicast, size, num_dests,
      tessera_kernel::multicast_mode(linked, multicast_path_reserve), 1, noc);
}

FORCE_INLINE void noc_inline_dw_write(uint64_t addr, uint32_t val, uint8_t be = 0xF,
                                      uint8_t noc = noc_index) {
  tessera_kernel::host()->noc_inline_write(tessera_kernel::ctx(), addr, val, be, noc);
}

FORCE_INLINE void noc_async_read_barrier(uint8_t noc = noc_index) {
  tessera_kernel::host()->noc_read_barrier(tessera_kernel::ctx(), noc);
}
FORCE_INLINE void noc_async_write_barrier(uint8_t noc = noc_index) {
  tessera_kernel::host()->noc_write_barrier(tessera_kernel::ctx(), noc);
}
FORCE_INLINE void noc_async_writes_flushed(uint8_t noc = noc_index) {
  tessera_kernel::host()->noc_writes_flushed(tessera_kernel::ctx(), noc);
}
FORCE_INLINE void noc_async_atomic_barrier(uint8_t noc = noc_index) {
  tessera_kernel::host()->noc_write_barrier(tessera_kernel::ctx(), noc);
}
FORCE_INLINE void noc_async_full_barrier(uint8_t noc = noc_index) {
  noc_async_read_barrier(noc);
  noc_async_write_barrier(noc);
}

// Single-packet forms: the same transfers, sizes up to one NoC packet on
// the device (any size here).
FORCE_INLINE void noc_async_read_one_packet(uint64_t src_noc_addr, uint32_t dst_local_l1_addr,
                                            uint32_t size, uint8_t noc = noc_index) {
  noc_async_read(src_noc_addr, dst_local_l1_addr, size, noc);
}
FORCE_INLINE void noc_async_write_one_packet(uint32_t src_local_l1_addr, uint64_t dst_noc_addr,
                                             uint32_t size, uint8_t noc = noc_index) {
  noc_async_write(src_local_l1_addr, dst_noc_addr, size, noc);
}

// Stateful reads: set_state fixes the source core and size, then each
// with_state read names only the source's local address.
template <bool use_vc = false>
FORCE_INLINE void noc_async_read_one_packet_set_state(uint64_t src_noc_addr, uint32_t size,
                                                      const uint32_t vc = 0,
                                                      uint8_t noc = noc_index) {
  (void)vc;
  tessera_kernel_context* context = tessera_kernel::ctx();
  context->noc_read_state_addr[noc & 1u] = src_noc_addr;
  context->noc_read_state_size[noc & 1u] = size;
}
template <bool inc_num_issued = true, bool use_vc = false>
FORCE_INLINE void noc_async_read_one_packet_with_state(uint32_t src_local_l1_addr,
                                                       uint32_t dst_local_l1_addr,
                                                       const uint32_t vc = 0,
                                                       uint8_t noc = noc_index) {
  (void)vc;
  const tessera_kernel_context* context = tessera_kernel::ctx();
  const uint64_t core = context->noc_read_state_addr[noc & 1u] & ~uint64_t{0xffffffffu};
  noc_async_read(core | src_local_l1_addr, dst_local_l1_addr,
                 context->noc_read_state_size[noc & 1u], noc);
}
