// Address generators for interleaved (banked) buffers: page id -> NoC
// address of the bank holding it. The bank mapping is the device's, so the
// host computes it.
#pragma once

#include "api/circular_buffer.h"
#include "api/data_format.h"
#include "api/dataflow/noc.h"

// The data format of each CB as configured for this kernel's cores.
FORCE_INLINE DataFormat get_dataformat(int32_t cb_id) {
  return tessera_kernel::cb_data_format(cb_id);
}

template <bool DRAM>
struct InterleavedAddrGen {
  uint32_t bank_base_address;
  uint32_t page_size;

  FORCE_INLINE uint64_t get_noc_addr(uint32_t id, uint32_t offset = 0,
                                     uint8_t noc = noc_index) const {
    return tessera_kernel::host()->interleaved_page_noc_addr(
        tessera_kernel::ctx(), DRAM ? 1 : 0, bank_base_address, page_size, id, offset, noc);
  }
};

template <bool DRAM>
struct InterleavedPow2AddrGen {
  uint32_t bank_base_address;
  uint32_t log_base_2_of_page_size;

  FORCE_INLINE uint64_t get_noc_addr(uint32_t id, uint32_t offset = 0,
                                     uint8_t noc = noc_index) const {
    return tessera_kernel::host()->interleaved_page_noc_addr(
        tessera_kernel::ctx(), DRAM ? 1 : 0, bank_base_address, 1u << log_base_2_of_page_size, id,
        offset, noc);
  }
};

template <bool DRAM, uint32_t TileSize = 0>
struct InterleavedAddrGenFast {
  uint32_t bank_base_address;
  uint32_t page_size;
  DataFormat data_format;

  FORCE_INLINE uint64_t get_noc_addr(uint32_t id, uint32_t offset = 0,
                                     uint8_t noc = noc_index) const {
    return tessera_kernel::host()->interleaved_page_noc_addr(
        tessera_kernel::ctx(), DRAM ? 1 : 0, bank_base_address, page_size, id, offset, noc);
  }
  FORCE_INLINE void noc_async_read_tile(uint32_t id, uint32_t dest_addr, uint32_t offset = 0,
                                        uint8_t noc = noc_index) const {
    noc_async_read(get_noc_addr(id, offset, noc), dest_addr, page_size, noc);
  }
  FORCE_INLINE void noc_async_write_tile(uint32_t id, uint32_t src_addr,
                                         uint8_t noc = noc_index) const {
    noc_async_write(src_addr, get_noc_addr(id, 0, noc), page_size, noc);
  }
};

template <typename AddrGen>
requires __is_class(AddrGen) FORCE_INLINE uint64_t
    get_noc_addr(uint32_t id, const AddrGen& s, uint32_t offset = 0, uint8_t noc = noc_index) {
  return s.get_noc_addr(id, offset, noc);
}

// Tile transfers through any generator with a page_size (InterleavedAddrGen,
// InterleavedAddrGenFast, TensorAccessor).
template <typename AddrGen>
requires __is_class(AddrGen) FORCE_INLINE
    void noc_async_read_tile(uint32_t id, const AddrGen& s, uint32_t dst_local_l1_addr,
                             uint32_t offset = 0, uint8_t noc = noc_index) {
  noc_async_read(s.get_noc_addr(id, offset, noc), dst_local_l1_addr, s.page_size, noc);
}

template <typename AddrGen>
requires __is_class(AddrGen) FORCE_INLINE
    void noc_async_write_tile(uint32_t id, const AddrGen& s, uint32_t src_local_l1_addr,
                              uint8_t noc = noc_index) {
  noc_async_write(src_local_l1_addr, s.get_noc_addr(id, 0, noc), s.page_size, noc);
}

template <typename AddrGen>
requires __is_class(AddrGen) FORCE_INLINE
    void noc_async_read_page(uint32_t id, const AddrGen& s, uint32_t dst_local_l1_addr,
                             uint32_t offset = 0, uint8_t noc = noc_index) {
  noc_async_read(s.get_noc_addr(id, offset, noc), dst_local_l1_addr, s.page_size, noc);
}

template <typename AddrGen>
requires __is_class(AddrGen) FORCE_INLINE
    void noc_async_write_page(uint32_t id, const AddrGen& s, uint32_t src_local_l1_addr,
                              uint32_t write_size_bytes, uint32_t offset = 0,
                              uint8_t noc = noc_index) {
  noc_async_write(src_local_l1_addr, s.get_noc_addr(id, offset, noc), write_size_bytes, noc);
}

// The whole page.
template <typename AddrGen>
requires __is_class(AddrGen) FORCE_INLINE
    void noc_async_write_page(uint32_t id, const AddrGen& s, uint32_t src_local_l1_addr) {
  noc_async_write(src_local_l1_addr, s.get_noc_addr(id, 0, noc_index), s.page_size, noc_index);
}
