// TensorAccessor: page id -> NoC address of a tensor whose layout comes in
// as compile-time args (and, for the parts the host marks runtime, common
// runtime args), in tt-metal's layout (host:
// tessera/metal/program/tensor_accessor_args.h):
//   word 0: the ArgConfig bits; word 1: the aligned page size (absent with
//   RuntimePageSize); sharded tensors then: rank, number of banks (top bit:
//   shard-contiguous), the tensor shape and the shard shape in pages (rank
//   words each), the banks' NoC coordinates two to a word ((x << 8) | y,
//   the first of a pair in the low half; DRAM banks as {channel, 0}).
// The parts marked runtime move, in that order, to the common runtime args
// from the accessor's CRTA offset.
#pragma once

#include "api/compile_time_args.h"
#include "api/dataflow/noc.h"
#include "api/kernel_args.h"

namespace tensor_accessor {

inline constexpr uint32_t UNKNOWN = 0xffffffffu;
inline constexpr uint32_t MAX_RANK = 8;

enum class ArgConfig : uint8_t {
  None = 0,
  Sharded = 1 << 0,
  IsDram = 1 << 1,
  RuntimeRank = 1 << 2,
  RuntimeNumBanks = 1 << 3,
  RuntimeTensorShape = 1 << 4,
  RuntimeShardShape = 1 << 5,
  RuntimeBankCoords = 1 << 6,
  RuntimePageSize = 1 << 7,
};

inline constexpr uint32_t ShardContiguousBit = 1u << 31;
constexpr uint32_t unpack_num_banks(uint32_t packed) {
  return packed & ~ShardContiguousBit;
}
constexpr bool unpack_is_shard_contiguous(uint32_t packed) {
  return (packed & ShardContiguousBit) != 0;
}

namespace detail {

// Compile-time arg `Index` when `Present`; never instantiated otherwise, so
// a layout without the word does not read past the kernel's args.
template <bool Present, uint32_t Index>
consteval uint32_t cta_if() {
  if constexpr (Present) {
    return tessera_kernel::compile_time_arg<Index>();
  } else {
    return 0;
  }
}

template <uint32_t Offset, uint32_t Count>
consteval bool cta_range_fits() {
  return Offset + Count <= tessera_kernel::compile_time_arg_count;
}

}  // namespace detail
}  // namespace tensor_accessor

template <uint32_t CTA_OFFSET, uint32_t CRTA_OFFSET = tensor_accessor::UNKNOWN>
struct TensorAccessorArgs {
  static constexpr uint32_t config = tessera_kernel::compile_time_arg<CTA_OFFSET>();
  static constexpr bool test(tensor_accessor::ArgConfig bit) {
    return (config & static_cast<uint32_t>(bit)) != 0;
  }
  static constexpr bool is_sharded = test(tensor_accessor::ArgConfig::Sharded);
  static constexpr bool is_dram = test(tensor_accessor::ArgConfig::IsDram);
  static constexpr bool rank_is_crta = test(tensor_accessor::ArgConfig::RuntimeRank);
  static constexpr bool num_banks_is_crta = test(tensor_accessor::ArgConfig::RuntimeNumBanks);
  static constexpr bool tensor_shape_is_crta = test(tensor_accessor::ArgConfig::RuntimeTensorShape);
  static constexpr bool shard_shape_is_crta = test(tensor_accessor::ArgConfig::RuntimeShardShape);
  static constexpr bool bank_coords_is_crta = test(tensor_accessor::ArgConfig::RuntimeBankCoords);
  static constexpr bool page_size_is_crta = test(tensor_accessor::ArgConfig::RuntimePageSize);

  static_assert(!is_sharded || !rank_is_crta || (tensor_shape_is_crta && shard_shape_is_crta),
                "TensorAccessorArgs: a runtime rank needs runtime tensor and shard shapes");
  static_assert(!is_sharded || !num_banks_is_crta || bank_coords_is_crta,
                "TensorAccessorArgs: a runtime bank count needs runtime bank coordinates");
  static_assert(!is_sharded || !page_size_is_crta,
                "TensorAccessorArgs: a runtime page size is for interleaved tensors only");

