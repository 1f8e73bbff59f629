// The compiler's own <stdint.h> defers to the C library's in a hosted
// build; kernels get the compiler's exact-width types from here instead.
#pragma once

#if __has_include(<stdint-gcc.h>)
#include <stdint-gcc.h>
#else
#include "tessera_stdint_from_predefined.h"
#endif
