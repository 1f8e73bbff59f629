// Compile-time args, as the device toolchain passes them: positional values
// in KERNEL_COMPILE_TIME_ARGS ("1,2,3") and named ones in
// KERNEL_COMPILE_TIME_ARG_MAP ({"name", 5}, ...). Both are constant
// expressions, so kernels may use them in constexpr and template args.
#pragma once

#include <stdint.h>

#ifndef KERNEL_COMPILE_TIME_ARGS
#define KERNEL_COMPILE_TIME_ARGS
#endif
#ifndef KERNEL_COMPILE_TIME_ARG_MAP
#define KERNEL_COMPILE_TIME_ARG_MAP
#endif

namespace tessera_kernel {

// A leading sentinel keeps the arrays non-empty when no args are given.
inline constexpr uint32_t compile_time_args_storage[] = {0u, KERNEL_COMPILE_TIME_ARGS};
inline constexpr uint32_t compile_time_arg_count =
    sizeof(compile_time_args_storage) / sizeof(uint32_t) - 1;

template <uint32_t Index>
consteval uint32_t compile_time_arg() {
  static_assert(Index < compile_time_arg_count,
                "get_compile_time_arg_val: index past the kernel's compile-time args");
  return compile_time_args_storage[Index + 1];
}

struct NamedCompileTimeArg {
  const char* name;
  uint32_t value;
};

inline constexpr NamedCompileTimeArg named_compile_time_args[] = {{"", 0u},
                                                                  KERNEL_COMPILE_TIME_ARG_MAP};

consteval bool same_name(const char* a, const char* b) {
  while (*a != '\0' && *a == *b) ++a, ++b;
  return *a == *b;
}

// Not constexpr on purpose: reaching it during constant evaluation makes an
// unknown name a compile error at the call site.
inline uint32_t named_compile_time_arg_not_found() {
  return 0;
}

// clang rejects a consteval function with a non-constant path outright; gcc
// (and the device toolchain) report it only when that path is taken, which
// is the point here.
#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Winvalid-constexpr"
#endif
consteval uint32_t named_compile_time_arg(const char* name) {
  for (const NamedCompileTimeArg& arg : named_compile_time_args) {
    if (arg.name[0] != '\0' && same_name(arg.name, name)) return arg.value;
  }
  return named_compile_time_arg_not_found();
}
#if defined(__clang__)
#pragma clang diagnostic pop
#endif

}  // namespace tessera_kernel

#define get_compile_time_arg_val(arg_idx) (tessera_kernel::compile_time_arg<(arg_idx)>())
#define get_named_compile_time_arg_val(name) (tessera_kernel::named_compile_time_arg(name))
