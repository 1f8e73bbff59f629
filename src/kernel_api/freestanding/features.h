// Kernels are compiled with -nostdinc: they see tessera's kernel API, the
// compiler's own freestanding headers and its C++ library, and this folder
// in place of the host's C library. libstdc++ was configured against glibc
// and its headers check glibc's version through <features.h>; these are the
// answers they need. Nothing of glibc itself is included.
#pragma once

#define __GLIBC__ 2
#define __GLIBC_MINOR__ 36
#define __GLIBC_PREREQ(major, minor) \
  ((__GLIBC__ << 16) + __GLIBC_MINOR__ >= ((major) << 16) + (minor))
