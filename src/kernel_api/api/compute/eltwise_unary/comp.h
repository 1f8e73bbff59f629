// Comparisons of a destination register with zero (eqz ... lez) or with a
// scalar (unary_eq ... unary_le), in place: 1 where true, 0 where not.
#pragma once

#include "api/compute/eltwise_unary/eltwise_unary.h"

namespace ckernel {

#define TESSERA_COMPARE_WITH_ZERO(name, kind)  \
  TESSERA_SFPU_UNARY(name, kind)               \
  ALWI void name##_tile_int32(uint32_t idst) { \
    tessera_kernel::unary_tile(kind, idst);    \
  }
TESSERA_COMPARE_WITH_ZERO(eqz, TESSERA_UNARY_EQZ)
TESSERA_COMPARE_WITH_ZERO(nez, TESSERA_UNARY_NEZ)
TESSERA_COMPARE_WITH_ZERO(gtz, TESSERA_UNARY_GTZ)
TESSERA_COMPARE_WITH_ZERO(gez, TESSERA_UNARY_GEZ)
TESSERA_COMPARE_WITH_ZERO(ltz, TESSERA_UNARY_LTZ)
TESSERA_COMPARE_WITH_ZERO(lez, TESSERA_UNARY_LEZ)
#undef TESSERA_COMPARE_WITH_ZERO

// The scalar is float bits, or an int32 in the _int32 forms.
#define TESSERA_COMPARE_WITH_SCALAR(name, kind)                                      \
  ALWI void unary_##name##_tile_init() {                                             \
    tessera_kernel::compute_call(TESSERA_COMPUTE_INIT, kind);                        \
  }                                                                                  \
  ALWI void unary_##name##_tile(uint32_t idst, uint32_t param0) {                    \
    tessera_kernel::scalar_tile(kind, idst, param0);                                 \
  }                                                                                  \
  ALWI void unary_##name##_tile_int32(uint32_t idst, uint32_t param0) {              \
    tessera_kernel::scalar_tile(kind, idst, tessera_kernel::int_param_bits(param0)); \
  }
TESSERA_COMPARE_WITH_SCALAR(eq, TESSERA_BINARY_EQ)
TESSERA_COMPARE_WITH_SCALAR(ne, TESSERA_BINARY_NE)
TESSERA_COMPARE_WITH_SCALAR(lt, TESSERA_BINARY_LT)
TESSERA_COMPARE_WITH_SCALAR(gt, TESSERA_BINARY_GT)
TESSERA_COMPARE_WITH_SCALAR(le, TESSERA_BINARY_LE)
TESSERA_COMPARE_WITH_SCALAR(ge, TESSERA_BINARY_GE)
#undef TESSERA_COMPARE_WITH_SCALAR

}  // namespace ckernel
