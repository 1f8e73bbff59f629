// What every kernel API header builds on: the current fiber's context, the
// host callback table, and failing with a message.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "tessera/sim/jit/kernel_abi.h"

#ifndef FORCE_INLINE
#define FORCE_INLINE inline __attribute__((always_inline))
#endif
// tt-metal marks pointers into L1 / registers for its RISC-V compiler; here
// L1 is host memory, so the marks mean nothing.
#define tt_l1_ptr
#define tt_reg_ptr

namespace tessera_kernel {

// Set once per load by tessera_kernel_install.
inline const tessera_host_table* host_table = nullptr;
// Set before every switch into one of this kernel's fibers.
inline thread_local tessera_kernel_context* current_context = nullptr;

FORCE_INLINE tessera_kernel_context* ctx() {
  return current_context;
}
FORCE_INLINE const tessera_host_table* host() {
  return host_table;
}

// The multicast callbacks' `linked` argument (TESSERA_MULTICAST_* bits).
FORCE_INLINE int multicast_mode(bool linked, bool path_reserve) {
  return static_cast<int>((linked ? TESSERA_MULTICAST_LINKED : 0u) |
                          (path_reserve ? 0u : TESSERA_MULTICAST_NO_PATH_RESERVE));
}

// A fixed-size message builder: kernels have no std::string.
class Message {
 public:
  Message& operator<<(const char* text) {
    while (*text != '\0' && length_ + 1 < sizeof(buffer_)) buffer_[length_++] = *text++;
    buffer_[length_] = '\0';
    return *this;
  }
  Message& operator<<(uint32_t value) {
    char digits[10];
    int count = 0;
    do {
      digits[count++] = static_cast<char>('0' + value % 10);
      value /= 10;
    } while (value != 0);
    while (count > 0 && length_ + 1 < sizeof(buffer_)) buffer_[length_++] = digits[--count];
    buffer_[length_] = '\0';
    return *this;
  }
  const char* text() const { return buffer_; }

 private:
  char buffer_[192] = {};
  size_t length_ = 0;
};

[[noreturn]] inline void fail(const char* message) {
  host()->fail(ctx(), message);
  __builtin_unreachable();
}

[[noreturn]] inline void fail(const Message& message) {
  fail(message.text());
}

}  // namespace tessera_kernel
