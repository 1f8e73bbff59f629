// AddressSanitizer annotations for fiber switches, no-ops in other builds.
//
// ASan tracks one stack per thread; without these calls it mistakes a
// switch to a fiber stack for a stack overflow or reports false positives.
#pragma once

#include <cstddef>

// gcc says __SANITIZE_ADDRESS__; clang before 17 says only __has_feature.
#if defined(__SANITIZE_ADDRESS__)
#define TESSERA_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TESSERA_ASAN 1
#endif
#endif
#ifndef TESSERA_ASAN
#define TESSERA_ASAN 0
#endif

#if TESSERA_ASAN
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#endif

namespace tessera::sim {

// Before switching to the stack [bottom, bottom+size). Pass fake_stack ==
// nullptr when the current stack is being left for good.
inline void sanitizer_start_switch(void** fake_stack, const void* bottom, std::size_t size) {
#if TESSERA_ASAN
  __sanitizer_start_switch_fiber(fake_stack, bottom, size);
#else
  (void)fake_stack, (void)bottom, (void)size;
#endif
}

// Right after arriving on a stack; reports the stack that was left.
inline void sanitizer_finish_switch(void* fake_stack, const void** old_bottom,
                                    std::size_t* old_size) {
#if TESSERA_ASAN
  __sanitizer_finish_switch_fiber(fake_stack, old_bottom, old_size);
#else
  (void)fake_stack, (void)old_bottom, (void)old_size;
#endif
}

inline void sanitizer_unpoison(void* address, std::size_t size) {
#if TESSERA_ASAN
  __asan_unpoison_memory_region(address, size);
#else
  (void)address, (void)size;
#endif
}

}  // namespace tessera::sim
