// The flatc-generated accessors of the compiler's current layout (TTM0 and
// TTSY), for code that reads its tables.
#pragma once

#include "current/metal/binary_generated.h"  // IWYU pragma: export
#include "current/system_desc_generated.h"   // IWYU pragma: export
