// TensorAccessor: page id -> NoC address for a tensor whose layout comes
// in as compile-time args (host: TensorAccessorArgs(buffer).append_to).
// Interleaved tensors only; one config word: bit 0 sharded, bit 1 DRAM,
// bits 8..31 the page size (tessera/metal/program/tensor_accessor_args.h).
#pragma once

#include "api/compile_time_args.h"
#include "api/dataflow/noc.h"

template <uint32_t CompileTimeOffset, uint32_t CommonRuntimeOffset = 0>
struct TensorAccessorArgs {
  static constexpr uint32_t config = tessera_kernel::compile_time_arg<CompileTimeOffset>();
  static constexpr bool is_sharded = (config & 1u) != 0;
  static constexpr bool is_dram = (config & 2u) != 0;
  static constexpr uint32_t page_size = config >> 8;
  static_assert(!is_sharded, "TensorAccessor: sharded tensors are not supported yet");

  static constexpr uint32_t next_compile_time_args_offset() { return CompileTimeOffset + 1; }
  static constexpr uint32_t next_common_runtime_args_offset() { return CommonRuntimeOffset; }
  static constexpr uint32_t get_aligned_page_size() {
    static_assert(page_size != 0, "TensorAccessorArgs: the host passed no page size");
    return page_size;
  }
};

template <typename Args>
struct TensorAccessor {
  uint32_t bank_base_address;
  uint32_t page_size;

  constexpr TensorAccessor(const Args&, uint32_t address, uint32_t page_bytes)
      : bank_base_address(address), page_size(page_bytes) {}
  // The page size the host put in the args.
  constexpr TensorAccessor(const Args& args, uint32_t address)
      : TensorAccessor(args, address, Args::get_aligned_page_size()) {}

  constexpr uint32_t get_aligned_page_size() const { return page_size; }

  FORCE_INLINE uint64_t get_noc_addr(uint32_t page_id, uint32_t offset = 0,
                                     uint8_t noc = noc_index) const {
    return tessera_kernel::host()->interleaved_page_noc_addr(
        tessera_kernel::ctx(), Args::is_dram ? 1 : 0, bank_base_address, page_size, page_id, offset,
        noc);
  }
};

// Naming the args' type through a helper, as tt-metal's kernels may.
template <uint32_t CompileTimeOffset, uint32_t CommonRuntimeOffset = 0>
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