  static constexpr uint32_t AlignedPageSizeCTAOffset = CTA_OFFSET + 1;
  static constexpr uint32_t AlignedPageSize =
      tensor_accessor::detail::cta_if<!page_size_is_crta, AlignedPageSizeCTAOffset>();
  static constexpr uint32_t RankCTAOffset = CTA_OFFSET + (page_size_is_crta ? 1 : 2);
  static constexpr uint32_t NumBanksCTAOffset = RankCTAOffset + (rank_is_crta ? 0 : 1);
  static constexpr uint32_t RankCT = tensor_accessor::detail::cta_if < is_sharded && !rank_is_crta,
                            RankCTAOffset > ();
  static constexpr uint32_t NumBanksRawCT = tensor_accessor::detail::cta_if < is_sharded &&
                                            !num_banks_is_crta,
                            NumBanksCTAOffset > ();
  static constexpr uint32_t NumBanksCT = tensor_accessor::unpack_num_banks(NumBanksRawCT);
  static constexpr uint32_t PhysicalNumBanksCT = (NumBanksCT + 1) / 2;
  static_assert(!is_sharded || rank_is_crta || (RankCT > 0 && RankCT <= tensor_accessor::MAX_RANK),
                "TensorAccessorArgs: the rank must be 1 to 8");
  static_assert(!is_sharded || num_banks_is_crta || NumBanksCT > 0,
                "TensorAccessorArgs: the number of banks must be greater than 0");
  static constexpr uint32_t TensorShapeCTAOffset = NumBanksCTAOffset + (num_banks_is_crta ? 0 : 1);
  static constexpr uint32_t ShardShapeCTAOffset =
      TensorShapeCTAOffset + (tensor_shape_is_crta ? 0 : RankCT);
  static constexpr uint32_t BankCoordsCTAOffset =
      ShardShapeCTAOffset + (shard_shape_is_crta ? 0 : RankCT);
  static constexpr uint32_t NumArgsCT =
      is_sharded ? BankCoordsCTAOffset + (bank_coords_is_crta ? 0 : PhysicalNumBanksCT) - CTA_OFFSET
                 : (page_size_is_crta ? 1 : 2);
  static_assert(tensor_accessor::detail::cta_range_fits<CTA_OFFSET, NumArgsCT>(),
                "TensorAccessorArgs: the kernel has fewer compile-time args than the layout "
                "in its config word needs (append TensorAccessorArgs(buffer) on the host)");

  constexpr TensorAccessorArgs() : crta_offset_rt_(0) {}
  constexpr explicit TensorAccessorArgs(uint32_t crta_offset) : crta_offset_rt_(crta_offset) {
    static_assert(CRTA_OFFSET == tensor_accessor::UNKNOWN,
                  "TensorAccessorArgs: pass a common runtime arg offset only when the template "
                  "does not give one");
  }

  constexpr uint32_t crta_offset() const {
    if constexpr (CRTA_OFFSET != tensor_accessor::UNKNOWN) {
      return CRTA_OFFSET;
    } else {
      return crta_offset_rt_;
    }
  }
  constexpr uint32_t get_aligned_page_size() const {
    if constexpr (!page_size_is_crta) {
      return AlignedPageSize;
    } else {
      return get_common_arg_val<uint32_t>(static_cast<int>(crta_offset()));
    }
  }
  constexpr uint32_t rank_crta_offset() const { return crta_offset(); }
  constexpr uint32_t num_banks_crta_offset() const { return crta_offset() + rank_is_crta; }
  constexpr uint32_t get_rank() const {
    if constexpr (!rank_is_crta) {
      return RankCT;
    } else {
      return get_common_arg_val<uint32_t>(static_cast<int>(rank_crta_offset()));
    }
  }
  constexpr uint32_t get_num_banks_raw() const {
    if constexpr (!num_banks_is_crta) {
      return NumBanksRawCT;
    } else {
      return get_common_arg_val<uint32_t>(static_cast<int>(num_banks_crta_offset()));
    }
  }
  constexpr uint32_t get_num_banks() const {
    return tensor_accessor::unpack_num_banks(get_num_banks_raw());
  }
  constexpr uint32_t get_physical_num_banks() const { return (get_num_banks() + 1) / 2; }
  constexpr uint32_t tensor_shape_crta_offset() const {
    return num_banks_crta_offset() + num_banks_is_crta;
  }
  constexpr uint32_t shard_shape_crta_offset() const {
    return tensor_shape_crta_offset() + (tensor_shape_is_crta ? get_rank() : 0);
  }
  constexpr uint32_t bank_coords_crta_offset() const {
    return shard_shape_crta_offset() + (shard_shape_is_crta ? get_rank() : 0);
  }

