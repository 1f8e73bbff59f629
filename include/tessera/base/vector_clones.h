// TESSERA_VECTOR_CLONES: compile a hot loop for several x86-64 levels
// (AVX-512, AVX2, baseline) and pick one when the program loads.
//
// The build targets baseline x86-64 so binaries run anywhere; the few
// loops that carry a simulation's bulk data (bf16 packing, eltwise tiles)
// are worth 2-4x more with wider vectors. Elsewhere (other compilers,
// other CPUs, sanitizer builds) the attribute is empty and the baseline
// code is the only one.
#pragma once

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && \
    !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
#define TESSERA_VECTOR_CLONES \
  __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
// Whether this build can carry code for wider vectors than baseline at all
// (for loops that need a different body per width, chosen by hand).
#define TESSERA_WIDER_VECTORS 1
#else
#define TESSERA_VECTOR_CLONES
#define TESSERA_WIDER_VECTORS 0
#endif
