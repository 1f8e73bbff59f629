// DPRINT: a stream of text and numbers from a kernel to the run's debug
// log, one entry per ENDL(). Formatting happens on the host, so kernels
// pull in no stdio or iostream.
#pragma once

#include "tessera_kernel_runtime.h"

namespace tessera_kernel {

// The TRISC a compute kernel's DPRINT_UNPACK / _MATH / _PACK speaks for
// (0, 1, 2), -1 outside them: TSLICE reads the pointer that TRISC has.
inline thread_local int dprint_trisc = -1;

struct DebugStream {};

struct DebugModifier {
  uint32_t kind;
  int32_t value;
};

FORCE_INLINE const DebugStream& operator<<(const DebugStream& stream, const char* text) {
  host()->dprint_text(ctx(), text);
  return stream;
}
FORCE_INLINE const DebugStream& operator<<(const DebugStream& stream, char c) {
  const char text[2] = {c, '\0'};
  host()->dprint_text(ctx(), text);
  return stream;
}
FORCE_INLINE const DebugStream& operator<<(const DebugStream& stream, const DebugModifier& m) {
  host()->dprint_modifier(ctx(), m.kind, m.value);
  return stream;
}
FORCE_INLINE const DebugStream& print_integer(const DebugStream& stream, uint64_t bits,
                                              bool is_signed) {
  host()->dprint_integer(ctx(), bits, is_signed ? 1 : 0);
  return stream;
}

// Every integer type prints as a number (uint8_t too: coordinates are).
#define TESSERA_DPRINT_SIGNED(T)                                                            \
  FORCE_INLINE const DebugStream& operator<<(const DebugStream& stream, T value) {          \
    return print_integer(stream, static_cast<uint64_t>(static_cast<int64_t>(value)), true); \
  }
#define TESSERA_DPRINT_UNSIGNED(T)                                                 \
  FORCE_INLINE const DebugStream& operator<<(const DebugStream& stream, T value) { \
    return print_integer(stream, static_cast<uint64_t>(value), false);             \
  }
TESSERA_DPRINT_SIGNED(signed char)
TESSERA_DPRINT_SIGNED(short)
TESSERA_DPRINT_SIGNED(int)
TESSERA_DPRINT_SIGNED(long)
TESSERA_DPRINT_SIGNED(long long)
TESSERA_DPRINT_UNSIGNED(unsigned char)
TESSERA_DPRINT_UNSIGNED(unsigned short)
TESSERA_DPRINT_UNSIGNED(unsigned int)
TESSERA_DPRINT_UNSIGNED(unsigned long)
TESSERA_DPRINT_UNSIGNED(unsigned long long)
#undef TESSERA_DPRINT_SIGNED
#undef TESSERA_DPRINT_UNSIGNED

FORCE_INLINE const DebugStream& operator<<(const DebugStream& stream, bool value) {
  host()->dprint_integer(ctx(), value ? 1 : 0, 0);
  return stream;
}
FORCE_INLINE const DebugStream& operator<<(const DebugStream& stream, float value) {
  host()->dprint_float(ctx(), value);
  return stream;
}
FORCE_INLINE const DebugStream& operator<<(const DebugStream& stream, double value) {
  host()->dprint_float(ctx(), value);
  return stream;
}
FORCE_INLINE const DebugStream& operator<<(const DebugStream& stream, const void* pointer) {
  host()->dprint_modifier(ctx(), TESSERA_DPRINT_HEX, 0);
  host()->dprint_integer(ctx(), reinterpret_cast<uintptr_t>(pointer), 0);
  host()->dprint_modifier(ctx(), TESSERA_DPRINT_DEC, 0);
  return stream;
}

// A bfloat16 given by its 16 bits, printed as its float value.
struct BF16 {
  explicit BF16(uint16_t bits) : bits(bits) {}
  uint16_t bits;
};
FORCE_INLINE const DebugStream& operator<<(const DebugStream& stream, BF16 value) {
  const uint32_t widened = static_cast<uint32_t>(value.bits) << 16;
  float as_float;
  __builtin_memcpy(&as_float, &widened, sizeof(as_float));
  return stream << as_float;
}

struct F32 {
  explicit F32(float value) : value(value) {}
  float value;
};
FORCE_INLINE const DebugStream& operator<<(const DebugStream& stream, F32 value) {
  return stream << value.value;
}

}  // namespace tessera_kernel

using tessera_kernel::BF16;
using tessera_kernel::F32;

FORCE_INLINE tessera_kernel::DebugModifier ENDL() {
  return {TESSERA_DPRINT_ENDL, 0};
}
FORCE_INLINE tessera_kernel::DebugModifier SETW(int width) {
  return {TESSERA_DPRINT_SETW, width};
}
FORCE_INLINE tessera_kernel::DebugModifier SETPRECISION(int digits) {
  return {TESSERA_DPRINT_SETPRECISION, digits};
}
FORCE_INLINE tessera_kernel::DebugModifier FIXED() {
  return {TESSERA_DPRINT_FIXED, 0};
}
FORCE_INLINE tessera_kernel::DebugModifier DEFAULTFLOAT() {
  return {TESSERA_DPRINT_DEFAULTFLOAT, 0};
}
FORCE_INLINE tessera_kernel::DebugModifier HEX() {
  return {TESSERA_DPRINT_HEX, 0};
}
FORCE_INLINE tessera_kernel::DebugModifier DEC() {
  return {TESSERA_DPRINT_DEC, 0};
}
FORCE_INLINE tessera_kernel::DebugModifier OCT() {
  return {TESSERA_DPRINT_OCT, 0};
}

#define DPRINT (tessera_kernel::DebugStream{})

// Per-processor variants: data movement 0/1 print only on that processor.
// The compute fiber stands for all three TRISCs, so its plain DPRINTs are
// labelled as all three; these name the one TRISC the print comes from.
#define DPRINT_DATA0(x)                                              \
  do {                                                               \
    if (tessera_kernel::ctx()->processor == TESSERA_PROCESSOR_DM0) { \
      x;                                                             \
    }                                                                \
  } while (0)
#define DPRINT_DATA1(x)                                              \
  do {                                                               \
    if (tessera_kernel::ctx()->processor == TESSERA_PROCESSOR_DM1) { \
      x;                                                             \
    }                                                                \
  } while (0)
#define TESSERA_DPRINT_ON_TRISC(trisc, x)                                                       \
  do {                                                                                          \
    if (tessera_kernel::ctx()->processor == TESSERA_PROCESSOR_COMPUTE) {                        \
      tessera_kernel::host()->dprint_modifier(tessera_kernel::ctx(), TESSERA_DPRINT_TRISC,      \
                                              (trisc));                                         \
      tessera_kernel::dprint_trisc = (trisc);                                                   \
      x;                                                                                        \
      tessera_kernel::dprint_trisc = -1;                                                        \
      tessera_kernel::host()->dprint_modifier(tessera_kernel::ctx(), TESSERA_DPRINT_TRISC, -1); \
    }                                                                                           \
  } while (0)
#define DPRINT_UNPACK(x) TESSERA_DPRINT_ON_TRISC(0, x)
#define DPRINT_MATH(x) TESSERA_DPRINT_ON_TRISC(1, x)
#define DPRINT_PACK(x) TESSERA_DPRINT_ON_TRISC(2, x)

// TSLICE, as tt-metal's dprint.h brings it.
#include "api/debug/dprint_tile.h"
