// DataflowBuffer: tt-metal's newer name for a circular buffer seen as an
// object (the dataflow buffer of a logical id). On Wormhole and Blackhole it
// is the CB of that index: the cb_* calls as methods, its pointers and
// sizes, scoped locks over entries and, in data-movement kernels, an
// endpoint of the object NoC API ({.offset_bytes} from the read pointer as
// a source, the write pointer as a destination).
#pragma once

#include "api/circular_buffer.h"
#ifndef COMPILE_FOR_TRISC
#include "api/core_local_mem.h"
#include "experimental/noc.h"
#endif

class DataflowBuffer {
 public:
  // Implicit, as kernels pass CB ids where a DataflowBuffer goes.
  DataflowBuffer(uint16_t logical_dfb_id) : id_(logical_dfb_id) {}

  uint16_t get_id() const { return id_; }
  uint32_t get_entry_size() const { return interface().fifo_page_size; }
  uint32_t get_stride_size() const { return get_entry_size(); }
  uint32_t get_total_num_entries() const { return interface().fifo_num_pages; }
  uint32_t get_total_size_bytes() const { return interface().fifo_size; }
  // One tile counter per buffer here: the local and ring-span views are the whole buffer.
  uint32_t get_local_num_entries() const { return get_total_num_entries(); }
  uint32_t get_local_size_bytes() const { return get_total_size_bytes(); }
  uint32_t get_ring_span_bytes() const { return get_total_size_bytes(); }
  uint32_t get_ring_span_num_entries() const { return get_total_num_entries(); }
  uint32_t get_tile_size() const { return get_entry_size(); }

  void reserve_back(uint16_t num_entries) { cb_reserve_back(id_, num_entries); }
  void push_back(uint16_t num_entries) { cb_push_back(id_, num_entries); }
  void wait_front(uint16_t num_entries) { cb_wait_front(id_, num_entries); }
  void pop_front(uint16_t num_entries) { cb_pop_front(id_, num_entries); }
  bool pages_reservable_at_back(int32_t num_pages) const {
    return cb_pages_reservable_at_back(id_, num_pages);
  }
  bool pages_available_at_front(int32_t num_pages) const {
    return cb_pages_available_at_front(id_, num_pages);
  }

  uint32_t get_write_ptr() const { return interface().fifo_wr_ptr; }
  uint32_t get_read_ptr() const { return interface().fifo_rd_ptr; }
  // Moves a pointer by hand, as tt-metal allows on Wormhole and Blackhole.
  void evil_set_write_ptr(uint32_t addr) { interface().fifo_wr_ptr = addr; }
  void evil_set_read_ptr(uint32_t addr) { interface().fifo_rd_ptr = addr; }
  // Nothing to drain: transfers land by their barriers.
  void finish() {}
#ifndef COMPILE_FOR_TRISC
  void write_barrier(const experimental::Noc& noc) const {
    noc.async_write_barrier();
  }
  DataFormat get_dataformat() const {
    return ::get_dataformat(static_cast<int32_t>(id_));
  }

  // The entries at the write (read) pointer as CoreLocalMem while the lock lives.
  template <bool IsWrite>
  class ScopedLock {
   public:
    explicit ScopedLock(uint32_t address) : address_(address) {}
    ScopedLock(const ScopedLock&) = delete;
    ScopedLock& operator=(const ScopedLock&) = delete;
    template <typename T = uint32_t>
    experimental::CoreLocalMem<T> get_ptr() const {
      return experimental::CoreLocalMem<T>(address_);
    }

   private:
    uint32_t address_;
  };
  [[nodiscard]] ScopedLock<true> scoped_write_lock(uint16_t num_entries = 1) {
    (void)num_entries;
    return ScopedLock<true>(get_write_ptr());
  }
  [[nodiscard]] ScopedLock<false> scoped_read_lock(uint16_t num_entries = 1) {
    (void)num_entries;
    return ScopedLock<false>(get_read_ptr());
  }
#endif

 private:
  tessera_cb_interface& interface() const {
    return tessera_kernel::cb_interface(id_);
  }

  uint16_t id_;
};

#ifndef COMPILE_FOR_TRISC
namespace experimental {

template <>
struct noc_traits_t<DataflowBuffer> {
  using src_args_type = DataflowBufferArgs;
  using dst_args_type = DataflowBufferArgs;
  struct dst_args_mcast_type {
    uint32_t noc_x_start{};
    uint32_t noc_y_start{};
    uint32_t noc_x_end{};
    uint32_t noc_y_end{};
    uint32_t offset_bytes{};
  };
  template <Noc::AddressType address_type>
  static uint64_t src_addr(const DataflowBuffer& src, const Noc& noc, const src_args_type& args) {
    if constexpr (address_type == Noc::AddressType::LOCAL_L1) {
      return src.get_read_ptr() + args.offset_bytes;
    } else {
      return get_noc_addr(src.get_read_ptr() + args.offset_bytes, noc.get_noc_id());
    }
  }
  template <Noc::AddressType address_type>
  static uint64_t dst_addr(const DataflowBuffer& dst, const Noc& noc, const dst_args_type& args) {
    if constexpr (address_type == Noc::AddressType::LOCAL_L1) {
      return dst.get_write_ptr() + args.offset_bytes;
    } else {
      return get_noc_addr(dst.get_write_ptr() + args.offset_bytes, noc.get_noc_id());
    }
  }
  template <Noc::AddressType address_type>
  static uint64_t dst_addr_mcast(const DataflowBuffer& dst, const Noc& noc,
                                 const dst_args_mcast_type& args) {
    return get_noc_multicast_addr(args.noc_x_start, args.noc_y_start, args.noc_x_end,
                                  args.noc_y_end, dst.get_write_ptr() + args.offset_bytes,
                                  noc.get_noc_id());
  }
};

}  // namespace experimental
#endif
