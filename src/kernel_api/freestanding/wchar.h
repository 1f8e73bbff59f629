// The C standard's <wchar.h>, declarations only: the C++ library's
// <cwchar> names all of it, and <string_view>, <iterator> and <string>
// include <cwchar> for mbstate_t and WEOF. The stream functions take a
// FILE that kernels never get.
#pragma once

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>  // WCHAR_MIN, WCHAR_MAX

#include "tessera_libc.h"

#ifndef WEOF
#define WEOF ((wint_t)0xffffffffu)
#endif

TESSERA_LIBC_BEGIN
typedef __WINT_TYPE__ wint_t;
typedef struct {
  int count;
  unsigned value;
} mbstate_t;
struct tm;
struct tessera_host_file;  // no kernel has one

wint_t btowc(int byte) TESSERA_LIBC_NOEXCEPT;
int wctob(wint_t wide) TESSERA_LIBC_NOEXCEPT;
int mbsinit(const mbstate_t* state) TESSERA_LIBC_NOEXCEPT;
size_t mbrlen(const char* __restrict text, size_t size,
              mbstate_t* __restrict state) TESSERA_LIBC_NOEXCEPT;
size_t mbrtowc(wchar_t* __restrict wide, const char* __restrict text, size_t size,
               mbstate_t* __restrict state) TESSERA_LIBC_NOEXCEPT;
size_t wcrtomb(char* __restrict text, wchar_t wide,
               mbstate_t* __restrict state) TESSERA_LIBC_NOEXCEPT;
size_t mbsrtowcs(wchar_t* __restrict wide, const char** __restrict text, size_t size,
                 mbstate_t* __restrict state) TESSERA_LIBC_NOEXCEPT;
size_t wcsrtombs(char* __restrict text, const wchar_t** __restrict wide, size_t size,
                 mbstate_t* __restrict state) TESSERA_LIBC_NOEXCEPT;

wchar_t* wcscpy(wchar_t* __restrict destination,
                const wchar_t* __restrict source) TESSERA_LIBC_NOEXCEPT;
wchar_t* wcsncpy(wchar_t* __restrict destination, const wchar_t* __restrict source,
                 size_t size) TESSERA_LIBC_NOEXCEPT;
wchar_t* wcscat(wchar_t* __restrict destination,
                const wchar_t* __restrict source) TESSERA_LIBC_NOEXCEPT;
wchar_t* wcsncat(wchar_t* __restrict destination, const wchar_t* __restrict source,
                 size_t size) TESSERA_LIBC_NOEXCEPT;
int wcscmp(const wchar_t* left, const wchar_t* right) TESSERA_LIBC_NOEXCEPT;
int wcsncmp(const wchar_t* left, const wchar_t* right, size_t size) TESSERA_LIBC_NOEXCEPT;
int wcscoll(const wchar_t* left, const wchar_t* right) TESSERA_LIBC_NOEXCEPT;
size_t wcsxfrm(wchar_t* __restrict destination, const wchar_t* __restrict source,
               size_t size) TESSERA_LIBC_NOEXCEPT;
wchar_t* wcschr(const wchar_t* text, wchar_t wide) TESSERA_LIBC_NOEXCEPT;
wchar_t* wcsrchr(const wchar_t* text, wchar_t wide) TESSERA_LIBC_NOEXCEPT;
size_t wcscspn(const wchar_t* text, const wchar_t* reject) TESSERA_LIBC_NOEXCEPT;
size_t wcsspn(const wchar_t* text, const wchar_t* accept) TESSERA_LIBC_NOEXCEPT;
wchar_t* wcspbrk(const wchar_t* text, const wchar_t* accept) TESSERA_LIBC_NOEXCEPT;
wchar_t* wcsstr(const wchar_t* text, const wchar_t* needle) TESSERA_LIBC_NOEXCEPT;
wchar_t* wcstok(wchar_t* __restrict text, const wchar_t* __restrict delimiters,
                wchar_t** __restrict state) TESSERA_LIBC_NOEXCEPT;
