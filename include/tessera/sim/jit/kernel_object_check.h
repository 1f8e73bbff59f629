// What a compiled kernel object may contain. A kernel reaches the host only
// through the kernel ABI (the host table tessera installs): its shared object
// may reference no other symbol, since the dynamic loader would bind it to
// whatever the host process has (fopen, system, pthread_create, ...), and may
// hold no system-call instruction. Both are compile errors naming the kernel.
#pragma once

#include <string>

#include "tessera/base/status.h"

namespace tessera::sim {

// How far to look. kFull confirms a possible system-call instruction with a
// disassembler (a child process); kSymbolsOnly is for a device process,
// which may start none: the host checked the object in full before sending.
enum class KernelObjectScan { kFull, kSymbolsOnly };

// Checks the shared object at `path`, compiled from kernel `kernel_name`.
Status check_kernel_object(const std::string& path, const std::string& kernel_name,
                           KernelObjectScan scan = KernelObjectScan::kFull);

}  // namespace tessera::sim
