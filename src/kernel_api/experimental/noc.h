// tt-metal's object NoC API: a Noc moves bytes between endpoints (CBs,
// tensor pages, other cores' L1), each endpoint type saying through
// noc_traits_t how its arguments ({.page_id}, {.offset_bytes}...) become
// an address. The transfers are the dataflow API's.
#pragma once

#include "api/dataflow/dataflow_api.h"

namespace experimental {

template <typename T>
struct noc_traits_t {
  static_assert(sizeof(T) == 0, "NoC transactions are not supported for this type");
};

class Noc {
 public:
  enum class AddressType { NOC, LOCAL_L1 };
  enum class TxnIdMode { ENABLED, DISABLED };
  enum class ResponseMode { NON_POSTED, POSTED };
  enum class BarrierMode { TXN_ID, FULL };
  enum class McastMode { INCLUDE_SRC, EXCLUDE_SRC };
  enum class VcSelection { DEFAULT, CUSTOM };
  static constexpr uint32_t INVALID_TXN_ID = 0xFFFFFFFF;

 private:
  template <typename T>
  using src_args_t = typename noc_traits_t<T>::src_args_type;
  template <typename T>
  using dst_args_t = typename noc_traits_t<T>::dst_args_type;
  template <typename T>
  using dst_args_mcast_t = typename noc_traits_t<T>::dst_args_mcast_type;

 public:
  Noc() : noc_id_(noc_index) {}
  explicit Noc(uint8_t noc_id) : noc_id_(noc_id) {}

  uint8_t get_noc_id() const { return noc_id_; }
  bool is_local_bank(uint32_t virtual_x, uint32_t virtual_y) const {
    return virtual_x == my_x[noc_id_] && virtual_y == my_y[noc_id_];
  }

  template <TxnIdMode txn_id_mode = TxnIdMode::DISABLED, uint32_t max_page_size = 0,
            bool enable_noc_tracing = true, typename Src, typename Dst>
  void async_read(const Src& src, const Dst& dst, uint32_t size_bytes,
                  const src_args_t<Src>& src_args, const dst_args_t<Dst>& dst_args,
                  uint32_t read_req_vc = 0, uint32_t trid = INVALID_TXN_ID) const {
    (void)read_req_vc;
    (void)trid;
    noc_async_read(
        noc_traits_t<Src>::template src_addr<AddressType::NOC>(src, *this, src_args),
        static_cast<uint32_t>(
            noc_traits_t<Dst>::template dst_addr<AddressType::LOCAL_L1>(dst, *this, dst_args)),
        size_bytes, noc_id_);
  }

  template <TxnIdMode txn_id_mode = TxnIdMode::DISABLED,
            ResponseMode response_mode = ResponseMode::NON_POSTED, uint32_t max_page_size = 0,
            bool enable_noc_tracing = true, typename Src, typename Dst>
  void async_write(const Src& src, const Dst& dst, uint32_t size_bytes,
                   const src_args_t<Src>& src_args, const dst_args_t<Dst>& dst_args,
                   uint32_t vc = 0, uint32_t trid = INVALID_TXN_ID) const {
    (void)vc;
    (void)trid;
    noc_async_write(
        static_cast<uint32_t>(
            noc_traits_t<Src>::template src_addr<AddressType::LOCAL_L1>(src, *this, src_args)),
        noc_traits_t<Dst>::template dst_addr<AddressType::NOC>(dst, *this, dst_args), size_bytes,
        noc_id_);
  }

  template <McastMode mcast_mode = McastMode::EXCLUDE_SRC,
            TxnIdMode txn_id_mode = TxnIdMode::DISABLED,
            ResponseMode response_mode = ResponseMode::NON_POSTED, uint32_t max_page_size = 0,
            bool enable_noc_tracing = true, typename Src, typename Dst>
  void async_write_multicast(const Src& src, const Dst& dst, uint32_t size_bytes, uint32_t num_dsts,
                             const src_args_t<Src>& src_args, const dst_args_mcast_t<Dst>& dst_args,
                             bool linked = false, uint32_t trid = INVALID_TXN_ID) const {
    (void)trid;
    const uint32_t src_addr = static_cast<uint32_t>(
        noc_traits_t<Src>::template src_addr<AddressType::LOCAL_L1>(src, *this, src_args));
    const uint64_t dst_addr =
        noc_traits_t<Dst>::template dst_addr_mcast<AddressType::NOC>(dst, *this, dst_args);
    if constexpr (mcast_mode == McastMode::INCLUDE_SRC) {
      noc_async_write_multicast_loopback_src(src_addr, dst_addr, size_bytes, num_dsts, linked,
                                             noc_id_);
    } else {
      noc_async_write_multicast(src_addr, dst_addr, size_bytes, num_dsts, linked, noc_id_);
    }
  }

  template <BarrierMode barrier_mode = BarrierMode::FULL>
  void async_read_barrier(uint32_t trid = INVALID_TXN_ID) const {
    (void)trid;
    noc_async_read_barrier(noc_id_);
  }
  template <BarrierMode barrier_mode = BarrierMode::FULL>
  void async_write_barrier(uint32_t trid = INVALID_TXN_ID) const {
    (void)trid;
    noc_async_write_barrier(noc_id_);
  }
  void async_writes_flushed() const { noc_async_writes_flushed(noc_id_); }
  void async_atomic_barrier() const { noc_async_atomic_barrier(noc_id_); }
  void async_full_barrier() const { noc_async_full_barrier(noc_id_); }

 private:
  uint8_t noc_id_;
};

// Pages of an interleaved tensor: {.page_id, .offset_bytes}.
template <typename Args>
struct noc_traits_t<TensorAccessor<Args>> {
  struct src_args_type {
    uint32_t page_id{};
    uint32_t offset_bytes{};
  };
  using dst_args_type = src_args_type;
  template <Noc::AddressType address_type>
  static uint64_t src_addr(const TensorAccessor<Args>& src, const Noc& noc,
                           const src_args_type& args) {
    static_assert(address_type == Noc::AddressType::NOC, "a tensor page is a NoC address");
    return src.get_noc_addr(args.page_id, args.offset_bytes, noc.get_noc_id());
  }
  template <Noc::AddressType address_type>
  static uint64_t dst_addr(const TensorAccessor<Args>& dst, const Noc& noc,
                           const dst_args_type& args) {
    return src_addr<address_type>(dst, noc, args);
  }
};

}  // namespace experimental

// The emitter writes them unqualified.
using experimental::Noc;
