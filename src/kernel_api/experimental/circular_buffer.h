// The circular buffer as an object (tt-metal's experimental::CircularBuffer,
// also spelled CircularBuffer): the cb_* calls as methods, and an endpoint
// of the object NoC API ({.offset_bytes} from the read or write pointer).
#pragma once

#include "api/circular_buffer.h"
#ifndef COMPILE_FOR_TRISC
#include "experimental/endpoints.h"
#endif

namespace experimental {

class CircularBuffer {
 public:
  enum class AddrSelector { WRITE_PTR, READ_PTR };

  explicit CircularBuffer(uint32_t cb_id) : cb_id_(cb_id) {}

  uint32_t get_cb_id() const { return cb_id_; }
  void reserve_back(int32_t num_pages) { cb_reserve_back(cb_id_, num_pages); }
  void push_back(int32_t num_pages) { cb_push_back(cb_id_, num_pages); }
  void wait_front(int32_t num_pages) { cb_wait_front(cb_id_, num_pages); }
  void pop_front(int32_t num_pages) { cb_pop_front(cb_id_, num_pages); }
  bool pages_reservable_at_back(int32_t num_pages) const {
    return cb_pages_reservable_at_back(cb_id_, num_pages);
  }
  bool pages_available_at_front(int32_t num_pages) const {
    return cb_pages_available_at_front(cb_id_, num_pages);
  }
  uint32_t get_write_ptr() const { return ::get_write_ptr(cb_id_); }
  uint32_t get_read_ptr() const { return ::get_read_ptr(cb_id_); }
  uint32_t get_tile_size() const { return ::get_tile_size(cb_id_); }
#ifndef COMPILE_FOR_TRISC
  DataFormat get_dataformat() const {
    return ::get_dataformat(static_cast<int32_t>(cb_id_));
  }
#endif

 private:
  uint32_t cb_id_;
};

#ifndef COMPILE_FOR_TRISC
// As a source the read pointer, as a destination the write pointer.
template <>
struct noc_traits_t<CircularBuffer> {
  struct src_args_type {
    uint32_t offset_bytes{};
  };
  using dst_args_type = src_args_type;
  struct dst_args_mcast_type {
    uint32_t noc_x_start{};
    uint32_t noc_y_start{};
    uint32_t noc_x_end{};
    uint32_t noc_y_end{};
    uint32_t offset_bytes{};
  };
  template <Noc::AddressType address_type>
  static uint64_t src_addr(const CircularBuffer& src, const Noc&, const src_args_type& args) {
    static_assert(address_type == Noc::AddressType::LOCAL_L1,
                  "a CircularBuffer without a multicast range is local L1");
    return src.get_read_ptr() + args.offset_bytes;
  }
  template <Noc::AddressType address_type>
  static uint64_t dst_addr(const CircularBuffer& dst, const Noc&, const dst_args_type& args) {
    static_assert(address_type == Noc::AddressType::LOCAL_L1,
                  "a CircularBuffer without a multicast range is local L1");
    return dst.get_write_ptr() + args.offset_bytes;
  }
  template <Noc::AddressType address_type>
  static uint64_t dst_addr_mcast(const CircularBuffer& dst, const Noc& noc,
                                 const dst_args_mcast_type& args) {
    return get_noc_multicast_addr(args.noc_x_start, args.noc_y_start, args.noc_x_end,
                                  args.noc_y_end, dst.get_write_ptr() + args.offset_bytes,
                                  noc.get_noc_id());
  }
};
#endif

}  // namespace experimental

using experimental::CircularBuffer;
