// CoreLocalMem<T>: a typed view of this core's L1 at an address, and a NoC
// endpoint ({.offset_bytes}) for the object NoC API.
#pragma once

#include "experimental/noc.h"

namespace experimental {

template <typename T>
class CoreLocalMem {
 public:
  explicit CoreLocalMem(uint32_t address) : address_(address) {}

  uint32_t get_address() const { return address_; }
  volatile T* get_unsafe_ptr() const { return reinterpret_cast<volatile T*>(address_); }
  volatile T& operator[](uint32_t index) const { return get_unsafe_ptr()[index]; }

 private:
  uint32_t address_;
};

template <typename T>
struct noc_traits_t<CoreLocalMem<T>> {
  struct src_args_type {
    uint32_t offset_bytes{};
  };
  using dst_args_type = src_args_type;
  template <Noc::AddressType address_type>
  static uint64_t src_addr(const CoreLocalMem<T>& mem, const Noc& noc, const src_args_type& args) {
    if constexpr (address_type == Noc::AddressType::LOCAL_L1) {
      return mem.get_address() + args.offset_bytes;
    } else {
      return get_noc_addr(mem.get_address() + args.offset_bytes, noc.get_noc_id());
    }
  }
  template <Noc::AddressType address_type>
  static uint64_t dst_addr(const CoreLocalMem<T>& mem, const Noc& noc, const dst_args_type& args) {
    return src_addr<address_type>(mem, noc, args);
  }
};

}  // namespace experimental

using experimental::CoreLocalMem;
