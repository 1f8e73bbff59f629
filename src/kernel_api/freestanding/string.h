// The C standard's <string.h>, declarations only. A kernel object may link
// memcpy, memmove, memset and memcmp (kernel_object_check.cc); the compiler
// folds or inlines the others where it can, and a kernel that still calls
// one fails its link check naming the function.
#pragma once

#include <stddef.h>

#include "tessera_libc.h"

TESSERA_LIBC_BEGIN
void* memcpy(void* __restrict destination, const void* __restrict source,
             size_t size) TESSERA_LIBC_NOEXCEPT;
void* memmove(void* destination, const void* source, size_t size) TESSERA_LIBC_NOEXCEPT;
void* memset(void* destination, int value, size_t size) TESSERA_LIBC_NOEXCEPT;
int memcmp(const void* left, const void* right, size_t size) TESSERA_LIBC_NOEXCEPT;
void* memchr(const void* bytes, int value, size_t size) TESSERA_LIBC_NOEXCEPT;
char* strcpy(char* __restrict destination, const char* __restrict source) TESSERA_LIBC_NOEXCEPT;
char* strncpy(char* __restrict destination, const char* __restrict source,
              size_t size) TESSERA_LIBC_NOEXCEPT;
char* strcat(char* __restrict destination, const char* __restrict source) TESSERA_LIBC_NOEXCEPT;
char* strncat(char* __restrict destination, const char* __restrict source,
              size_t size) TESSERA_LIBC_NOEXCEPT;
int strcmp(const char* left, const char* right) TESSERA_LIBC_NOEXCEPT;
int strncmp(const char* left, const char* right, size_t size) TESSERA_LIBC_NOEXCEPT;
int strcoll(const char* left, const char* right) TESSERA_LIBC_NOEXCEPT;
size_t strxfrm(char* __restrict destination, const char* __restrict source,
               size_t size) TESSERA_LIBC_NOEXCEPT;
char* strchr(const char* text, int value) TESSERA_LIBC_NOEXCEPT;
char* strrchr(const char* text, int value) TESSERA_LIBC_NOEXCEPT;
size_t strcspn(const char* text, const char* reject) TESSERA_LIBC_NOEXCEPT;
size_t strspn(const char* text, const char* accept) TESSERA_LIBC_NOEXCEPT;
char* strpbrk(const char* text, const char* accept) TESSERA_LIBC_NOEXCEPT;
char* strstr(const char* text, const char* needle) TESSERA_LIBC_NOEXCEPT;
char* strtok(char* __restrict text, const char* __restrict delimiters) TESSERA_LIBC_NOEXCEPT;
char* strerror(int error) TESSERA_LIBC_NOEXCEPT;
size_t strlen(const char* text) TESSERA_LIBC_NOEXCEPT;
TESSERA_LIBC_END