size_t wcslen(const wchar_t* text) TESSERA_LIBC_NOEXCEPT;
wchar_t* wmemchr(const wchar_t* text, wchar_t wide, size_t size) TESSERA_LIBC_NOEXCEPT;
int wmemcmp(const wchar_t* left, const wchar_t* right, size_t size) TESSERA_LIBC_NOEXCEPT;
wchar_t* wmemcpy(wchar_t* __restrict destination, const wchar_t* __restrict source,
                 size_t size) TESSERA_LIBC_NOEXCEPT;
wchar_t* wmemmove(wchar_t* destination, const wchar_t* source, size_t size) TESSERA_LIBC_NOEXCEPT;
wchar_t* wmemset(wchar_t* destination, wchar_t wide, size_t size) TESSERA_LIBC_NOEXCEPT;

double wcstod(const wchar_t* __restrict text, wchar_t** __restrict end) TESSERA_LIBC_NOEXCEPT;
float wcstof(const wchar_t* __restrict text, wchar_t** __restrict end) TESSERA_LIBC_NOEXCEPT;
long double wcstold(const wchar_t* __restrict text, wchar_t** __restrict end) TESSERA_LIBC_NOEXCEPT;
long wcstol(const wchar_t* __restrict text, wchar_t** __restrict end,
            int base) TESSERA_LIBC_NOEXCEPT;
long long wcstoll(const wchar_t* __restrict text, wchar_t** __restrict end,
                  int base) TESSERA_LIBC_NOEXCEPT;
unsigned long wcstoul(const wchar_t* __restrict text, wchar_t** __restrict end,
                      int base) TESSERA_LIBC_NOEXCEPT;
unsigned long long wcstoull(const wchar_t* __restrict text, wchar_t** __restrict end,
                            int base) TESSERA_LIBC_NOEXCEPT;
size_t wcsftime(wchar_t* __restrict text, size_t size, const wchar_t* __restrict format,
                const struct tm* __restrict time) TESSERA_LIBC_NOEXCEPT;

wint_t fgetwc(struct tessera_host_file* stream);
wchar_t* fgetws(wchar_t* __restrict text, int size, struct tessera_host_file* __restrict stream);
wint_t fputwc(wchar_t wide, struct tessera_host_file* stream);
int fputws(const wchar_t* __restrict text, struct tessera_host_file* __restrict stream);
int fwide(struct tessera_host_file* stream, int mode) TESSERA_LIBC_NOEXCEPT;
wint_t getwc(struct tessera_host_file* stream);
wint_t getwchar(void);
wint_t putwc(wchar_t wide, struct tessera_host_file* stream);
wint_t putwchar(wchar_t wide);
wint_t ungetwc(wint_t wide, struct tessera_host_file* stream);
int fwprintf(struct tessera_host_file* __restrict stream, const wchar_t* __restrict format, ...);
int fwscanf(struct tessera_host_file* __restrict stream, const wchar_t* __restrict format, ...);
int wprintf(const wchar_t* __restrict format, ...);
int wscanf(const wchar_t* __restrict format, ...);
int swprintf(wchar_t* __restrict text, size_t size, const wchar_t* __restrict format,
             ...) TESSERA_LIBC_NOEXCEPT;
int swscanf(const wchar_t* __restrict text, const wchar_t* __restrict format,
            ...) TESSERA_LIBC_NOEXCEPT;
int vfwprintf(struct tessera_host_file* __restrict stream, const wchar_t* __restrict format,
              va_list arguments);
int vfwscanf(struct tessera_host_file* __restrict stream, const wchar_t* __restrict format,
             va_list arguments);
int vwprintf(const wchar_t* __restrict format, va_list arguments);
int vwscanf(const wchar_t* __restrict format, va_list arguments);
int vswprintf(wchar_t* __restrict text, size_t size, const wchar_t* __restrict format,
              va_list arguments) TESSERA_LIBC_NOEXCEPT;
int vswscanf(const wchar_t* __restrict text, const wchar_t* __restrict format,
             va_list arguments) TESSERA_LIBC_NOEXCEPT;
TESSERA_LIBC_END
