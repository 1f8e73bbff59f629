// tt-metal's object NoC API: a Noc moves bytes between endpoints (CBs,
// tensor pages, other cores' L1), each endpoint type saying through
// noc_traits_t how its arguments ({.page_id}, {.offset_bytes}...) become
// an address. The transfers are the dataflow API's.
#pragma once

#include "api/dataflow/dataflow_api.h"

// Compile-time flags of the current API (noc.async_read<NocOptions::TXN_ID>
// ...). Transaction ids, posted writes and virtual channels change nothing
// here: every transfer is checked and lands by its barrier.
enum class NocOptions : uint32_t {
  DEFAULT = 0,
  TXN_ID = 1u << 0,
  POSTED = 1u << 1,
  CUSTOM_VC = 1u << 2,
  MCAST_INCL_SRC = 1u << 3,
  INLINE_L1 = 1u << 4,
  INLINE_REG = 1u << 5,
};
constexpr NocOptions operator|(NocOptions a, NocOptions b) {
  return static_cast<NocOptions>(static_cast<uint32_t>(a) | static_cast<uint32_t>(b));
}
constexpr bool has_flag(NocOptions opts, NocOptions flag) {
  return (static_cast<uint32_t>(opts) & static_cast<uint32_t>(flag)) != 0;
}
// The runtime values those flags refer to.
struct NocOptVals {
  uint32_t vc = 0;
  uint32_t trid = 0;
};
// {.offset_bytes} into a DataflowBuffer endpoint.
struct DataflowBufferArgs {
  uint32_t offset_bytes{};
};

namespace experimental {

template <typename T>
struct noc_traits_t {
  static_assert(sizeof(T) == 0, "NoC transactions are not supported for this type");
};

// The first template argument of a transfer is NocOptions in the current
// API and TxnIdMode / McastMode in the previous one; both are accepted.
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

  template <auto mode>
  static constexpr bool includes_source() {
    if constexpr (__is_same(decltype(mode), NocOptions)) {
      return has_flag(mode, NocOptions::MCAST_INCL_SRC);
    } else if constexpr (__is_same(decltype(mode), McastMode)) {
      return mode == McastMode::INCLUDE_SRC;
    } else {
      return false;
    }
  }

 public:
  Noc() : noc_id_(noc_index) {}
  explicit Noc(uint8_t noc_id) : noc_id_(noc_id) {}

  uint8_t get_noc_id() const { return noc_id_; }
  bool is_local_bank(uint32_t virtual_x, uint32_t virtual_y) const {
    return virtual_x == my_x[noc_id_] && virtual_y == my_y[noc_id_];
  }
  bool is_local_addr(uint64_t noc_addr) const {
    return is_local_bank(static_cast<uint32_t>(noc_addr >> 32) & 0xffu,
                         static_cast<uint32_t>(noc_addr >> 40) & 0xffu);
  }

  template <auto opts = NocOptions::DEFAULT, auto option2 = 0u, auto option3 = true,
            auto option4 = true, typename Src, typename Dst>
  void async_read(const Src& src, const Dst& dst, uint32_t size_bytes,
                  const src_args_t<Src>& src_args, const dst_args_t<Dst>& dst_args,
                  const NocOptVals& = {}) const {
    noc_async_read(
        noc_traits_t<Src>::template src_addr<AddressType::NOC>(src, *this, src_args),
        static_cast<uint32_t>(
            noc_traits_t<Dst>::template dst_addr<AddressType::LOCAL_L1>(dst, *this, dst_args)),
        size_bytes, noc_id_);
  }
  // The previous API's trailing (read_req_vc, trid).
  template <auto opts = NocOptions::DEFAULT, auto option2 = 0u, auto option3 = true,
            auto option4 = true, typename Src, typename Dst>
  void async_read(const Src& src, const Dst& dst, uint32_t size_bytes,
                  const src_args_t<Src>& src_args, const dst_args_t<Dst>& dst_args,
                  uint32_t read_req_vc, uint32_t trid = INVALID_TXN_ID) const {
    (void)read_req_vc;
    (void)trid;
    async_read(src, dst, size_bytes, src_args, dst_args, NocOptVals{});
  }

  // The state a later async_read_with_state reuses: the source core.
  template <auto opts = NocOptions::DEFAULT, auto option2 = 0u, typename Src>
  void set_async_read_state(const Src& src, uint32_t size_bytes, const src_args_t<Src>& src_args,
                            const NocOptVals& = {}) const {
    noc_async_read_one_packet_set_state(
        noc_traits_t<Src>::template src_addr<AddressType::NOC>(src, *this, src_args), size_bytes, 0,
        noc_id_);
  }
  template <auto opts = NocOptions::DEFAULT, auto option2 = 0u, typename Src, typename Dst>
  void async_read_with_state(const Src& src, const Dst& dst, uint32_t size_bytes,
                             const src_args_t<Src>& src_args, const dst_args_t<Dst>& dst_args,
                             const NocOptVals& vals = {}) const {
    async_read(src, dst, size_bytes, src_args, dst_args, vals);
  }

