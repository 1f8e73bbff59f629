// Probes of the host kernel's huge pages, for tests of memory that asks for
// them: whether the kernel can give shared memory huge pages at all, and
// what a process has resident and maps with them.
#pragma once

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include "tessera/sim/memory/mapped_region.h"

namespace tessera::testing {

inline constexpr uint64_t kHuge = sim::MappedRegion::kHugePageBytes;

// Whether this kernel turns touched shared memory into huge pages on
// request (MADV_COLLAPSE, Linux 6.1), probed without tessera's code.
inline bool kernel_collapses_shared_memory() {
  const int fd = memfd_create("probe", MFD_CLOEXEC);
  if (fd < 0) return false;
  void* span = mmap(nullptr, 2 * kHuge, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  bool collapsed = false;
  if (span != MAP_FAILED && ftruncate(fd, kHuge) == 0) {
    // File offset 0 at an aligned address: a huge page fits both.
    void* chunk = reinterpret_cast<void*>((reinterpret_cast<uintptr_t>(span) + kHuge - 1) &
                                          ~uintptr_t{kHuge - 1});
    auto* data = static_cast<uint8_t*>(
        mmap(chunk, kHuge, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, fd, 0));
    if (data != MAP_FAILED) {
      data[0] = 1;
      collapsed = madvise(data, kHuge, 25 /* MADV_COLLAPSE */) == 0;
    }
  }
  if (span != MAP_FAILED) munmap(span, 2 * kHuge);
  close(fd);
  return collapsed;
}

// Resident pages of [data, data + bytes), from mincore.
inline uint64_t resident_pages(const uint8_t* data, uint64_t bytes) {
  std::vector<unsigned char> pages(bytes / sim::host_page_size());
  if (mincore(const_cast<uint8_t*>(data), bytes, pages.data()) != 0) return UINT64_MAX;
  uint64_t resident = 0;
  for (unsigned char page : pages) resident += page & 1;
  return resident;
}

// Bytes of shared memory a process maps with huge pages.
inline uint64_t shared_huge_page_bytes(const std::string& pid = "self") {
  std::ifstream rollup("/proc/" + pid + "/smaps_rollup");
  std::string key;
  uint64_t kib = 0;
  while (rollup >> key) {
    if (key == "ShmemPmdMapped:" && rollup >> kib) return kib << 10;
  }
  return 0;
}

}  // namespace tessera::testing
