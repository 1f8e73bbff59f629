// The C standard's <math.h>, declarations only: the C++ library's <cmath>
// names all of it. The float functions a kernel object may link are listed
// in kernel_object_check.cc; the compiler turns many others into
// instructions or constants, and a kernel that still calls one fails its
// link check naming the function.
#pragma once

#include "tessera_libc.h"

#define HUGE_VAL (__builtin_huge_val())
#define HUGE_VALF (__builtin_huge_valf())
#define HUGE_VALL (__builtin_huge_vall())
#define INFINITY (__builtin_inff())
#define NAN (__builtin_nanf(""))

#define FP_NAN 0
#define FP_INFINITE 1
#define FP_ZERO 2
#define FP_SUBNORMAL 3
#define FP_NORMAL 4
#define FP_ILOGB0 (-2147483647 - 1)
#define FP_ILOGBNAN (-2147483647 - 1)
#define MATH_ERRNO 1
#define MATH_ERREXCEPT 2
#define math_errhandling (MATH_ERRNO | MATH_ERREXCEPT)

// The classification macros; <cmath> replaces them with functions.
#define fpclassify(x) __builtin_fpclassify(FP_NAN, FP_INFINITE, FP_NORMAL, FP_SUBNORMAL, FP_ZERO, x)
#define isfinite(x) __builtin_isfinite(x)
#define isinf(x) __builtin_isinf_sign(x)
#define isnan(x) __builtin_isnan(x)
#define isnormal(x) __builtin_isnormal(x)
#define signbit(x) __builtin_signbit(x)
#define isgreater(x, y) __builtin_isgreater(x, y)
#define isgreaterequal(x, y) __builtin_isgreaterequal(x, y)
#define isless(x, y) __builtin_isless(x, y)
#define islessequal(x, y) __builtin_islessequal(x, y)
#define islessgreater(x, y) __builtin_islessgreater(x, y)
#define isunordered(x, y) __builtin_isunordered(x, y)

// NAME, NAMEf and NAMEl, whose result has the argument's precision.
#define TESSERA_MATH_REAL(name, parameters, float_parameters, long_parameters) \
  double name parameters TESSERA_LIBC_NOEXCEPT;                                \
  float name##f float_parameters TESSERA_LIBC_NOEXCEPT;                        \
  long double name##l long_parameters TESSERA_LIBC_NOEXCEPT;
// NAME, NAMEf and NAMEl of one argument, returning `result`.
#define TESSERA_MATH_TO(result, name)          \
  result name(double) TESSERA_LIBC_NOEXCEPT;   \
  result name##f(float) TESSERA_LIBC_NOEXCEPT; \
  result name##l(long double) TESSERA_LIBC_NOEXCEPT;
#define TESSERA_MATH_UNARY(name) TESSERA_MATH_REAL(name, (double), (float), (long double))
#define TESSERA_MATH_BINARY(name) \
  TESSERA_MATH_REAL(name, (double, double), (float, float), (long double, long double))

TESSERA_LIBC_BEGIN
typedef float float_t;
typedef double double_t;

TESSERA_MATH_UNARY(acos)
TESSERA_MATH_UNARY(asin)
TESSERA_MATH_UNARY(atan)
TESSERA_MATH_UNARY(cos)
TESSERA_MATH_UNARY(sin)
TESSERA_MATH_UNARY(tan)
TESSERA_MATH_UNARY(acosh)
TESSERA_MATH_UNARY(asinh)
TESSERA_MATH_UNARY(atanh)
TESSERA_MATH_UNARY(cosh)
TESSERA_MATH_UNARY(sinh)
TESSERA_MATH_UNARY(tanh)
TESSERA_MATH_UNARY(exp)
TESSERA_MATH_UNARY(exp2)
TESSERA_MATH_UNARY(expm1)
TESSERA_MATH_UNARY(log)
TESSERA_MATH_UNARY(log10)
TESSERA_MATH_UNARY(log1p)
TESSERA_MATH_UNARY(log2)
TESSERA_MATH_UNARY(logb)
TESSERA_MATH_UNARY(cbrt)
TESSERA_MATH_UNARY(fabs)
TESSERA_MATH_UNARY(sqrt)
TESSERA_MATH_UNARY(erf)
TESSERA_MATH_UNARY(erfc)
TESSERA_MATH_UNARY(lgamma)
TESSERA_MATH_UNARY(tgamma)
TESSERA_MATH_UNARY(ceil)
TESSERA_MATH_UNARY(floor)
TESSERA_MATH_UNARY(nearbyint)
TESSERA_MATH_UNARY(rint)
TESSERA_MATH_UNARY(round)
TESSERA_MATH_UNARY(trunc)
TESSERA_MATH_BINARY(atan2)
TESSERA_MATH_BINARY(pow)
TESSERA_MATH_BINARY(fmod)
TESSERA_MATH_BINARY(remainder)
TESSERA_MATH_BINARY(copysign)
TESSERA_MATH_BINARY(nextafter)
TESSERA_MATH_BINARY(fdim)
TESSERA_MATH_BINARY(fmax)
TESSERA_MATH_BINARY(fmin)
TESSERA_MATH_BINARY(hypot)
TESSERA_MATH_REAL(fma, (double, double, double), (float, float, float),
                  (long double, long double, long double))
TESSERA_MATH_REAL(frexp, (double, int*), (float, int*), (long double, int*))
TESSERA_MATH_REAL(ldexp, (double, int), (float, int), (long double, int))
TESSERA_MATH_REAL(scalbn, (double, int), (float, int), (long double, int))
TESSERA_MATH_REAL(scalbln, (double, long), (float, long), (long double, long))
TESSERA_MATH_REAL(modf, (double, double*), (float, float*), (long double, long double*))
TESSERA_MATH_REAL(remquo, (double, double, int*), (float, float, int*),
                  (long double, long double, int*))
TESSERA_MATH_REAL(nexttoward, (double, long double), (float, long double),
                  (long double, long double))
TESSERA_MATH_REAL(nan, (const char*), (const char*), (const char*))
TESSERA_MATH_TO(int, ilogb)
TESSERA_MATH_TO(long, lrint)
TESSERA_MATH_TO(long, lround)
TESSERA_MATH_TO(long long, llrint)
TESSERA_MATH_TO(long long, llround)
TESSERA_LIBC_END

#undef TESSERA_MATH_UNARY
#undef TESSERA_MATH_BINARY
#undef TESSERA_MATH_REAL
#undef TESSERA_MATH_TO