  template <auto opts = NocOptions::DEFAULT, auto option2 = 0u, auto option3 = true,
            auto option4 = true, typename Src, typename Dst>
  void async_write(const Src& src, const Dst& dst, uint32_t size_bytes,
                   const src_args_t<Src>& src_args, const dst_args_t<Dst>& dst_args,
                   const NocOptVals& = {}) const {
    noc_async_write(
        static_cast<uint32_t>(
            noc_traits_t<Src>::template src_addr<AddressType::LOCAL_L1>(src, *this, src_args)),
        noc_traits_t<Dst>::template dst_addr<AddressType::NOC>(dst, *this, dst_args), size_bytes,
        noc_id_);
  }
  template <auto opts = NocOptions::DEFAULT, auto option2 = 0u, auto option3 = true,
            auto option4 = true, typename Src, typename Dst>
  void async_write(const Src& src, const Dst& dst, uint32_t size_bytes,
                   const src_args_t<Src>& src_args, const dst_args_t<Dst>& dst_args, uint32_t vc,
                   uint32_t trid = INVALID_TXN_ID) const {
    (void)vc;
    (void)trid;
    async_write(src, dst, size_bytes, src_args, dst_args, NocOptVals{});
  }
  template <auto opts = NocOptions::DEFAULT, auto option2 = 0u, typename Dst>
  void set_async_write_state(const Dst&, uint32_t, const dst_args_t<Dst>&,
                             const NocOptVals& = {}) const {}
  template <auto opts = NocOptions::DEFAULT, auto option2 = 0u, typename Src, typename Dst>
  void async_write_with_state(const Src& src, const Dst& dst, uint32_t size_bytes,
                              const src_args_t<Src>& src_args, const dst_args_t<Dst>& dst_args,
                              const NocOptVals& vals = {}) const {
    async_write(src, dst, size_bytes, src_args, dst_args, vals);
  }

  template <auto mcast_mode = NocOptions::DEFAULT, auto option2 = 0u, auto option3 = true,
            auto option4 = true, auto option5 = true, typename Src, typename Dst>
  void async_write_multicast(const Src& src, const Dst& dst, uint32_t size_bytes, uint32_t num_dsts,
                             const src_args_t<Src>& src_args, const dst_args_mcast_t<Dst>& dst_args,
                             bool linked = false, uint32_t trid = INVALID_TXN_ID) const {
    (void)trid;
    const uint32_t src_addr = static_cast<uint32_t>(
        noc_traits_t<Src>::template src_addr<AddressType::LOCAL_L1>(src, *this, src_args));
    const uint64_t dst_addr =
        noc_traits_t<Dst>::template dst_addr_mcast<AddressType::NOC>(dst, *this, dst_args);
    if constexpr (includes_source<mcast_mode>()) {
      noc_async_write_multicast_loopback_src(src_addr, dst_addr, size_bytes, num_dsts, linked,
                                             noc_id_);
    } else {
      noc_async_write_multicast(src_addr, dst_addr, size_bytes, num_dsts, linked, noc_id_);
    }
  }

  // One 32-bit word; `be` selects its bytes.
  template <auto opts = NocOptions::DEFAULT, typename Dst>
  void inline_dw_write(const Dst& dst, uint32_t val, const dst_args_t<Dst>& dst_args,
                       uint8_t be = 0xF, const NocOptVals& = {}) const {
    tessera_kernel::host()->noc_inline_write(
        tessera_kernel::ctx(),
        noc_traits_t<Dst>::template dst_addr<AddressType::NOC>(dst, *this, dst_args), val, be,
        noc_id_);
  }

  // Barriers: (trid) in the previous API, ({.trid}) in the current one.
  template <auto mode = NocOptions::DEFAULT>
  void async_read_barrier(uint32_t trid = INVALID_TXN_ID) const {
    (void)trid;
    noc_async_read_barrier(noc_id_);
  }
  template <auto mode = NocOptions::DEFAULT>
  void async_read_barrier(const NocOptVals&) const {
    noc_async_read_barrier(noc_id_);
  }
  template <auto mode = NocOptions::DEFAULT>
  void async_write_barrier(uint32_t trid = INVALID_TXN_ID) const {
    (void)trid;
    noc_async_write_barrier(noc_id_);
  }
  template <auto mode = NocOptions::DEFAULT>
  void async_write_barrier(const NocOptVals&) const {
    noc_async_write_barrier(noc_id_);
  }
  template <auto mode = NocOptions::DEFAULT>
  void async_writes_flushed(const NocOptVals& = {}) const {
    noc_async_writes_flushed(noc_id_);
  }
  void async_atomic_barrier() const { noc_async_atomic_barrier(noc_id_); }
  void async_full_barrier() const { noc_async_full_barrier(noc_id_); }
  bool is_read_trid_flushed(uint32_t) const {
    noc_async_read_barrier(noc_id_);
    return true;
  }

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