  static constexpr uint32_t num_compile_time_args() { return NumArgsCT; }
  static constexpr uint32_t next_compile_time_args_offset() {
    return CTA_OFFSET + num_compile_time_args();
  }
  constexpr uint32_t num_common_runtime_args() const {
    if constexpr (!is_sharded) {
      return page_size_is_crta ? 1 : 0;
    } else {
      return bank_coords_crta_offset() + (bank_coords_is_crta ? get_physical_num_banks() : 0) -
             crta_offset();
    }
  }
  constexpr uint32_t next_common_runtime_args_offset() const {
    return crta_offset() + num_common_runtime_args();
  }

  // Element i of the tensor shape, the shard shape or the packed bank words.
  uint32_t tensor_shape(uint32_t i) const {
    return tensor_shape_is_crta ? common(tensor_shape_crta_offset() + i)
                                : cta(TensorShapeCTAOffset + i);
  }
  uint32_t shard_shape(uint32_t i) const {
    return shard_shape_is_crta ? common(shard_shape_crta_offset() + i)
                               : cta(ShardShapeCTAOffset + i);
  }
  uint32_t bank_coords_word(uint32_t i) const {
    return bank_coords_is_crta ? common(bank_coords_crta_offset() + i)
                               : cta(BankCoordsCTAOffset + i);
  }

 private:
  static uint32_t cta(uint32_t index) {
    return tessera_kernel::compile_time_args_storage[index + 1];
  }
  static uint32_t common(uint32_t index) {
    return get_common_arg_val<uint32_t>(static_cast<int>(index));
  }

  uint32_t crta_offset_rt_;
};

template <typename Args>
struct TensorAccessor {
  static constexpr bool is_dram = Args::is_dram;
  static constexpr bool is_sharded = Args::is_sharded;

  // Where page `page_id` lives: the bank (index into the bank coordinates)
  // and the page slot in it.
  struct PageMapping {
    uint32_t bank_id;
    uint32_t bank_page_offset;
  };

  Args args;
  uint32_t bank_base_address;
  uint32_t page_size;

  constexpr TensorAccessor(const Args& accessor_args, uint32_t address, uint32_t page_bytes)
      : args(accessor_args), bank_base_address(address), page_size(page_bytes) {}
  // The page size the host put in the args.
  constexpr TensorAccessor(const Args& accessor_args, uint32_t address)
      : TensorAccessor(accessor_args, address, accessor_args.get_aligned_page_size()) {}

  constexpr uint32_t get_aligned_page_size() const { return page_size; }
  constexpr uint32_t get_bank_base_address() const { return bank_base_address; }

  FORCE_INLINE uint64_t get_noc_addr(uint32_t page_id, uint32_t offset = 0,
                                     uint8_t noc = noc_index) const {
    if constexpr (!is_sharded) {
      return tessera_kernel::host()->interleaved_page_noc_addr(tessera_kernel::ctx(),
                                                               is_dram ? 1 : 0, bank_base_address,
                                                               page_size, page_id, offset, noc);
    } else {
      return noc_addr_of(get_bank_and_offset(page_id), offset, noc);
    }
  }

