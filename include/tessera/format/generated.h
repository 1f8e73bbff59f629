// The flatc-generated accessors of all three binary kinds, for code that
// reads tables (executors, tools, tests).
#pragma once

#include "metal/binary_generated.h"  // IWYU pragma: export
#include "system_desc_generated.h"   // IWYU pragma: export
#include "ttnn/binary_generated.h"   // IWYU pragma: export
