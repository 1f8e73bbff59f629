// Shared by the C headers of this folder: C linkage, and the exception
// specification the C++ library expects of C functions.
#pragma once

#ifdef __cplusplus
#define TESSERA_LIBC_BEGIN extern "C" {
#define TESSERA_LIBC_END }
#define TESSERA_LIBC_NOEXCEPT noexcept(true)
#else
#define TESSERA_LIBC_BEGIN
#define TESSERA_LIBC_END
#define TESSERA_LIBC_NOEXCEPT
#endif