  // Shard `shard_id`'s first page (shards go round robin over the banks).
  FORCE_INLINE uint64_t get_shard_noc_addr(uint32_t shard_id, uint32_t offset = 0,
                                           uint8_t noc = noc_index) const {
    static_assert(is_sharded, "get_shard_noc_addr: the tensor is interleaved");
    const uint32_t banks = args.get_num_banks();
    return noc_addr_of({shard_id % banks, shard_id / banks * shard_volume()}, offset, noc);
  }

  PageMapping get_bank_and_offset(uint32_t page_id) const {
    static_assert(is_sharded, "get_bank_and_offset: the tensor is interleaved");
    if (tensor_accessor::unpack_is_shard_contiguous(args.get_num_banks_raw())) {
      tessera_kernel::fail("TensorAccessor: shard-contiguous distribution is not supported");
    }
    const uint32_t rank = args.get_rank();
    uint32_t shard_id = 0, in_shard = 0, grid_stride = 1, shard_stride = 1;
    for (uint32_t i = rank; i-- > 0;) {
      const uint32_t extent = args.tensor_shape(i), shard = args.shard_shape(i);
      const uint32_t coord = page_id % extent;
      page_id /= extent;
      shard_id += coord / shard * grid_stride;
      in_shard += coord % shard * shard_stride;
      grid_stride *= (extent + shard - 1) / shard;
      shard_stride *= shard;
    }
    const uint32_t banks = args.get_num_banks();
    return {shard_id % banks, shard_id / banks * shard_stride + in_shard};
  }

  bool is_local_bank(uint32_t noc_x, uint32_t noc_y, uint8_t noc = noc_index) const {
    return noc_x == my_x[noc] && noc_y == my_y[noc];
  }
  bool is_local_page(uint32_t page_id, uint8_t noc = noc_index) const {
    const uint32_t xy = bank_xy(get_bank_and_offset(page_id).bank_id);
    return is_local_bank(xy >> 8, xy & 0xff, noc);
  }
  bool is_local_shard(uint32_t shard_id, uint8_t noc = noc_index) const {
    const uint32_t xy = bank_xy(shard_id % args.get_num_banks());
    return is_local_bank(xy >> 8, xy & 0xff, noc);
  }

 private:
  uint32_t shard_volume() const {
    uint32_t volume = 1;
    for (uint32_t i = 0; i < args.get_rank(); ++i) volume *= args.shard_shape(i);
    return volume;
  }
  // (x << 8) | y of bank `bank`.
  uint32_t bank_xy(uint32_t bank) const {
    const uint32_t word = args.bank_coords_word(bank / 2);
    return (bank % 2 == 0 ? word : word >> 16) & 0xffffu;
  }
  uint64_t noc_addr_of(PageMapping page, uint32_t offset, uint8_t noc) const {
    const uint32_t xy = bank_xy(page.bank_id);
    const uint32_t address = bank_base_address + page.bank_page_offset * page_size + offset;
    if constexpr (is_dram) {
      return tessera_kernel::host()->bank_noc_addr(tessera_kernel::ctx(), 1, xy >> 8, address, noc);
    } else {
      return TESSERA_NOC_XY_ADDR(xy >> 8, xy & 0xff, address);
    }
  }
};

// Naming the args' type through a helper, as tt-metal's kernels may.
template <uint32_t CompileTimeOffset, uint32_t CommonRuntimeOffset = tensor_accessor::UNKNOWN>
constexpr auto make_tensor_accessor_args() {
  return TensorAccessorArgs<CompileTimeOffset, CommonRuntimeOffset>();
}
template <typename Args>
constexpr auto make_tensor_accessor_from_args(const Args& args, uint32_t address,
                                              uint32_t page_size) {
  return TensorAccessor<Args>(args, address, page_size);
}
template <typename Args>
constexpr auto make_tensor_accessor_from_args(const Args& args, uint32_t address) {
  return TensorAccessor<Args>(args, address);
}
