// The SFPU unary ops tt-metal declares in compute_kernel_api.h itself, on a
// destination register in place; and every other unary header.
#pragma once

#include "api/compute/eltwise_unary/activations.h"
#include "api/compute/eltwise_unary/binop_with_scalar.h"
#include "api/compute/eltwise_unary/bitwise_not.h"
#include "api/compute/eltwise_unary/clamp.h"
#include "api/compute/eltwise_unary/comp.h"
#include "api/compute/eltwise_unary/elu.h"
#include "api/compute/eltwise_unary/erf_erfc.h"
#include "api/compute/eltwise_unary/fill.h"
#include "api/compute/eltwise_unary/gelu.h"
#include "api/compute/eltwise_unary/log1p.h"
#include "api/compute/eltwise_unary/logical_not.h"
#include "api/compute/eltwise_unary/negative.h"
#include "api/compute/eltwise_unary/rand.h"
#include "api/compute/eltwise_unary/rdiv.h"
#include "api/compute/eltwise_unary/relu.h"
#include "api/compute/eltwise_unary/rounding.h"
#include "api/compute/eltwise_unary/rpow.h"
#include "api/compute/eltwise_unary/rsqrt.h"
#include "api/compute/eltwise_unary/selu.h"
#include "api/compute/eltwise_unary/trigonometry.h"
#include "api/compute/eltwise_unary/typecast.h"
#include "api/compute/eltwise_unary/where.h"

namespace ckernel {

TESSERA_SFPU_UNARY(tanh, TESSERA_UNARY_TANH)
TESSERA_SFPU_UNARY(log, TESSERA_UNARY_LOG)
TESSERA_SFPU_UNARY(abs, TESSERA_UNARY_ABS)
TESSERA_SFPU_UNARY(square, TESSERA_UNARY_SQUARE)
TESSERA_SFPU_UNARY(silu, TESSERA_UNARY_SILU)
TESSERA_SFPU_UNARY(exp2, TESSERA_UNARY_EXP2)
TESSERA_SFPU_UNARY(sign, TESSERA_UNARY_SIGN)
TESSERA_SFPU_UNARY(signbit, TESSERA_UNARY_SIGNBIT)
TESSERA_SFPU_UNARY(log2, TESSERA_UNARY_LOG2)

// Dst holds integers as exact floats: the int32 forms are the same math.
ALWI void abs_tile_int32(uint32_t idst) {
  tessera_kernel::unary_tile(TESSERA_UNARY_ABS, idst);
}

// vector_mode (rows, columns or both of each face) is always all of it here.
template <int vector_mode = static_cast<int>(VectorMode::RC), bool fast_and_approx = false>
ALWI void sigmoid_tile(uint32_t idst) {
  tessera_kernel::unary_tile(TESSERA_UNARY_SIGMOID, idst);
}
template <bool fast_and_approx = false>
ALWI void sigmoid_tile_init() {
  tessera_kernel::unary_init(TESSERA_UNARY_SIGMOID);
}

template <bool approx = false>
ALWI void expm1_tile_init() {
  tessera_kernel::unary_init(TESSERA_UNARY_EXPM1);
}
template <bool approx = false>
ALWI void expm1_tile(uint32_t idst) {
  tessera_kernel::unary_tile(TESSERA_UNARY_EXPM1, idst);
}

ALWI void power_tile_init() {
  tessera_kernel::unary_init(TESSERA_UNARY_POWER);
}
ALWI void power_tile(uint32_t idst, uint32_t exponent) {
  tessera_kernel::unary_tile(TESSERA_UNARY_POWER, idst,
                             tessera_kernel::float_bits(static_cast<float>(exponent)));
}

}  // namespace ckernel
