// The compiler's own <limits.h> defines every C limit and then looks for
// the C library's (which adds POSIX limits such as PATH_MAX). Kernels get
// the C limits only, so this one adds nothing.
#pragma once
