// Words for a hardware fault recorded in a fiber.
#pragma once

#include "fiber.h"

namespace tessera::sim {

// "SIGSEGV (invalid memory access) at address 0x0", or a stack overflow
// when the address is in the stack's guard page.
Error describe_fault(const FaultRecord& fault, const FiberStack& stack);

}  // namespace tessera::sim
