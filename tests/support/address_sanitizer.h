// Whether this test runs under AddressSanitizer, whose allocator keeps freed
// memory in quarantine and ignores glibc's malloc settings.
#pragma once

namespace tessera::testing {

// gcc says __SANITIZE_ADDRESS__; clang before 17 says only __has_feature.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kAddressSanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kAddressSanitizer = true;
#else
inline constexpr bool kAddressSanitizer = false;
#endif
#else
inline constexpr bool kAddressSanitizer = false;
#endif

}  // namespace tessera::testing
