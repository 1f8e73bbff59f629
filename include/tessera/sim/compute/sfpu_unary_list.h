/* Every SFPU unary op, in one list: the kernel ABI's kinds (kernel_abi.h),
 * the chip's UnaryOp enum, names and element math (unary_op.h/.cc) and the
 * TTNN unary ops all expand it. Bundled into kernels with kernel_abi.h;
 * kernels see only the KIND and code columns.
 *
 * TESSERA_SFPU_UNARY(KIND, Enum, name, code, apply):
 *   KIND   TESSERA_UNARY_<KIND>, what *_tile_init() and *_tile() pass;
 *   Enum   sim::compute::UnaryOp::k<Enum>;
 *   name   tt-metal's lower-case name ("exp" for exp_tile);
 *   code   the ABI value; entries are in code order, from 0;
 *   apply  the result for an fp32 element `v`, with the op's parameters `p`
 *          and `p2` (fp32) and `approximate` (gelu's tanh form).
 */
#pragma once

#define TESSERA_SFPU_UNARY_LIST(TESSERA_SFPU_UNARY)                                        \
  TESSERA_SFPU_UNARY(EXP, Exp, exp, 0, (std::exp(v)))                                      \
  TESSERA_SFPU_UNARY(RELU, Relu, relu, 1, (v < 0.0f ? 0.0f : v))                           \
  TESSERA_SFPU_UNARY(RECIP, Recip, recip, 2, (1.0f / v))                                   \
  TESSERA_SFPU_UNARY(SQRT, Sqrt, sqrt, 3, (std::sqrt(v)))                                  \
  TESSERA_SFPU_UNARY(GELU, Gelu, gelu, 4, (approximate ? gelu_tanh(v) : gelu_erf(v)))      \
  TESSERA_SFPU_UNARY(SIGMOID, Sigmoid, sigmoid, 5, (sigmoid(v)))                           \
  TESSERA_SFPU_UNARY(TANH, Tanh, tanh, 6, (std::tanh(v)))                                  \
  TESSERA_SFPU_UNARY(LOG, Log, log, 7, (std::log(v)))                                      \
  TESSERA_SFPU_UNARY(RSQRT, Rsqrt, rsqrt, 8, (rsqrt(v)))                                   \
  TESSERA_SFPU_UNARY(ABS, Abs, abs, 9, (std::fabs(v)))                                     \
  TESSERA_SFPU_UNARY(NEG, Neg, neg, 10, (-v))                                              \
  TESSERA_SFPU_UNARY(SQUARE, Square, square, 11, (v * v))                                  \
  TESSERA_SFPU_UNARY(SILU, Silu, silu, 12, (silu(v)))                                      \
  /* p: the slope below zero */                                                            \
  TESSERA_SFPU_UNARY(LEAKY_RELU, LeakyRelu, leaky_relu, 13, (v < 0.0f ? p * v : v))        \
  /* clamp to [0, p] */                                                                    \
  TESSERA_SFPU_UNARY(RELU_MAX, ReluMax, relu_max, 14, (v < 0.0f ? 0.0f : (v > p ? p : v))) \
  /* max(v, p) */                                                                          \
  TESSERA_SFPU_UNARY(RELU_MIN, ReluMin, relu_min, 15, (v < p ? p : v))                     \
  TESSERA_SFPU_UNARY(ERF, Erf, erf, 16, (std::erf(v)))                                     \
  TESSERA_SFPU_UNARY(SIN, Sin, sin, 17, (std::sin(v)))                                     \
  TESSERA_SFPU_UNARY(COS, Cos, cos, 18, (std::cos(v)))                                     \
  TESSERA_SFPU_UNARY(EXP2, Exp2, exp2, 19, (std::exp2(v)))                                 \
  /* v ^ p, p rounded to an integer */                                                     \
  TESSERA_SFPU_UNARY(POWER, Power, power, 20, (integer_power(v, p)))                       \
  /* every element becomes p */                                                            \
  TESSERA_SFPU_UNARY(FILL, Fill, fill, 21, (p))                                            \
  /* -1, 0 or 1 */                                                                         \
  TESSERA_SFPU_UNARY(SIGN, Sign, sign, 22, (sign(v)))                                      \
  TESSERA_SFPU_UNARY(EXPM1, Expm1, expm1, 23, (std::expm1(v)))                             \
  TESSERA_SFPU_UNARY(LOG2, Log2, log2, 24, (std::log2(v)))                                 \
  TESSERA_SFPU_UNARY(LOG1P, Log1p, log1p, 25, (std::log1p(v)))                             \
  /* v < 0 ? p * (exp(v) - 1) : v */                                                       \
  TESSERA_SFPU_UNARY(ELU, Elu, elu, 26, (elu(v, p)))                                       \
  TESSERA_SFPU_UNARY(FLOOR, Floor, floor, 27, (std::floor(v)))                             \
  TESSERA_SFPU_UNARY(CEIL, Ceil, ceil, 28, (std::ceil(v)))                                 \
  TESSERA_SFPU_UNARY(TAN, Tan, tan, 29, (std::tan(v)))                                     \
  TESSERA_SFPU_UNARY(ERFC, Erfc, erfc, 30, (std::erfc(v)))                                 \
  /* comparisons with zero give 1.0 or 0.0 */                                              \
  TESSERA_SFPU_UNARY(EQZ, Eqz, eqz, 31, (from_bool(v == 0.0f)))                            \
  TESSERA_SFPU_UNARY(NEZ, Nez, nez, 32, (from_bool(v != 0.0f)))                            \
  TESSERA_SFPU_UNARY(GTZ, Gtz, gtz, 33, (from_bool(v > 0.0f)))                             \
  TESSERA_SFPU_UNARY(GEZ, Gez, gez, 34, (from_bool(v >= 0.0f)))                            \
  TESSERA_SFPU_UNARY(LTZ, Ltz, ltz, 35, (from_bool(v < 0.0f)))                             \
  TESSERA_SFPU_UNARY(LEZ, Lez, lez, 36, (from_bool(v <= 0.0f)))                            \
  TESSERA_SFPU_UNARY(ASIN, Asin, asin, 37, (std::asin(v)))                                 \
  TESSERA_SFPU_UNARY(ACOS, Acos, acos, 38, (std::acos(v)))                                 \
  TESSERA_SFPU_UNARY(ATAN, Atan, atan, 39, (std::atan(v)))                                 \
  /* toward zero */                                                                        \
  TESSERA_SFPU_UNARY(TRUNC, Trunc, trunc, 40, (std::trunc(v)))                             \
  /* v - trunc(v) */                                                                       \
  TESSERA_SFPU_UNARY(FRAC, Frac, frac, 41, (v - std::trunc(v)))                            \
  /* clamp(v / 6 + 1/2, 0, 1) */                                                           \
  TESSERA_SFPU_UNARY(HARDSIGMOID, Hardsigmoid, hardsigmoid, 42, (hardsigmoid(v)))          \
  /* v / (1 + |v|) */                                                                      \
  TESSERA_SFPU_UNARY(SOFTSIGN, Softsign, softsign, 43, (v / (1.0f + std::fabs(v))))        \
  /* p2 * (v > 0 ? v : p * (exp(v) - 1)): p is alpha, p2 the scale */                      \
  TESSERA_SFPU_UNARY(SELU, Selu, selu, 44, (selu(v, p, p2)))                               \
  /* clamp to [p, p2] */                                                                   \
  TESSERA_SFPU_UNARY(CLAMP, Clamp, clamp, 45, (v < p ? p : (v > p2 ? p2 : v)))             \
  /* 1.0 where the sign bit is set (also -0.0) */                                          \
  TESSERA_SFPU_UNARY(SIGNBIT, Signbit, signbit, 46, (signbit_of(v)))                       \
  /* v == 0 ? 1.0 : 0.0 */                                                                 \
  TESSERA_SFPU_UNARY(LOGICAL_NOT, LogicalNot, logical_not, 47, (from_bool(v == 0.0f)))     \
  /* ~v on the int32 value */                                                              \
  TESSERA_SFPU_UNARY(BITWISE_NOT, BitwiseNot, bitwise_not, 48, (bitwise_not_of(v)))
