// A destination register combined with a scalar, in place: dst = dst op s.
// The scalar is float bits, or an int32 in the _int32 forms.
#pragma once

#include "api/compute/eltwise_unary/eltwise_unary.h"

namespace ckernel {

ALWI void binop_with_scalar_tile_init() {
  tessera_kernel::compute_call(TESSERA_COMPUTE_INIT);
}

#define TESSERA_BINOP_WITH_SCALAR(name, kind)                                        \
  ALWI void name##_unary_tile(uint32_t idst, uint32_t param1) {                      \
    tessera_kernel::scalar_tile(kind, idst, param1);                                 \
  }                                                                                  \
  ALWI void name##_unary_tile_int32(uint32_t idst, uint32_t param1) {                \
    tessera_kernel::scalar_tile(kind, idst, tessera_kernel::int_param_bits(param1)); \
  }
TESSERA_BINOP_WITH_SCALAR(add, TESSERA_BINARY_ADD)
TESSERA_BINOP_WITH_SCALAR(sub, TESSERA_BINARY_SUB)
TESSERA_BINOP_WITH_SCALAR(mul, TESSERA_BINARY_MUL)
TESSERA_BINOP_WITH_SCALAR(div, TESSERA_BINARY_DIV)
TESSERA_BINOP_WITH_SCALAR(rsub, TESSERA_BINARY_RSUB)
#undef TESSERA_BINOP_WITH_SCALAR

}  // namespace ckernel
