// The C standard's <stdlib.h>, declarations only: the C++ library's
// <cstdlib> (which <algorithm> and <functional> include) names all of it.
// Declared is not allowed: a kernel object that calls malloc, exit, system
// or getenv fails its link check naming the function (kernel_object_check.cc).
#pragma once

#include <stddef.h>

#include "tessera_libc.h"

#define EXIT_SUCCESS 0
#define EXIT_FAILURE 1
#define RAND_MAX 2147483647
#define MB_CUR_MAX ((size_t)1)

TESSERA_LIBC_BEGIN
typedef struct {
  int quot;
  int rem;
} div_t;
typedef struct {
  long quot;
  long rem;
} ldiv_t;
typedef struct {
  long long quot;
  long long rem;
} lldiv_t;

int abs(int value) TESSERA_LIBC_NOEXCEPT;
long labs(long value) TESSERA_LIBC_NOEXCEPT;
long long llabs(long long value) TESSERA_LIBC_NOEXCEPT;
div_t div(int numerator, int denominator) TESSERA_LIBC_NOEXCEPT;
ldiv_t ldiv(long numerator, long denominator) TESSERA_LIBC_NOEXCEPT;
lldiv_t lldiv(long long numerator, long long denominator) TESSERA_LIBC_NOEXCEPT;

double atof(const char* text) TESSERA_LIBC_NOEXCEPT;
int atoi(const char* text) TESSERA_LIBC_NOEXCEPT;
long atol(const char* text) TESSERA_LIBC_NOEXCEPT;
long long atoll(const char* text) TESSERA_LIBC_NOEXCEPT;
double strtod(const char* __restrict text, char** __restrict end) TESSERA_LIBC_NOEXCEPT;
float strtof(const char* __restrict text, char** __restrict end) TESSERA_LIBC_NOEXCEPT;
long double strtold(const char* __restrict text, char** __restrict end) TESSERA_LIBC_NOEXCEPT;
long strtol(const char* __restrict text, char** __restrict end, int base) TESSERA_LIBC_NOEXCEPT;
long long strtoll(const char* __restrict text, char** __restrict end,
                  int base) TESSERA_LIBC_NOEXCEPT;
unsigned long strtoul(const char* __restrict text, char** __restrict end,
                      int base) TESSERA_LIBC_NOEXCEPT;
unsigned long long strtoull(const char* __restrict text, char** __restrict end,
                            int base) TESSERA_LIBC_NOEXCEPT;

int rand(void) TESSERA_LIBC_NOEXCEPT;
void srand(unsigned seed) TESSERA_LIBC_NOEXCEPT;
void* bsearch(const void* key, const void* base, size_t count, size_t size,
              int (*compare)(const void*, const void*));
void qsort(void* base, size_t count, size_t size, int (*compare)(const void*, const void*));

int mblen(const char* text, size_t size) TESSERA_LIBC_NOEXCEPT;
int mbtowc(wchar_t* __restrict wide, const char* __restrict text,
           size_t size) TESSERA_LIBC_NOEXCEPT;
int wctomb(char* text, wchar_t wide) TESSERA_LIBC_NOEXCEPT;
size_t mbstowcs(wchar_t* __restrict wide, const char* __restrict text,
                size_t size) TESSERA_LIBC_NOEXCEPT;
size_t wcstombs(char* __restrict text, const wchar_t* __restrict wide,
                size_t size) TESSERA_LIBC_NOEXCEPT;

void* malloc(size_t size) TESSERA_LIBC_NOEXCEPT;
void* calloc(size_t count, size_t size) TESSERA_LIBC_NOEXCEPT;
void* realloc(void* memory, size_t size) TESSERA_LIBC_NOEXCEPT;
void* aligned_alloc(size_t alignment, size_t size) TESSERA_LIBC_NOEXCEPT;
void free(void* memory) TESSERA_LIBC_NOEXCEPT;

__attribute__((__noreturn__)) void abort(void) TESSERA_LIBC_NOEXCEPT;
__attribute__((__noreturn__)) void exit(int status) TESSERA_LIBC_NOEXCEPT;
__attribute__((__noreturn__)) void _Exit(int status) TESSERA_LIBC_NOEXCEPT;
__attribute__((__noreturn__)) void quick_exit(int status) TESSERA_LIBC_NOEXCEPT;
int atexit(void (*function)(void)) TESSERA_LIBC_NOEXCEPT;
int at_quick_exit(void (*function)(void)) TESSERA_LIBC_NOEXCEPT;
char* getenv(const char* name) TESSERA_LIBC_NOEXCEPT;
int system(const char* command);
TESSERA_LIBC_END
