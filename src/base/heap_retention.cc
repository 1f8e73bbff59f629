#include "tessera/base/heap_retention.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace tessera {

bool retain_freed_heap_memory() {
#if defined(__GLIBC__)
  // Setting either turns off glibc's own adjusting of both, so both are set.
  return mallopt(M_MMAP_THRESHOLD, static_cast<int>(kHeapMmapThreshold)) == 1 &&
         mallopt(M_TRIM_THRESHOLD, static_cast<int>(kHeapTrimThreshold)) == 1;
#else
  return false;
#endif
}

}  // namespace tessera
