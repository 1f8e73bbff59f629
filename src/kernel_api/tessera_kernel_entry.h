// Appended by the JIT after the kernel's source: the exported entry points
// of the kernel's shared object (see tessera/sim/jit/kernel_abi.h).
#pragma once

#include "tessera_kernel_runtime.h"

#define TESSERA_KERNEL_EXPORT extern "C" __attribute__((visibility("default")))

// Any spelling of the entry may be defined: kernel_main(), or a compute
// kernel's MAIN (tessera_compute_main) in NAMESPACE or at global scope.
// Weak + hidden so a missing one is null instead of a link error or a
// symbol from another module.
void kernel_main() __attribute__((weak, visibility("hidden")));
void tessera_compute_main() __attribute__((weak, visibility("hidden")));
namespace tessera_compute {
void tessera_compute_main() __attribute__((weak, visibility("hidden")));
}

TESSERA_KERNEL_EXPORT uint32_t tessera_kernel_abi_version() {
  return TESSERA_KERNEL_ABI_VERSION;
}

TESSERA_KERNEL_EXPORT int tessera_kernel_install(const tessera_host_table* table) {
  if (table == nullptr || table->abi_version != TESSERA_KERNEL_ABI_VERSION ||
      table->size < sizeof(tessera_host_table)) {
    return 1;
  }
  tessera_kernel::host_table = table;
  return 0;
}

TESSERA_KERNEL_EXPORT void tessera_kernel_set_context(tessera_kernel_context* context) {
  tessera_kernel::current_context = context;
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Waddress"
// MAIN first: a kernel defining both has MAIN call kernel_main().
TESSERA_KERNEL_EXPORT int tessera_kernel_run() {
  if (&tessera_compute::tessera_compute_main != nullptr) {
    tessera_compute::tessera_compute_main();
    return 0;
  }
  if (&::tessera_compute_main != nullptr) {
    ::tessera_compute_main();
    return 0;
  }
  if (&::kernel_main != nullptr) {
    ::kernel_main();
    return 0;
  }
  return 1;
}
#pragma GCC diagnostic pop
