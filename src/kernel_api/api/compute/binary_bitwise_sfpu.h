// Bitwise and / or / xor of the integer values of two destination registers.
#pragma once

#include "api/compute/eltwise_binary_sfpu.h"

namespace tessera_kernel {

template <DataFormat data_format>
constexpr void check_integer_format() {
  static_assert(data_format == DataFormat::Int32 || data_format == DataFormat::UInt32 ||
                    data_format == DataFormat::UInt16,
                "bitwise and shift ops take Int32, UInt32 or UInt16");
}

}  // namespace tessera_kernel

namespace ckernel {

ALWI void binary_bitwise_tile_init() {
  tessera_kernel::compute_call(TESSERA_COMPUTE_INIT);
}

#define TESSERA_BITWISE_BINARY(name, kind)                        \
  template <DataFormat data_format>                               \
  ALWI void name(uint32_t idst0, uint32_t idst1, uint32_t odst) { \
    tessera_kernel::check_integer_format<data_format>();          \
    tessera_kernel::binary_dst_tiles(kind, idst0, idst1, odst);   \
  }
TESSERA_BITWISE_BINARY(bitwise_and_binary_tile, TESSERA_BINARY_BITWISE_AND)
TESSERA_BITWISE_BINARY(bitwise_or_binary_tile, TESSERA_BINARY_BITWISE_OR)
TESSERA_BITWISE_BINARY(bitwise_xor_binary_tile, TESSERA_BINARY_BITWISE_XOR)

}  // namespace ckernel
