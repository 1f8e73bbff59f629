// Runtime args (per core and common) and where this kernel runs.
#pragma once

#include "tessera_kernel_runtime.h"

namespace tessera_kernel {

[[noreturn]] inline void fail_arg_index(const char* kind, int index, uint32_t count) {
  fail(Message() << "reads " << kind << " arg " << static_cast<uint32_t>(index) << " but only "
                 << count << " were set");
}

}  // namespace tessera_kernel

#ifndef NOC_INDEX
#define NOC_INDEX 0
#endif
constexpr uint8_t noc_index = NOC_INDEX;

// my_x[noc] / my_y[noc]: this core's NoC coordinates on each NoC.
#define my_x (tessera_kernel::ctx()->noc_x)
#define my_y (tessera_kernel::ctx()->noc_y)

template <typename T>
FORCE_INLINE T get_arg_val(int arg_idx) {
  static_assert(sizeof(T) == 4, "get_arg_val reads one 32-bit arg");
  const tessera_kernel_context* context = tessera_kernel::ctx();
  if (arg_idx < 0 || static_cast<uint32_t>(arg_idx) >= context->runtime_arg_count) {
    tessera_kernel::fail_arg_index("runtime", arg_idx, context->runtime_arg_count);
  }
  T value;
  __builtin_memcpy(&value, context->runtime_args + arg_idx, sizeof(T));
  return value;
}

template <typename T>
FORCE_INLINE T get_common_arg_val(int arg_idx) {
  static_assert(sizeof(T) == 4, "get_common_arg_val reads one 32-bit arg");
  const tessera_kernel_context* context = tessera_kernel::ctx();
  if (arg_idx < 0 || static_cast<uint32_t>(arg_idx) >= context->common_arg_count) {
    tessera_kernel::fail_arg_index("common runtime", arg_idx, context->common_arg_count);
  }
  T value;
  __builtin_memcpy(&value, context->common_args + arg_idx, sizeof(T));
  return value;
}

// The L1 address of a runtime arg. Args live in the core's L1 window below
// 4 GiB once the device places them there; until then this fails.
FORCE_INLINE uint32_t get_arg_addr(int arg_idx) {
  const tessera_kernel_context* context = tessera_kernel::ctx();
  if (arg_idx < 0 || static_cast<uint32_t>(arg_idx) > context->runtime_arg_count) {
    tessera_kernel::fail_arg_index("runtime", arg_idx, context->runtime_arg_count);
  }
  uintptr_t address = reinterpret_cast<uintptr_t>(context->runtime_args + arg_idx);
  if (address > 0xffffffffu) tessera_kernel::fail("get_arg_addr: runtime args are not in L1");
  return static_cast<uint32_t>(address);
}

FORCE_INLINE uint32_t get_common_arg_addr(int arg_idx) {
  const tessera_kernel_context* context = tessera_kernel::ctx();
  if (arg_idx < 0 || static_cast<uint32_t>(arg_idx) > context->common_arg_count) {
    tessera_kernel::fail_arg_index("common runtime", arg_idx, context->common_arg_count);
  }
  uintptr_t address = reinterpret_cast<uintptr_t>(context->common_args + arg_idx);
  if (address > 0xffffffffu) tessera_kernel::fail("get_common_arg_addr: common args are not in L1");
  return static_cast<uint32_t>(address);
}

FORCE_INLINE uint32_t get_absolute_logical_x() {
  return tessera_kernel::ctx()->absolute_logical_x;
}
FORCE_INLINE uint32_t get_absolute_logical_y() {
  return tessera_kernel::ctx()->absolute_logical_y;
}
FORCE_INLINE uint32_t get_relative_logical_x() {
  return tessera_kernel::ctx()->relative_logical_x;
}
FORCE_INLINE uint32_t get_relative_logical_y() {
  return tessera_kernel::ctx()->relative_logical_y;
}
