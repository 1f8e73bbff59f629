// Endpoints of the object NoC API that name memory directly: another
// core's L1 ({.noc_x, .noc_y, .addr}) and a multicast rectangle of cores.
#pragma once

#include "experimental/noc.h"

namespace experimental {

struct UnicastEndpoint {};
struct MulticastEndpoint {};

template <>
struct noc_traits_t<UnicastEndpoint> {
  struct src_args_type {
    uint32_t noc_x{};
    uint32_t noc_y{};
    uint32_t addr{};
  };
  using dst_args_type = src_args_type;
  template <Noc::AddressType address_type>
  static uint64_t src_addr(const UnicastEndpoint&, const Noc& noc, const src_args_type& args) {
    if constexpr (address_type == Noc::AddressType::LOCAL_L1) {
      return args.addr;
    } else {
      return get_noc_addr(args.noc_x, args.noc_y, args.addr, noc.get_noc_id());
    }
  }
  template <Noc::AddressType address_type>
  static uint64_t dst_addr(const UnicastEndpoint& endpoint, const Noc& noc,
                           const dst_args_type& args) {
    return src_addr<address_type>(endpoint, noc, args);
  }
};

template <>
struct noc_traits_t<MulticastEndpoint> {
  struct dst_args_mcast_type {
    uint32_t noc_x_start{};
    uint32_t noc_y_start{};
    uint32_t noc_x_end{};
    uint32_t noc_y_end{};
    uint32_t addr{};
  };
  template <Noc::AddressType address_type>
  static uint64_t dst_addr_mcast(const MulticastEndpoint&, const Noc& noc,
                                 const dst_args_mcast_type& args) {
    return get_noc_multicast_addr(args.noc_x_start, args.noc_y_start, args.noc_x_end,
                                  args.noc_y_end, args.addr, noc.get_noc_id());
  }
};

}  // namespace experimental

using experimental::MulticastEndpoint;
using experimental::UnicastEndpoint;
